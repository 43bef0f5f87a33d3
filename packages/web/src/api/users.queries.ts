import { useQuery, useQueryClient } from '@tanstack/react-query';
import type { User } from '@changdu/contract';
import { clearSession, useIsLoggedIn } from '../lib/session';
import { call, unwrap, type ApiError } from './client';
import { apiKey, useApiMutation, useApiQuery } from './hooks';

export const meKey = apiKey('user.me', {});

/** Asks who the token belongs to; a null answer means it went stale, so the cookies go. */
export async function fetchCurrentUser(): Promise<User | null> {
  const user = await unwrap(call('user.me', {}, { redirectOnAuthError: false }));
  if (user === null) clearSession();
  return user;
}

/**
 * The logged-in user, or null. Fetched only while the logged-in check (a `bb_token`
 * cookie) passes, so anonymous visitors cost no request.
 */
export function useCurrentUser(): {
  user: User | null;
  isLoading: boolean;
  error: ApiError | null;
  refetch: () => void;
} {
  const loggedIn = useIsLoggedIn();
  const query = useQuery<User | null, ApiError>({
    queryKey: meKey,
    queryFn: fetchCurrentUser,
    enabled: loggedIn,
    staleTime: 60_000,
  });
  return {
    user: loggedIn ? (query.data ?? null) : null,
    isLoading: loggedIn && query.isPending,
    // A failed check (network) is not a logout: screens offer a retry instead.
    error: loggedIn && query.data === undefined ? query.error : null,
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
