import { sql, type Insertable, type Selectable, type Updateable } from 'kysely';
import type { Db } from '../db/client.js';
import type { TasksTable } from '../db/schema.js';

export type TaskRow = Selectable<TasksTable>;

export function tasksRepo(db: Db) {
  const k = db.kysely;
  return {
    insert: (row: Insertable<TasksTable>) => k.insertInto('tasks').values(row).returningAll().executeTakeFirstOrThrow(),
    findById: (id: number) => k.selectFrom('tasks').selectAll().where('id', '=', id).executeTakeFirst(),
    async update(id: number, patch: Updateable<TasksTable>) {
      await k.updateTable('tasks').set(patch).where('id', '=', id).execute();
    },

    /**
     * Claims the oldest due task of the given types. PostgreSQL skips rows other workers
     * hold (`FOR UPDATE SKIP LOCKED`); SQLite has one writer, so its update is atomic as is.
     */
    async claim(types: readonly string[], now: string): Promise<TaskRow | undefined> {
      if (types.length === 0) return undefined;
      const due = k
        .selectFrom('tasks')
        .select('id')
        .where('status', '=', 'queued')
        .where('run_after', '<=', now)
        .where('type', 'in', types)
        .orderBy('id')
        .limit(1);
      return k
        .updateTable('tasks')
        .set((eb) => ({ status: 'running', locked_at: now, updated_at: now, attempts: eb('attempts', '+', 1) }))
        .where('id', '=', (db.dialect === 'postgres' ? due.forUpdate().skipLocked() : due) as never)
        .where('status', '=', 'queued')
        .returningAll()
        .executeTakeFirst();
    },

    /** Puts back tasks whose worker died mid-run (locked longer than `staleBefore`). */
    async requeueStale(staleBefore: string, now: string) {
      await k
        .updateTable('tasks')
        .set({ status: 'queued', locked_at: null, updated_at: now, message: sql<string>`'重新排队：上次执行中断'` })
        .where('status', '=', 'running')
        .where('locked_at', '<', staleBefore)
        .execute();
    },

    hasUnfinished: async (type: string, payload: string) =>
      Boolean(
        await k
          .selectFrom('tasks')
          .select('id')
          .where('type', '=', type)
          .where('payload', '=', payload)
          .where('status', 'in', ['queued', 'running'])
          .executeTakeFirst(),
      ),

    /** Types present among unfinished tasks (start-up checks each has a handler). */
    pendingTypes: async () =>
      (await k.selectFrom('tasks').select('type').distinct().where('status', 'in', ['queued', 'running']).execute()).map((r) => r.type),
  };
}
