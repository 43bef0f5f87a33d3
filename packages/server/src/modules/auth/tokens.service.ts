import { createHash, randomBytes } from 'node:crypto';
import { afterCommit, type Db } from '../../db/client.js';
import type { EventBus, EventLog } from '../../providers/events/index.js';
import { DAY, type Clock } from '../../lib/clock.js';
import type { UserRow, UsersService } from '../users/index.js';
import { Sessions } from './sessions.js';
import { tokensRepo } from './tokens.repo.js';

const sha256 = (value: string) => createHash('sha256').update(value).digest('hex');

export interface TokensDeps {
  users: Pick<UsersService, 'byId' | 'onChanged'>;
  ttlDays: number;
  /** Tells the other processes a reader's sessions changed (sessions.ts); null: this process is the only one. */
  events: EventBus | null;
  log: EventLog;
}

/** Opaque bearer tokens: random, stored only as a hash, expiring, revocable. */
export function tokensService(db: Db, clock: Clock, { users, ttlDays, events, log }: TokensDeps) {
  const tokens = tokensRepo(db);
  const sessions = new Sessions({ events, log });
  // A changed row (membership, name, password) is read again at the reader's next request, in every process.
  users.onChanged((userId) => void sessions.changed(userId));
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

    /** The user and token id behind a live token, or null; from the sessions kept in memory when it can be. */
    async resolve(token: string): Promise<{ user: UserRow; tokenId: number } | null> {
      if (token.length < 20 || token.length > 200) return null;
      const hash = sha256(token);
      const now = clock.now();
      const session = await sessions.resolve(hash, now.getTime(), async () => {
        const row = await tokens.findLive(hash, now.toISOString());
        if (!row) return null;
        const user = await users.byId(row.user_id);
        return user ? { tokenId: row.id, expiresAt: Date.parse(row.expires_at), user } : null;
      });
      return session ? { user: session.user, tokenId: session.tokenId } : null;
    },

    /** Ends one session (logout): in every process, once committed. */
    async revoke(tokenId: number): Promise<void> {
      const userId = await tokens.revoke(tokenId, clock.now().toISOString());
      if (userId !== null) afterCommit(db, () => void sessions.changed(userId));
    },
    /** Ends every session of a reader (password changed or reset): in every process, once committed. */
    async revokeAll(userId: number): Promise<void> {
      await tokens.revokeAllOf(userId, clock.now().toISOString());
      afterCommit(db, () => void sessions.changed(userId));
    },
    /** Stops listening for other processes' changes (the process is stopping). */
    close: () => sessions.close(),
  };
}

export type TokensService = ReturnType<typeof tokensService>;
