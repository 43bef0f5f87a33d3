import type { Db } from '../../db/client.js';

export function captchaRepo(db: Db) {
  return {
    async put(row: { key: string; answer: string; expires_at: string }) {
      await db.kysely
        .insertInto('captchas')
        .values(row)
        .onConflict((oc) => oc.column('key').doUpdateSet(row))
        .execute();
    },
    async deleteExpired(now: string) {
      await db.kysely.deleteFrom('captchas').where('expires_at', '<', now).execute();
    },
    /** Removes and returns the captcha of `key`: reading it uses it up. */
    take: (key: string) => db.kysely.deleteFrom('captchas').where('key', '=', key).returningAll().executeTakeFirst(),
  };
}
