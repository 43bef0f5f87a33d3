import { sql, type Kysely } from 'kysely';

/**
 * Idempotency keys for tasks: at most one queued or running task per (type, key). The rule
 * lives in a partial unique index so that it holds when several processes enqueue at once;
 * finished tasks keep their key for the record without blocking new work. Both dialects
 * accept the same statement, and the predicate must stay the one `tasks.repo.ts` names in
 * its ON CONFLICT clause.
 */
export function taskIdempotency() {
  return {
    async up(db: Kysely<unknown>) {
      await db.schema.alterTable('tasks').addColumn('idem_key', 'text').execute();
      await sql`create unique index tasks_idem_key_unfinished on tasks (type, idem_key) where status in ('queued', 'running') and idem_key is not null`.execute(
        db,
      );
    },
    async down(db: Kysely<unknown>) {
      await db.schema.dropIndex('tasks_idem_key_unfinished').execute();
      await db.schema.alterTable('tasks').dropColumn('idem_key').execute();
    },
  };
}
