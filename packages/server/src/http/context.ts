import type { ClientInfo, Role } from '@changdu/contract';
import type { Actor } from '../lib/actor.js';

export type { Actor } from '../lib/actor.js';

export interface RequestMeta {
  requestId: string;
  ip: string;
  userAgent: string | null;
  /** The anonymous client id (X-BB-CUID), when it is well-formed. */
  cuid: string | null;
  /** The server-issued device id (the HttpOnly `bb_dev` cookie), when it is well-formed. */
  device: string | null;
  appId: string | null;
  clientInfo: ClientInfo | null;
  /** The base URL for links the server writes into documents: PUBLIC_URL or an allowed Host, never an unchecked one. */
  origin: string;
  /** The signed-request value (X-BB-Sign), for calls that require one. */
  signature: string | null;
}

/**
 * What a handler receives. For endpoints that need a logged-in role the actor is
 * typed as a user, so a handler cannot forget that someone is logged in.
 */
export type HandlerContext<R extends Role> = RequestMeta & {
  actor: R extends 'anonymous' ? Actor : Extract<Actor, { kind: 'user' }>;
  setHeader(name: string, value: string): void;
  /**
   * Sets a cookie only the browser can read: HttpOnly, SameSite=Lax, Path=/, Secure when the
   * request came over https (as the proxy says only under TRUST_PROXY), with a Max-Age that
   * ends at `expires` by the app's clock (a client's own clock may be wrong).
   */
  setCookie(name: string, value: string, options: { expires: Date }): void;
  /** Removes a cookie set by `setCookie`. */
  clearCookie(name: string): void;
  /** Aborted when the client goes away before the response is finished (stops provider calls). */
  signal: AbortSignal;
};
