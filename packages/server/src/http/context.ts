import type { ClientInfo, Role } from '@changdu/contract';
import type { Actor } from '../lib/actor.js';

export type { Actor } from '../lib/actor.js';

export interface RequestMeta {
  requestId: string;
  ip: string;
  userAgent: string | null;
  /** The anonymous client id (X-BB-CUID), when it is well-formed. */
  cuid: string | null;
  appId: string | null;
  clientInfo: ClientInfo | null;
  /** `scheme://host` the client used, for links the server writes into documents. */
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
};
