import type { Role } from '@changdu/contract';
import type { Selectable } from 'kysely';
import type { UsersTable } from '../db/schema.js';

/** The caller's account as the request resolved it (the users row). */
export type ActorUser = Selectable<UsersTable>;

/** Who is calling: resolved once per request by the auth plugin, handed to services. */
export type Actor =
  { kind: 'anonymous'; role: 'anonymous' } | { kind: 'user'; role: Exclude<Role, 'anonymous'>; user: ActorUser; tokenId: number };

/** A logged-in caller: what routes behind the `user` role hand their services. */
export type UserActor = Extract<Actor, { kind: 'user' }>;
