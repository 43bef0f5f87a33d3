import { useQuery, useQueryClient } from '@tanstack/react-query';
import type { User } from '@changdu/contract';
import { sessionEnded, sessionStarted, useSessionStatus } from '../lib/session';
import { call, unwrap, type ApiError } from './client';
import { apiKey, useApiMutation, useApiQuery } from './hooks';

export const meKey = apiKey('user.me', {});

/** Asks the server who is logged in (the HttpOnly cookie's owner); its answer settles the session state. */
export async function fetchCurrentUser(): Promise<User | null> {
  const user = await unwrap(call('user.me', {}, { redirectOnAuthError: false }));
  if (user === null) sessionEnded();
  else sessionStarted(user);
  return user;
}

/**
 * The logged-in user, or null. Fetched unless the session is known to be out (see
 * `sessionStatus`), so anonymous visitors in a browser cost no request.
 */
export function useCurrentUser(): {
  user: User | null;
  isLoading: boolean;
  error: ApiError | null;
  refetch: () => void;
} {
  const status = useSessionStatus();
  const loggedIn = status === 'in';
  const query = useQuery<User | null, ApiError>({
    queryKey: meKey,
    queryFn: fetchCurrentUser,
    enabled: status !== 'out',
    staleTime: 60_000,
  });
  return {
    user: loggedIn ? (query.data ?? null) : null,
    isLoading: status !== 'out' && query.isPending,
    // A failed check (network) is not a logout: screens offer a retry instead.
    error: status !== 'out' && query.data === undefined ? query.error : null,
    refetch: () => void query.refetch(),
  };
}

export function useChangeUsername() {
  const queryClient = useQueryClient();
  return useApiMutation('user.changeUsername', {
    onSuccess: (user) => {
      queryClient.setQueryData(meKey, user);
      void queryClient.invalidateQueries({ queryKey: apiKey('user.search') });
    },
  });
}

/** Manager search by phone, username or id; idle until there is a query. */
export function useUserSearch(q: string) {
  return useApiQuery('user.search', { q }, { enabled: q.trim() !== '' });
}
