import type { Db } from '../../db/client.js';
import { tablesOf } from '../../db/ownership.js';

export function smsOutboxRepo(db: Db) {
  const own = tablesOf(db, 'auth');
  return {
    async add(message: { phone: string; stype: string; text: string; provider: string; created_at: string }) {
      await own.query.insertInto('sms_outbox').values(message).execute();
    },
    /** Newest first; fetches `limit` rows from `offset`. */
    list: (offset: number, limit: number) =>
      own.query.selectFrom('sms_outbox').selectAll().orderBy('id', 'desc').limit(limit).offset(offset).execute(),
  };
}
