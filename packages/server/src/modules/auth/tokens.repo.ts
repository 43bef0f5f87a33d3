import type { Db } from '../../db/client.js';

export function tokensRepo(db: Db) {
  const k = db.kysely;
  return {
    async insert(row: {
      user_id: number;
      token_hash: string;
      created_at: string;
      expires_at: string;
      user_agent: string | null;
      ip: string | null;
    }) {
      const { id } = await k
        .insertInto('auth_tokens')
        .values({ ...row, revoked_at: null })
        .returning('id')
        .executeTakeFirstOrThrow();
      return id;
    },
    findLive: (tokenHash: string, now: string) =>
      k
        .selectFrom('auth_tokens')
        .select(['id', 'user_id'])
        .where('token_hash', '=', tokenHash)
        .where('revoked_at', 'is', null)
        .where('expires_at', '>', now)
        .executeTakeFirst(),
    async revoke(id: number, now: string) {
      await k.updateTable('auth_tokens').set({ revoked_at: now }).where('id', '=', id).where('revoked_at', 'is', null).execute();
    },
    async revokeAllOf(userId: number, now: string) {
      await k.updateTable('auth_tokens').set({ revoked_at: now }).where('user_id', '=', userId).where('revoked_at', 'is', null).execute();
    },
  };
}
