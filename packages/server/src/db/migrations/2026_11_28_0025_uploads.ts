import type { Kysely } from 'kysely';
import type { Dialect } from '../client.js';
import { columns } from './columns.js';

/**
 * `uploads`: each upload token's file until it is imported or expires (issue 27 a), so files
 * never imported are removed by the `uploads.expire` job and a reader's pending bytes are capped.
 */
export function uploads(dialect: Dialect) {
  const col = columns(dialect);
  return {
    async up(db: Kysely<unknown>) {
      await db.schema
        .createTable('uploads')
        .addColumn('key', 'text', (c) => c.primaryKey())
        .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
        .addColumn('kind', 'text', (c) => c.notNull())
        .addColumn('bytes', 'bigint', (c) => c.notNull())
        .addColumn('received_at', col.timestamp)
        .addColumn('claimed_at', col.timestamp)
        .addColumn('expires_at', col.timestamp, (c) => c.notNull())
        .addColumn('created_at', col.timestamp, (c) => c.notNull())
        .execute();
      await db.schema.createIndex('uploads_user_idx').on('uploads').columns(['user_id', 'expires_at']).execute();
      await db.schema.createIndex('uploads_expires_idx').on('uploads').column('expires_at').execute();
    },
    async down(db: Kysely<unknown>) {
      await db.schema.dropTable('uploads').execute();
    },
  };
}
