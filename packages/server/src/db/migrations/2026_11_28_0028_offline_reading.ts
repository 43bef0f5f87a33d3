import { sql, type Kysely } from 'kysely';
import type { Dialect } from '../client.js';
import { columns } from './columns.js';

/**
 * Reading time read offline (docs/reading.md § Reading offline): each report the server has
 * counted, by the client's key, so a resend counts once; its window in server time (ms), so
 * two offline reports of one reader never count the same minutes; and its day, so the daily
 * cap per article can be read.
 */
export function offlineReading(dialect: Dialect) {
  const col = columns(dialect);
  return {
    async up(db: Kysely<unknown>) {
      await db.schema
        .createTable('offline_readings')
        .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
        .addColumn('report_key', 'text', (c) => c.notNull())
        .addColumn('article_id', 'integer', (c) => c.notNull())
        .addColumn('token_hash', 'text', (c) => c.notNull())
        .addColumn('starts_at', 'bigint', (c) => c.notNull())
        .addColumn('ends_at', 'bigint', (c) => c.notNull())
        .addColumn('seconds', 'integer', (c) => c.notNull())
        .addColumn('day', 'text', (c) => c.notNull())
        .addColumn('created_at', col.timestamp, (c) => c.notNull())
        .addPrimaryKeyConstraint('offline_readings_pk', ['user_id', 'report_key'])
        .execute();
      await sql`create index offline_readings_window_idx on offline_readings (user_id, ends_at)`.execute(db);
      await sql`create index offline_readings_day_idx on offline_readings (user_id, article_id, day)`.execute(db);
    },
    async down(db: Kysely<unknown>) {
      await db.schema.dropTable('offline_readings').execute();
    },
  };
}
