import type { Insertable } from 'kysely';
import type { Db } from '../../db/client.js';
import type { UploadsTable } from '../../db/schema.js';
import { tablesOf } from '../../db/ownership.js';

/** The `uploads` table: each token's file from the token until it is imported or expires. */
export function uploadsRepo(db: Db) {
  const own = tablesOf(db, 'books');
  return {
    insert: async (row: Insertable<UploadsTable>) => {
      await own.query.insertInto('uploads').values(row).execute();
    },

    byKey: (key: string) => own.query.selectFrom('uploads').selectAll().where('key', '=', key).executeTakeFirst(),

    /** Bytes a reader has uploaded (or may still upload with a live token) that no import has taken. */
    async pendingBytes(userId: number, now: string): Promise<number> {
      const row = await own.query
        .selectFrom('uploads')
        .select((eb) => eb.fn.sum<number | string | null>('bytes').as('total'))
        .where('user_id', '=', userId)
        .where('claimed_at', 'is', null)
        .where('expires_at', '>', now)
        .executeTakeFirst();
      return Number(row?.total ?? 0);
    },

    /** The bytes arrived: their size, and a new end. False when the row is gone (expired and removed). */
    async received(key: string, bytes: number, now: string, expiresAt: string): Promise<boolean> {
      const r = await own.query
        .updateTable('uploads')
        .set({ bytes, received_at: now, expires_at: expiresAt })
        .where('key', '=', key)
        .executeTakeFirst();
      return Number(r.numUpdatedRows) > 0;
    },

    /** An import takes the file: it stops being pending and is kept until `until`. False when there is no live row. */
    async claim(key: string, userId: number, now: string, until: string): Promise<boolean> {
      const r = await own.query
        .updateTable('uploads')
        .set({ claimed_at: now, expires_at: until })
        .where('key', '=', key)
        .where('user_id', '=', userId)
        .where('expires_at', '>', now)
        .executeTakeFirst();
      return Number(r.numUpdatedRows) > 0;
    },

    remove: async (key: string) => {
      await own.query.deleteFrom('uploads').where('key', '=', key).execute();
    },

    expired: (now: string, limit: number) =>
      own.query.selectFrom('uploads').select('key').where('expires_at', '<=', now).orderBy('expires_at').limit(limit).execute(),

    /** Removes the row only while it is still expired (a claim or an arrival in between keeps it). */
    async removeExpired(key: string, now: string): Promise<boolean> {
      const r = await own.query.deleteFrom('uploads').where('key', '=', key).where('expires_at', '<=', now).executeTakeFirst();
      return Number(r.numDeletedRows) > 0;
    },
  };
}
