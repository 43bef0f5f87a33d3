import type { Insertable } from 'kysely';
import type { Db } from '../../db/client.js';
import type { SmsCodesTable } from '../../db/schema.js';
import { tablesOf } from '../../db/ownership.js';

export function smsCodesRepo(db: Db) {
  const own = tablesOf(db, 'auth');
  return {
    /** Send times to `phone` since `since`, newest first. */
    sentSince: (phone: string, since: string) =>
      own.query
        .selectFrom('sms_codes')
        .select('created_at')
        .where('phone', '=', phone)
        .where('created_at', '>', since)
        .orderBy('created_at', 'desc')
        .execute(),
    async insert(row: Insertable<SmsCodesTable>) {
      await own.query.insertInto('sms_codes').values(row).execute();
    },
    newestUnused: (phone: string, stype: string) =>
      own.query
        .selectFrom('sms_codes')
        .selectAll()
        .where('phone', '=', phone)
        .where('stype', '=', stype)
        .where('consumed_at', 'is', null)
        .orderBy('id', 'desc')
        .executeTakeFirst(),
    async countFailure(id: number, attempts: number) {
      await own.query.updateTable('sms_codes').set({ attempts }).where('id', '=', id).execute();
    },
    /** Marks the code used; false when another request used it first. */
    async consume(id: number, now: string): Promise<boolean> {
      const r = await own.query
        .updateTable('sms_codes')
        .set({ consumed_at: now })
        .where('id', '=', id)
        .where('consumed_at', 'is', null)
        .executeTakeFirst();
      return Number(r.numUpdatedRows) === 1;
    },
  };
}
