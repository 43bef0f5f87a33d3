import { useQueryClient } from '@tanstack/react-query';
import type { Session } from '@changdu/contract';
import { clearSession, storeSession, storeToken } from '../lib/session';
import { call } from './client';
import { apiKey, useApiMutation, useApiQuery } from './hooks';
import { meKey } from './users.queries';

export function useRegisterRule() {
  return useApiQuery('auth.registerRule', {}, { staleTime: 5 * 60_000 });
}

/** After login or registration: keep the session and show the user without a refetch. */
function useSessionStart() {
  const queryClient = useQueryClient();
  return (session: Session) => {
    storeSession(session);
    queryClient.setQueryData(meKey, session.user);
  };
}

export function useLogin() {
  const start = useSessionStart();
  return useApiMutation('auth.login', { onSuccess: start });
}

export function useRegisterByPhone() {
  const start = useSessionStart();
  return useApiMutation('auth.registerByPhone', { onSuccess: start });
}

export function useRegister() {
  const start = useSessionStart();
  return useApiMutation('auth.register', { onSuccess: start });
}

export function useSendSmsCode() {
  return useApiMutation('auth.smsSend');
}

export function useResetPassword() {
  return useApiMutation('auth.resetPassword');
}

/** Changing one's own password ends every other session and answers a new token. */
export function useChangePassword() {
  const queryClient = useQueryClient();
  return useApiMutation('auth.changePassword', {
    onSuccess: (answer, input) => {
      if (answer.token && answer.expires_at) storeToken(answer.token, answer.expires_at);
      if (input.user_id !== undefined) void queryClient.invalidateQueries({ queryKey: apiKey('user.search') });
    },
  });
}

/**
 * Logs out: the cookies and cached user data go at once (the reader asked to be logged
 * out on this device, whether or not the server can be reached), and the server is
 * told to revoke the token. `call` reads the token into its headers synchronously,
 * before the cookies are cleared.
 */
export function useLogout() {
  const queryClient = useQueryClient();
  return async () => {
    const revoke = call('auth.logout', {}, { redirectOnAuthError: false });
    clearSession();
    queryClient.removeQueries();
    queryClient.setQueryData(meKey, null);
    await revoke;
  };
}
