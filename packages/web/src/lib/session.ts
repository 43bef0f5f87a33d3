import { useSyncExternalStore } from 'react';
import { Cookies } from '@changdu/contract';
import { getCookie, removeCookie, setCookie } from './cookies';
import { isInApp } from './native-bridge';

/**
 * Whether someone is logged in on this page. The token itself lives in an HttpOnly
 * `bb_token` cookie that the server sets at login and clears at logout; script never
 * sees it (docs/decisions.md, Accounts). So the page learns the state from the server:
 * the login/registration answer's user, or `GET /api/user/me` at start.
 *
 * Until the server has answered, the `bb_uid` cookie (the user id for log events, written
 * here with the session's lifetime; no secret) stands in for the answer, so a reload does
 * not flash the logged-out screens. Inside the native app the wrapper may have put a token
 * into the WebView without a `bb_uid`, so there the state stays unknown until the server
 * answers; in a browser no `bb_uid` means no session of ours.
 */

export type SessionStatus = 'in' | 'out' | 'unknown';

const listeners = new Set<() => void>();
/** The server's word on this page: true/false once it has answered, null before. */
let confirmed: boolean | null = null;

function notify(): void {
  for (const listener of listeners) listener();
}

export function sessionStatus(): SessionStatus {
  if (confirmed !== null) return confirmed ? 'in' : 'out';
  if (getCookie(Cookies.userId)) return 'in';
  return isInApp() ? 'unknown' : 'out';
}

/** The logged-in check of the shell and the screens: true while a session is known or expected. */
export function isLoggedIn(): boolean {
  return sessionStatus() === 'in';
}

/**
 * The server says `user` is logged in (login, registration, or the start-up check). The
 * user id cookie gets the session's expiry when known, else lasts for the browser session.
 */
export function sessionStarted(user: { user_id: number }, expiresAt?: string): void {
  const uid = String(user.user_id);
  const expires = expiresAt ? new Date(expiresAt) : null;
  if (expires && !Number.isNaN(expires.getTime())) setCookie(Cookies.userId, uid, { expires });
  else if (getCookie(Cookies.userId) !== uid) setCookie(Cookies.userId, uid);
  confirmed = true;
  notify();
}

/** The server says nobody is logged in (logout, a dead token, a 401). */
export function sessionEnded(): void {
  removeCookie(Cookies.userId);
  confirmed = false;
  notify();
}

export function subscribeSession(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** Re-renders on login and logout; see `sessionStatus`. */
export function useSessionStatus(): SessionStatus {
  return useSyncExternalStore(subscribeSession, sessionStatus, () => 'unknown');
}

/** Re-renders on login and logout; true while the session is known or expected to be live. */
export function useIsLoggedIn(): boolean {
  return useSessionStatus() === 'in';
}

/**
 * Builds before the HttpOnly cookie wrote `bb_token` from script, and such a cookie stays
 * readable by any injected script for the rest of its 30 days. Outside the native app
 * (whose wrapper may put a token there itself) a `bb_token` that script can see is one of
 * those: it goes, and the reader logs in once more to get the HttpOnly one. Only its
 * presence is looked at, never its value.
 */
export function dropScriptReadableToken(): void {
  if (isInApp() || getCookie(Cookies.token) === null) return;
  removeCookie(Cookies.token);
}

/** Forgets the server's answer so a test starts on a fresh page. */
export function resetSessionForTests(): void {
  confirmed = null;
}
