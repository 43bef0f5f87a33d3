import { useMutation, useQuery, type QueryKey, type UseMutationOptions, type UseQueryResult } from '@tanstack/react-query';
import type { EndpointName } from '@changdu/contract';
import { call, unwrap, type ApiError, type Input, type Output } from './client';

/** Query keys start with the endpoint name, so invalidating `[name]` refreshes every input. */
export function apiKey<N extends EndpointName>(name: N, input?: Input<N>): QueryKey {
  return input === undefined ? [name] : [name, input];
}

export interface ApiQueryOptions {
  enabled?: boolean;
  staleTime?: number;
}

/** A query over one endpoint: data is the unwrapped result, error an ApiError. */
export function useApiQuery<N extends EndpointName>(
  name: N,
  input: Input<N>,
  options: ApiQueryOptions = {},
): UseQueryResult<Output<N>, ApiError> {
  return useQuery<Output<N>, ApiError>({
    queryKey: apiKey(name, input),
    queryFn: ({ signal }) => unwrap(call(name, input, { signal })),
    ...options,
  });
}

/** A mutation over one endpoint; the caller's `onSuccess` says what it invalidates. */
export function useApiMutation<N extends EndpointName>(
  name: N,
  options: Omit<UseMutationOptions<Output<N>, ApiError, Input<N>>, 'mutationFn'> = {},
) {
  return useMutation<Output<N>, ApiError, Input<N>>({
    mutationFn: (input) => unwrap(call(name, input)),
    ...options,
  });
}
