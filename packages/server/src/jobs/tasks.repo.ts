import { sql, type Insertable, type Selectable, type Updateable } from 'kysely';
import type { Db } from '../db/client.js';
import type { TasksTable } from '../db/schema.js';
import { tablesOf } from '../db/ownership.js';

export type TaskRow = Selectable<TasksTable>;

// The predicate of the partial unique index `tasks_idem_key_unfinished` (migration 0007):
// PostgreSQL and SQLite use a partial index for ON CONFLICT only when this clause implies its own.
const UNFINISHED_KEYED = sql<boolean>`status in ('queued', 'running') and idem_key is not null`;

// How often an insert may find a holder that then finishes before we read it; each round needs
// another task to finish in a window of one statement, so a few rounds are already paranoid.
const INSERT_ROUNDS = 5;

export function tasksRepo(db: Db) {
  const own = tablesOf(db, 'tasks');
  /** The queued or running task of a type holding an idempotency key, if any. */
  const findUnfinished = (type: string, key: string) =>
    own.query
      .selectFrom('tasks')
      .selectAll()
      .where('type', '=', type)
      .where('idem_key', '=', key)
      .where('status', 'in', ['queued', 'running'])
      .executeTakeFirst();

  return {
    /**
     * Inserts a task, or, when an unfinished task of its type holds its idempotency key,
     * answers that one. Atomic across processes: the unique index decides, not a prior read.
     */
    async insertUnlessUnfinished(row: Insertable<TasksTable>): Promise<{ task: TaskRow; created: boolean }> {
      const key = row.idem_key ?? null;
      if (key === null)
        return { task: await own.query.insertInto('tasks').values(row).returningAll().executeTakeFirstOrThrow(), created: true };
      for (let round = 0; round < INSERT_ROUNDS; round++) {
        const inserted = await own.query
          .insertInto('tasks')
          .values(row)
          .onConflict((oc) => oc.columns(['type', 'idem_key']).where(UNFINISHED_KEYED).doNothing())
          .returningAll()
          .executeTakeFirst();
        if (inserted) return { task: inserted, created: true };
        const holder = await findUnfinished(row.type, key);
        if (holder) return { task: holder, created: false };
      }
      throw new Error(`could not enqueue ${row.type} ${key}: the unfinished task kept finishing`);
    },
    findUnfinished,
    findById: (id: number) => own.query.selectFrom('tasks').selectAll().where('id', '=', id).executeTakeFirst(),
    async update(id: number, patch: Updateable<TasksTable>) {
      await own.query.updateTable('tasks').set(patch).where('id', '=', id).execute();
    },

    /**
     * Claims the oldest due task of the given types for `worker`, with a lease until `leaseUntil`.
     * PostgreSQL skips rows other workers hold (`FOR UPDATE SKIP LOCKED`); SQLite has one
     * writer, so its update is atomic as is.
     */
    async claim(types: readonly string[], now: string, worker: string, leaseUntil: string): Promise<TaskRow | undefined> {
      if (types.length === 0) return undefined;
      const due = own.query
        .selectFrom('tasks')
        .select('id')
        .where('status', '=', 'queued')
        .where('run_after', '<=', now)
        .where('type', 'in', types)
        .orderBy('id')
        .limit(1);
      return own.query
        .updateTable('tasks')
        .set((eb) => ({
          status: 'running',
          locked_at: now,
          locked_by: worker,
          lease_until: leaseUntil,
          updated_at: now,
          attempts: eb('attempts', '+', 1),
        }))
        .where('id', '=', (db.dialect === 'postgres' ? due.forUpdate().skipLocked() : due) as never)
        .where('status', '=', 'queued')
        .returningAll()
        .executeTakeFirst();
    },

    /**
     * Writes to a running task only while `worker` still holds it: a worker whose lease ran
     * out (and whose task another worker took up) must not overwrite the newer run's state.
     * Answers whether the worker still held it.
     */
    async updateHeld(id: number, worker: string, patch: Updateable<TasksTable>): Promise<boolean> {
      const result = await own.query
        .updateTable('tasks')
        .set(patch)
        .where('id', '=', id)
        .where('status', '=', 'running')
        .where('locked_by', '=', worker)
        .executeTakeFirst();
      return result.numUpdatedRows > 0n;
    },

    /**
     * Takes back running tasks whose lease ran out before `now` (their worker died or hung):
     * queued again for any worker, or failed when the interrupted run was the last attempt, so
     * a task that kills its worker cannot loop for ever. `only` narrows it to one task.
     */
    async requeueExpired(now: string, only?: number): Promise<number> {
      const base = () => {
        let q = own.query.updateTable('tasks').where('status', '=', 'running').where('lease_until', '<', now);
        if (only !== undefined) q = q.where('id', '=', only);
        return q;
      };
      const failed = await base()
        .set({
          status: 'failed',
          message: '任务多次执行中断，已停止',
          locked_by: null,
          lease_until: null,
          updated_at: now,
          finished_at: now,
        })
        .where((eb) => eb('attempts', '>=', eb.ref('max_attempts')))
        .executeTakeFirst();
      const queued = await base()
        .set({ status: 'queued', message: '重新排队：上次执行中断', locked_by: null, lease_until: null, run_after: now, updated_at: now })
        .executeTakeFirst();
      return Number(failed.numUpdatedRows + queued.numUpdatedRows);
    },

    /** Hands a running task back to the queue (its worker is stopping); the interrupted run is not counted. */
    async release(id: number, worker: string, now: string): Promise<boolean> {
      const result = await own.query
        .updateTable('tasks')
        .set((eb) => ({
          status: 'queued',
          message: '重新排队：执行它的进程已停止',
          locked_by: null,
          lease_until: null,
          run_after: now,
          updated_at: now,
          attempts: eb('attempts', '-', 1),
        }))
        .where('id', '=', id)
        .where('status', '=', 'running')
        .where('locked_by', '=', worker)
        .executeTakeFirst();
      return result.numUpdatedRows > 0n;
    },

    /**
     * Unfinished tasks by type and status, with the earliest `run_after` among those already due
     * (a task waiting out a retry's backoff is queued but not late). One pass over the claim index.
     */
    queueStats: (now: string) =>
      own.query
        .selectFrom('tasks')
        .select((eb) => [
          'type',
          'status',
          eb.fn.countAll<number>().as('count'),
          eb.fn.min<string | null>(eb.case().when('run_after', '<=', now).then(eb.ref('run_after')).end()).as('first_due'),
        ])
        .where('status', 'in', ['queued', 'running'])
        .groupBy(['type', 'status'])
        .execute(),

    /** Types present among unfinished tasks (start-up checks each has a handler). */
    pendingTypes: async () =>
      (await own.query.selectFrom('tasks').select('type').distinct().where('status', 'in', ['queued', 'running']).execute()).map(
        (r) => r.type,
      ),
  };
}
