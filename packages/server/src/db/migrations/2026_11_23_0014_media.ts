import type { Kysely } from 'kysely';
import type { Dialect } from '../client.js';
import { columns } from './columns.js';

/**
 * Settings managers edit in the app (WeCom contact, the app notice, app versions per platform,
 * the product poster's text): one JSON value per key, with who changed it last. Media files
 * (PDF, audio, posters, exports) live in the file storage, keyed by article version.
 */
export function media(dialect: Dialect) {
  const c = columns(dialect);
  return {
    async up(db: Kysely<unknown>) {
      await db.schema
        .createTable('app_settings')
        .addColumn('key', 'text', (col) => col.primaryKey())
        .addColumn('value', 'text', (col) => col.notNull())
        .addColumn('updated_by', 'integer')
        .addColumn('updated_at', c.timestamp, (col) => col.notNull())
        .execute();
    },
    async down(db: Kysely<unknown>) {
      await db.schema.dropTable('app_settings').execute();
    },
  };
}
