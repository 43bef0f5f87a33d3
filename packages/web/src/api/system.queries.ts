import { call, unwrap } from './client';
import { useQuery } from '@tanstack/react-query';
import { apiKey } from './hooks';

/** The server's public config; it rarely changes, so it is fetched once per visit. */
export function usePublicConfig() {
  return useQuery({
    queryKey: apiKey('system.config', {}),
    queryFn: () => unwrap(call('system.config', {}, { redirectOnAuthError: false })),
    staleTime: Infinity,
  });
}
