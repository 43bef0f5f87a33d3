import { sql, type Kysely } from 'kysely';
import type { Dialect } from '../client.js';
import { columns } from './columns.js';

/**
 * Task leases (docs/operations.md): a running task belongs to the worker named in `locked_by`
 * until `lease_until`; the worker renews the lease while it runs, and any worker may take up a
 * task whose lease ran out. The index serves that look-up, which every worker makes each poll.
 */
export function taskLeases(dialect: Dialect) {
  const col = columns(dialect);
  return {
    async up(db: Kysely<unknown>) {
      await db.schema.alterTable('tasks').addColumn('lease_until', col.timestamp).execute();
      await db.schema.alterTable('tasks').addColumn('locked_by', 'text').execute();
      // Tasks already running when this runs were claimed without a lease: give them one that has run out.
      await sql`update tasks set lease_until = locked_at where status = 'running'`.execute(db);
      await db.schema.createIndex('tasks_lease_idx').on('tasks').columns(['status', 'lease_until']).execute();
    },
    async down(db: Kysely<unknown>) {
      await db.schema.dropIndex('tasks_lease_idx').execute();
      await db.schema.alterTable('tasks').dropColumn('locked_by').execute();
      await db.schema.alterTable('tasks').dropColumn('lease_until').execute();
    },
  };
}
