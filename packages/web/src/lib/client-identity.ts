import { CLIENT_ID_DAYS, Cookies, parseClientInfo, type ClientInfo } from '@changdu/contract';
import { getCookie, setCookie } from './cookies';

/**
 * Who this browser is, before and apart from a login: the anonymous client id
 * (`bb_cuid`, kept 365 days), whether this is a first visit, the app identifier and
 * the native app's client-info string.
 */

interface IdentityState {
  cuid: string;
  isNew: boolean;
}

let state: IdentityState | null = null;

const CLIENT_ID_PATTERN = /^[A-Za-z0-9_-]{8,64}$/;

/** A fresh anonymous id: 32 hex characters (a UUID without dashes). */
export function generateClientId(): string {
  if (typeof crypto.randomUUID === 'function') return crypto.randomUUID().replace(/-/g, '');
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  return Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join('');
}

/**
 * Reads the identity cookies once at start. A visitor is new only when neither a user
 * id nor a client id existed before this call; the client id is created if absent and
 * its 365-day lifetime renewed on every start.
 */
export function initIdentity(): IdentityState {
  if (state) return state;
  const existingUid = getCookie(Cookies.userId);
  const existingCuid = getCookie(Cookies.clientId);
  const valid = existingCuid !== null && CLIENT_ID_PATTERN.test(existingCuid);
  const cuid = valid ? existingCuid : generateClientId();
  setCookie(Cookies.clientId, cuid, { expires: CLIENT_ID_DAYS });
  state = { cuid, isNew: !existingUid && !existingCuid };
  return state;
}

export function getClientId(): string {
  return initIdentity().cuid;
}

export function isNewVisitor(): boolean {
  return initIdentity().isNew;
}

/** The logged-in user's id from `bb_uid`, or null. */
export function getUserId(): number | null {
  const raw = getCookie(Cookies.userId);
  if (!raw) return null;
  const n = Number(raw);
  return Number.isSafeInteger(n) && n > 0 ? n : null;
}

/** The app identifier the native wrapper stores in `bb_ua`. */
export function getAppId(): string | null {
  return getCookie(Cookies.appId) || null;
}

/** The raw client-info string: cookie `bb_client_info`, else `window.__CLIENT_INFO__`. */
export function getRawClientInfo(): string | null {
  return getCookie(Cookies.clientInfo) || window.__CLIENT_INFO__ || null;
}

/** The parsed client info, or null when absent or shorter than five parts. */
export function getClientInfo(): ClientInfo | null {
  return parseClientInfo(getRawClientInfo());
}

/** Forget the cached state so a test can start as a new visitor. */
export function resetIdentityForTests(): void {
  state = null;
}
