import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../db/client.js';
import { MINUTE, type Clock } from '../lib/clock.js';
import { PermanentJobError, type JobDefinition } from './job.js';
import { tasksRepo, type TaskRow } from './tasks.repo.js';

const STALE_AFTER = 15 * MINUTE;

export class UnknownJobError extends Error {}

/** The message a reader of the task sees for a failure: our own messages, or a generic one. */
function failureMessage(error: unknown): string {
  if (error instanceof Error && /[\u3400-\u9fff]/.test(error.message)) return error.message;
  return '任务执行失败，请稍后重试';
}

/**
 * Tasks in the database, run by workers: claim, report progress, retry with exponential
 * backoff, fail with a readable message. Any process can enqueue; workers run them.
 */
export function jobQueue(db: Db, clock: Clock, definitions: readonly JobDefinition[], log: Pick<FastifyBaseLogger, 'error' | 'info'>) {
  const repo = tasksRepo(db);
  const byName = new Map(definitions.map((d) => [d.name, d]));
  const listeners = new Set<() => void>();
  let running = false;
  let timer: NodeJS.Timeout | null = null;

  async function execute(task: TaskRow, def: JobDefinition): Promise<void> {
    const now = () => clock.now().toISOString();
    const ctx = {
      taskId: task.id,
      attempt: task.attempts,
      progress: async (percent: number, message?: string) => {
        const progress = Math.max(0, Math.min(100, Math.round(percent)));
        await repo.update(task.id, { progress, ...(message !== undefined ? { message } : {}), updated_at: now() });
      },
    };
    try {
      const payload = def.payload.parse(JSON.parse(task.payload));
      const result = await def.run(payload, ctx);
      await repo.update(task.id, {
        status: 'done',
        progress: 100,
        result: JSON.stringify(result ?? null),
        locked_at: null,
        updated_at: now(),
        finished_at: now(),
      });
    } catch (error) {
      const permanent = error instanceof PermanentJobError || task.attempts >= task.max_attempts;
      if (!(error instanceof PermanentJobError)) log.error({ err: error, taskId: task.id, type: task.type }, 'task failed');
      const message = failureMessage(error);
      if (permanent) {
        await repo.update(task.id, { status: 'failed', message, locked_at: null, updated_at: now(), finished_at: now() });
      } else {
        const delay = def.backoffMs * 2 ** (task.attempts - 1);
        await repo.update(task.id, {
          status: 'queued',
          message: `${message}（将在 ${Math.ceil(delay / 1000)} 秒后重试）`,
          locked_at: null,
          run_after: new Date(clock.now().getTime() + delay).toISOString(),
          updated_at: now(),
        });
      }
    }
  }

  const queue = {
    async enqueue(name: string, payload: unknown, options: { createdBy?: number | null } = {}): Promise<TaskRow> {
      const def = byName.get(name);
      if (!def) throw new UnknownJobError(`no handler for job type ${name}`);
      const now = clock.now().toISOString();
      const task = await repo.insert({
        type: name,
        payload: JSON.stringify(def.payload.parse(payload)),
        status: 'queued',
        progress: 0,
        message: '排队中',
        result: null,
        attempts: 0,
        max_attempts: def.maxAttempts,
        run_after: now,
        locked_at: null,
        created_by: options.createdBy ?? null,
        created_at: now,
        updated_at: now,
        finished_at: null,
      });
      for (const wake of listeners) wake();
      return task;
    },

    find: (id: number) => repo.findById(id),

    /** True when a task of this type and payload is waiting or running. */
    hasUnfinished: (name: string, payload: unknown) => {
      const def = byName.get(name);
      if (!def) throw new UnknownJobError(`no handler for job type ${name}`);
      return repo.hasUnfinished(name, JSON.stringify(def.payload.parse(payload)));
    },

    /** Claims and runs one due task; false when none was due. */
    async runOnce(): Promise<boolean> {
      const task = await repo.claim([...byName.keys()], clock.now().toISOString());
      if (!task) return false;
      await execute(task, byName.get(task.type)!);
      return true;
    },

    /** Runs due tasks until none is left (tests and one-shot workers). */
    async drain(): Promise<number> {
      let n = 0;
      while (await queue.runOnce()) n++;
      return n;
    },

    /** Fails start-up when the database holds unfinished tasks of a type nobody handles. */
    async assertHandlersFor(): Promise<void> {
      const missing = (await repo.pendingTypes()).filter((t) => !byName.has(t));
      if (missing.length) throw new UnknownJobError(`unfinished tasks have no handler: ${missing.join(', ')}`);
    },

    /** Starts the worker loop: polls, and wakes at once when this process enqueues. */
    async start(pollMs = 1000): Promise<void> {
      await queue.assertHandlersFor();
      running = true;
      const tick = async () => {
        if (!running) return;
        timer = null;
        try {
          const now = clock.now();
          await repo.requeueStale(new Date(now.getTime() - STALE_AFTER).toISOString(), now.toISOString());
          while (running && (await queue.runOnce()));
        } catch (error) {
          log.error({ err: error }, 'worker loop error');
        }
        if (running && !timer) timer = setTimeout(tick, pollMs);
      };
      listeners.add(() => {
        if (running && timer) {
          clearTimeout(timer);
          timer = setTimeout(tick, 0);
        }
      });
      log.info(`worker started for ${byName.size} job type(s)`);
      await tick();
    },

    stop(): void {
      running = false;
      if (timer) clearTimeout(timer);
      timer = null;
    },
  };
  return queue;
}

export type JobQueue = ReturnType<typeof jobQueue>;
