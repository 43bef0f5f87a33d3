import type { Db } from '../../db/client.js';
import { tablesOf } from '../../db/ownership.js';

export function captchaRepo(db: Db) {
  const own = tablesOf(db, 'auth');
  return {
    async put(row: { key: string; answer: string; expires_at: string }) {
      await own.query
        .insertInto('captchas')
        .values(row)
        .onConflict((oc) => oc.column('key').doUpdateSet(row))
        .execute();
    },
    async deleteExpired(now: string) {
      await own.query.deleteFrom('captchas').where('expires_at', '<', now).execute();
    },
    /** Removes and returns the captcha of `key`: reading it uses it up. */
    take: (key: string) => own.query.deleteFrom('captchas').where('key', '=', key).returningAll().executeTakeFirst(),
  };
}
