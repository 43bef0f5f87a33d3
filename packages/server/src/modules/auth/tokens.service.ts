import { createHash, randomBytes } from 'node:crypto';
import type { Db } from '../../db/client.js';
import { DAY, type Clock } from '../../lib/clock.js';
import type { UserRow, UsersService } from '../users/index.js';
import { tokensRepo } from './tokens.repo.js';

const sha256 = (value: string) => createHash('sha256').update(value).digest('hex');

/** Opaque bearer tokens: random, stored only as a hash, expiring, revocable. */
export function tokensService(db: Db, clock: Clock, users: Pick<UsersService, 'byId'>, ttlDays: number) {
  const tokens = tokensRepo(db);
  return {
    async issue(userId: number, meta: { userAgent: string | null; ip: string | null }) {
      const token = randomBytes(32).toString('base64url');
      const now = clock.now();
      const expiresAt = new Date(now.getTime() + ttlDays * DAY).toISOString();
      await tokens.insert({
        user_id: userId,
        token_hash: sha256(token),
        created_at: now.toISOString(),
        expires_at: expiresAt,
        user_agent: meta.userAgent?.slice(0, 300) ?? null,
        ip: meta.ip,
      });
      return { token, expires_at: expiresAt };
    },

    /** The user and token id behind a live token, or null. */
    async resolve(token: string): Promise<{ user: UserRow; tokenId: number } | null> {
      if (token.length < 20 || token.length > 200) return null;
      const row = await tokens.findLive(sha256(token), clock.now().toISOString());
      if (!row) return null;
      const user = await users.byId(row.user_id);
      return user ? { user, tokenId: row.id } : null;
    },

    revoke: (tokenId: number) => tokens.revoke(tokenId, clock.now().toISOString()),
    revokeAll: (userId: number) => tokens.revokeAllOf(userId, clock.now().toISOString()),
  };
}

export type TokensService = ReturnType<typeof tokensService>;
