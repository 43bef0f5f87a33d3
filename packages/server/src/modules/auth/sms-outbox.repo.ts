import type { Db } from '../../db/client.js';

export function smsOutboxRepo(db: Db) {
  return {
    /** Newest first; fetches `limit` rows from `offset`. */
    list: (offset: number, limit: number) =>
      db.kysely.selectFrom('sms_outbox').selectAll().orderBy('id', 'desc').limit(limit).offset(offset).execute(),
  };
}
