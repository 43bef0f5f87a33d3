import { useSyncExternalStore } from 'react';
import { Cookies } from '@changdu/contract';
import { getCookie, removeCookie, setCookie } from './cookies';

/**
 * The login session lives in two cookies: `bb_token` (sent as the bearer token) and
 * `bb_uid` (the user id for log events). Components subscribe so a login or logout
 * anywhere re-renders whoever shows the logged-in state.
 */

const listeners = new Set<() => void>();

function notify(): void {
  for (const listener of listeners) listener();
}

export function getToken(): string | null {
  return getCookie(Cookies.token) || null;
}

/** The logged-in check: a token cookie is present. */
export function isLoggedIn(): boolean {
  return getToken() !== null;
}

/** Stores a token that expires when the server says it does. */
export function storeToken(token: string, expiresAt: string): void {
  const expires = new Date(expiresAt);
  setCookie(Cookies.token, token, Number.isNaN(expires.getTime()) ? {} : { expires });
  notify();
}

/** Stores the answer of login/register: the token and the user id, with the same expiry. */
export function storeSession(session: { token: string; expires_at: string; user: { user_id: number } }): void {
  const expires = new Date(session.expires_at);
  const options = Number.isNaN(expires.getTime()) ? {} : { expires };
  setCookie(Cookies.userId, String(session.user.user_id), options);
  storeToken(session.token, session.expires_at);
}

export function clearSession(): void {
  removeCookie(Cookies.token);
  removeCookie(Cookies.userId);
  notify();
}

export function subscribeSession(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** Re-renders when the session changes; true while a token cookie is present. */
export function useIsLoggedIn(): boolean {
  return useSyncExternalStore(subscribeSession, isLoggedIn, () => false);
}
