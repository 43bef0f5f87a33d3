import {
  useInfiniteQuery,
  useMutation,
  useQuery,
  type InfiniteData,
  type QueryKey,
  type UseInfiniteQueryResult,
  type UseMutationOptions,
  type UseQueryResult,
} from '@tanstack/react-query';
import type { EndpointName } from '@changdu/contract';
import { call, unwrap, type ApiError, type Input, type Output } from './client';
import { isQueued, sendOrQueue } from '../offline/writes';

/** Query keys start with the endpoint name, so invalidating `[name]` refreshes every input. */
export function apiKey<N extends EndpointName>(name: N, input?: Input<N>): QueryKey {
  return input === undefined ? [name] : [name, input];
}

export interface ApiQueryOptions<T = unknown> {
  enabled?: boolean;
  staleTime?: number;
  /** False: a refused call is not asked again (an optional extra, e.g. a provider's choice). */
  retry?: boolean;
  /** Data the page already has (e.g. inlined by the server): shown at once, then refreshed. */
  initialData?: () => unknown;
  /** Asks again every so many milliseconds while this answers a number (e.g. an order awaiting payment). */
  poll?: (data: T | undefined) => number | false;
}

/** A query over one endpoint: data is the unwrapped result, error an ApiError. */
export function useApiQuery<N extends EndpointName>(
  name: N,
  input: Input<N>,
  options: ApiQueryOptions<Output<N>> = {},
): UseQueryResult<Output<N>, ApiError> {
  const { initialData, poll, ...rest } = options;
  return useQuery<Output<N>, ApiError>({
    queryKey: apiKey(name, input),
    queryFn: ({ signal }) => unwrap(call(name, input, { signal })),
    ...rest,
    ...(poll ? { refetchInterval: (query) => poll(query.state.data) } : {}),
    // Inlined data counts as old: it is shown at once and fetched again behind it.
    ...(initialData ? { initialData: initialData as () => Output<N> | undefined, initialDataUpdatedAt: 0 } : {}),
  });
}

/** A mutation over one endpoint; the caller's `onSuccess` says what it invalidates. */
export function useApiMutation<N extends EndpointName>(
  name: N,
  options: Omit<UseMutationOptions<Output<N>, ApiError, Input<N>>, 'mutationFn'> = {},
) {
  return useMutation<Output<N>, ApiError, Input<N>>({
    // The reading loop's writes wait in the outbox when the network is away (offline/writes.ts).
    mutationFn: (input) => (isQueued(name) ? (sendOrQueue(name, input as never) as Promise<Output<N>>) : unwrap(call(name, input))),
    ...options,
  });
}

/** A page of a list endpoint (spec: lists paginate by offset and answer `next_offset`). */
export interface ListPage {
  list: unknown[];
  next_offset: number | null;
}

/** The endpoints that page by `offset`. */
export type PagedEndpointName = {
  [N in EndpointName]: Output<N> extends ListPage ? ('offset' extends keyof Input<N> ? N : never) : never;
}[EndpointName];

/** The query key of a paged list; `[name]` still invalidates it. */
export function pagesKey<N extends PagedEndpointName>(name: N, input: Omit<Input<N>, 'offset'>): QueryKey {
  return [name, 'pages', input];
}

export interface ApiInfiniteOptions<N extends PagedEndpointName> {
  enabled?: boolean;
  /** Runs after the first page (offset 0) arrives, e.g. to refresh what that fetch changed. */
  onFirstPage?: (page: Output<N>) => void;
}

/** A list endpoint paged by `next_offset`: `fetchNextPage` asks for the following page. */
export function useApiInfiniteQuery<N extends PagedEndpointName>(
  name: N,
  input: Omit<Input<N>, 'offset'>,
  { enabled, onFirstPage }: ApiInfiniteOptions<N> = {},
): UseInfiniteQueryResult<InfiniteData<Output<N>, number>, ApiError> {
  return useInfiniteQuery<Output<N>, ApiError, InfiniteData<Output<N>, number>, QueryKey, number>({
    queryKey: pagesKey(name, input),
    queryFn: async ({ pageParam, signal }) => {
      const page = await unwrap(call(name, { ...input, offset: pageParam } as Input<N>, { signal }));
      if (pageParam === 0) onFirstPage?.(page);
      return page;
    },
    initialPageParam: 0,
    getNextPageParam: (page) => (page as ListPage).next_offset ?? undefined,
    enabled,
  });
}
