import { QueryClient } from '@tanstack/react-query';
import { ApiError } from './client';

/** Client errors (4xx) will not change on retry; only network failures and 5xx get one more try. */
export function shouldRetry(failureCount: number, error: unknown): boolean {
  if (error instanceof ApiError && error.code.startsWith('4')) return false;
  return failureCount < 1;
}

export function createQueryClient(): QueryClient {
  const client = new QueryClient({
    defaultOptions: {
      // Offline, a query still asks once: the service worker answers from what it kept (sw.ts).
      queries: { staleTime: 30_000, retry: shouldRetry, refetchOnWindowFocus: false, networkMode: 'offlineFirst' },
      mutations: { retry: false, networkMode: 'offlineFirst' },
    },
  });
  // Offline, a write's refresh would fetch the kept (older) answer over what the page just
  // showed: the views are marked stale instead, and fetched when the network returns.
  const invalidate = client.invalidateQueries.bind(client);
  client.invalidateQueries = ((filters, options) =>
    invalidate(typeof navigator !== 'undefined' && navigator.onLine === false ? { ...filters, refetchType: 'none' } : filters, options)) as typeof invalidate;
  return client;
}
