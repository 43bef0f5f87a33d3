import type { Db } from '../../db/client.js';
import { tablesOf } from '../../db/ownership.js';

/** `app_settings`: one JSON value per key. */
export function settingsRepo(db: Db) {
  const own = tablesOf(db, 'appinfo');
  return {
    async get<T>(key: string): Promise<{ value: T; updated_at: string } | null> {
      const row = await own.query.selectFrom('app_settings').select(['value', 'updated_at']).where('key', '=', key).executeTakeFirst();
      return row ? { value: JSON.parse(row.value) as T, updated_at: String(row.updated_at) } : null;
    },
    async put(key: string, value: unknown, userId: number | null, now: string): Promise<void> {
      const json = JSON.stringify(value);
      await own.query
        .insertInto('app_settings')
        .values({ key, value: json, updated_by: userId, updated_at: now })
        .onConflict((oc) => oc.column('key').doUpdateSet({ value: json, updated_by: userId, updated_at: now }))
        .execute();
    },
  };
}
