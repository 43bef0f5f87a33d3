import type { Kysely } from 'kysely';
import type { Dialect } from '../client.js';
import { columns } from './columns.js';

export function tasks(dialect: Dialect) {
  const col = columns(dialect);
  return {
    async up(db: Kysely<unknown>) {
      await col
        .id(db.schema.createTable('tasks'))
        .addColumn('type', 'text', (c) => c.notNull())
        .addColumn('payload', 'text', (c) => c.notNull())
        .addColumn('status', 'text', (c) => c.notNull())
        .addColumn('progress', 'integer', (c) => c.notNull().defaultTo(0))
        .addColumn('message', 'text')
        .addColumn('result', 'text')
        .addColumn('attempts', 'integer', (c) => c.notNull().defaultTo(0))
        .addColumn('max_attempts', 'integer', (c) => c.notNull())
        .addColumn('run_after', col.timestamp, (c) => c.notNull())
        .addColumn('locked_at', col.timestamp)
        .addColumn('created_by', 'integer', (c) => c.references('users.id').onDelete('set null'))
        .addColumn('created_at', col.timestamp, (c) => c.notNull())
        .addColumn('updated_at', col.timestamp, (c) => c.notNull())
        .addColumn('finished_at', col.timestamp)
        .execute();
      await db.schema.createIndex('tasks_claim_idx').on('tasks').columns(['status', 'run_after', 'id']).execute();
    },
    async down(db: Kysely<unknown>) {
      await db.schema.dropTable('tasks').execute();
    },
  };
}
