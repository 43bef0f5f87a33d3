import type { Db } from '../../db/client.js';
import { tablesOf } from '../../db/ownership.js';

export function tokensRepo(db: Db) {
  const own = tablesOf(db, 'auth');
  return {
    async insert(row: {
      user_id: number;
      token_hash: string;
      created_at: string;
      expires_at: string;
      user_agent: string | null;
      ip: string | null;
    }) {
      const { id } = await own.query
        .insertInto('auth_tokens')
        .values({ ...row, revoked_at: null })
        .returning('id')
        .executeTakeFirstOrThrow();
      return id;
    },
    findLive: (tokenHash: string, now: string) =>
      own.query
        .selectFrom('auth_tokens')
        .select(['id', 'user_id', 'expires_at'])
        .where('token_hash', '=', tokenHash)
        .where('revoked_at', 'is', null)
        .where('expires_at', '>', now)
        .executeTakeFirst(),
    /** Revokes one token; answers its user's id (null when it was revoked already or is unknown). */
    async revoke(id: number, now: string): Promise<number | null> {
      const row = await own.query
        .updateTable('auth_tokens')
        .set({ revoked_at: now })
        .where('id', '=', id)
        .where('revoked_at', 'is', null)
        .returning('user_id')
        .executeTakeFirst();
      return row?.user_id ?? null;
    },
    async revokeAllOf(userId: number, now: string) {
      await own.query
        .updateTable('auth_tokens')
        .set({ revoked_at: now })
        .where('user_id', '=', userId)
        .where('revoked_at', 'is', null)
        .execute();
    },
  };
}
