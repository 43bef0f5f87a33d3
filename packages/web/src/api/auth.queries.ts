import { useQueryClient } from '@tanstack/react-query';
import { Codes, NETWORK_ERROR_MSG, type Session } from '@changdu/contract';
import { sessionEnded, sessionStarted } from '../lib/session';
import { toast } from '../lib/toast';
import { forgetAfterLogout, sendBeforeLogout } from '../offline/logout';
import { ApiError, call } from './client';
import { apiKey, useApiMutation, useApiQuery } from './hooks';
import { meKey } from './users.queries';

export function useRegisterRule() {
  return useApiQuery('auth.registerRule', {}, { staleTime: 5 * 60_000 });
}

/**
 * After login or registration: the server has set the HttpOnly session cookie; the page
 * notes who is logged in and shows the user without a refetch. The answer's token is for
 * the native app and is deliberately not kept.
 */
function useSessionStart() {
  const queryClient = useQueryClient();
  return (session: Session) => {
    sessionStarted(session.user, session.expires_at);
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

/** Changing one's own password ends every other session; the server moves this one's cookie to the new token. */
export function useChangePassword() {
  const queryClient = useQueryClient();
  return useApiMutation('auth.changePassword', {
    onSuccess: (_answer, input) => {
      if (input.user_id !== undefined) void queryClient.invalidateQueries({ queryKey: apiKey('user.search') });
    },
  });
}

/**
 * Logs out. Only the server can remove the HttpOnly session cookie, so the page waits for
 * its answer: on success (or a 401: the token was already dead and the server dropped the
 * cookie) the session state and cached user data go; when the server cannot be reached the
 * reader stays logged in and the returned promise rejects with the message to show, rather
 * than the page claiming a logout that left a live cookie behind.
 */
export function useLogout() {
  const queryClient = useQueryClient();
  return async () => {
    // Writes made offline go first, while the session lets them in (docs/offline.md).
    const unsent = await sendBeforeLogout();
    const { status } = await call('auth.logout', {}, { redirectOnAuthError: false });
    if (status.code !== Codes.OK && status.code !== Codes.UNAUTHORIZED) throw new ApiError(status.code, status.msg || NETWORK_ERROR_MSG);
    sessionEnded();
    queryClient.removeQueries();
    queryClient.setQueryData(meKey, null);
    await forgetAfterLogout();
    if (unsent > 0) toast(`${unsent} 条离线时的修改未能发送，已随退出登录丢弃`);
  };
}
