import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../db/client.js';
import type { EventBus, EventChannel, EventMessage, Unsubscribe } from '../providers/events/index.js';
import { MINUTE, type Clock } from '../lib/clock.js';
import { isPermanent, type JobHandler } from './job.js';
import type { EnqueueOptions, JobKind, PayloadOf } from './kinds.js';
import { jobRegistry, type JobRegistry } from './registry.js';
import { tasksRepo, type TaskRow } from './tasks.repo.js';

const STALE_AFTER = 15 * MINUTE;

/** A kind this queue was not built with, or a stored task of a type nobody handles. */
export class UnknownJobError extends Error {}

/** The message a reader of the task sees for a failure: our own messages, or a generic one. */
function failureMessage(error: unknown): string {
  if (error instanceof Error && /[\u3400-\u9fff]/.test(error.message)) return error.message;
  return '任务执行失败，请稍后重试';
}

export interface JobSetup {
  kinds: readonly JobKind[];
  /**
   * One handler per kind. May come later through `install`: handlers call services that are
   * built after the queue, because those services enqueue through it.
   */
  handlers?: readonly JobHandler[];
  /**
   * Carries "queued" and progress across processes, so a worker wakes when an API process
   * enqueues. Best effort: the poll still finds every task if a message is lost.
   */
  events?: EventBus;
}

/**
 * Tasks in the database, run by workers: claim, report progress, retry with exponential
 * backoff, fail with a readable message. Any process can enqueue; workers run them.
 * Building it fails unless every kind has exactly one handler.
 */
export function jobQueue(db: Db, clock: Clock, setup: JobSetup, log: Pick<FastifyBaseLogger, 'error' | 'info'>) {
  const repo = tasksRepo(db);
  const names = setup.kinds.map((k) => k.name);
  let registry: JobRegistry | null = null;
  /** The handlers, once installed; running anything before that is a wiring mistake. */
  const handlers = (): JobRegistry => {
    if (!registry) throw new UnknownJobError('job handlers are not installed');
    return registry;
  };
  const listeners = new Set<() => void>();
  let running = false;
  let timer: NodeJS.Timeout | null = null;
  let inFlight: Promise<void> | null = null;
  let unsubscribe: Unsubscribe | null = null;

  /** Publishing is a hint to other processes; the database row is the truth, so a failure is only logged. */
  function announce<C extends EventChannel>(channel: C, message: EventMessage<C>) {
    setup.events?.publish(channel, message).catch((error: unknown) => log.error({ err: error, channel }, 'could not publish a task event'));
  }

  async function execute(task: TaskRow, handler: JobHandler): Promise<void> {
    const now = () => clock.now().toISOString();
    const ctx = {
      taskId: task.id,
      attempt: task.attempts,
      progress: async (percent: number, message?: string) => {
        const progress = Math.max(0, Math.min(100, Math.round(percent)));
        await repo.update(task.id, { progress, ...(message !== undefined ? { message } : {}), updated_at: now() });
        announce('task.progress', { task_id: task.id, status: 'running', progress, message: message ?? task.message });
      },
    };
    try {
      const payload: unknown = handler.kind.payload.parse(JSON.parse(task.payload));
      const result = await handler.run(payload, ctx);
      await repo.update(task.id, {
        status: 'done',
        progress: 100,
        result: JSON.stringify(result ?? null),
        locked_at: null,
        updated_at: now(),
        finished_at: now(),
      });
    } catch (error) {
      const permanent = isPermanent(error);
      if (!permanent) log.error({ err: error, taskId: task.id, type: task.type }, 'task failed');
      const message = failureMessage(error);
      if (permanent || task.attempts >= task.max_attempts) {
        await repo.update(task.id, { status: 'failed', message, locked_at: null, updated_at: now(), finished_at: now() });
      } else {
        const delay = handler.kind.retry.backoffMs * 2 ** (task.attempts - 1);
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
    /** Kind names this queue runs, in declaration order. */
    kinds: (): readonly string[] => names,

    /** Pairs every kind with its handler; throws (stopping start-up) unless they match one to one. */
    install(list: readonly JobHandler[]): void {
      if (registry) throw new UnknownJobError('job handlers are already installed');
      registry = jobRegistry(setup.kinds, list);
      log.info({ kinds: registry.names }, `job kinds: ${registry.names.join(', ')}`);
    },

    /**
     * Queues a task of `kind`. A kind with an idempotency key answers the queued or running
     * task holding the same key instead of adding a second one, also across processes.
     */
    async enqueue<K extends JobKind>(kind: K, payload: PayloadOf<K>, options: EnqueueOptions = {}): Promise<TaskRow> {
      if (!setup.kinds.includes(kind)) throw new UnknownJobError(`job kind ${kind.name} is not registered`);
      const parsed: unknown = kind.payload.parse(payload);
      const now = clock.now().toISOString();
      const { task, created } = await repo.insertUnlessUnfinished({
        type: kind.name,
        payload: JSON.stringify(parsed),
        idem_key: kind.idempotencyKey?.(parsed) ?? null,
        status: 'queued',
        progress: 0,
        message: '排队中',
        result: null,
        attempts: 0,
        max_attempts: kind.retry.maxAttempts,
        run_after: now,
        locked_at: null,
        created_by: options.createdBy ?? null,
        created_at: now,
        updated_at: now,
        finished_at: null,
      });
      if (created) {
        for (const wake of listeners) wake();
        announce('task.queued', { task_id: task.id, type: task.type });
      }
      return task;
    },

    find: (id: number) => repo.findById(id),

    /** Claims and runs one due task; false when none was due. */
    async runOnce(): Promise<boolean> {
      const task = await repo.claim(handlers().names, clock.now().toISOString());
      if (!task) return false;
      await execute(task, handlers().handler(task.type)!);
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
      const missing = (await repo.pendingTypes()).filter((t) => !handlers().handler(t));
      if (missing.length) throw new UnknownJobError(`unfinished tasks have no handler: ${missing.join(', ')}`);
    },

    /** Starts the worker loop: polls, and wakes at once when this process enqueues. */
    async start(pollMs = 1000): Promise<void> {
      await queue.assertHandlersFor();
      running = true;
      // tick() catches and logs everything it awaits, so a timer may start it without awaiting.
      const later = (ms: number) => setTimeout(() => void tick(), ms);
      const work = async () => {
        try {
          const now = clock.now();
          await repo.requeueStale(new Date(now.getTime() - STALE_AFTER).toISOString(), now.toISOString());
          while (running && (await queue.runOnce()));
        } catch (error) {
          log.error({ err: error }, 'worker loop error');
        }
      };
      const tick = async () => {
        if (!running) return;
        timer = null;
        inFlight = work();
        await inFlight;
        inFlight = null;
        if (running && !timer) timer = later(pollMs);
      };
      const wake = () => {
        if (running && timer) {
          clearTimeout(timer);
          timer = later(0);
        }
      };
      listeners.add(wake);
      if (setup.events) unsubscribe = await setup.events.subscribe('task.queued', wake);
      log.info(`worker started for job kinds: ${names.join(', ')}`);
      await tick();
    },

    /** Stops the loop and waits for the task in hand, so nothing touches the database afterwards. */
    async stop(): Promise<void> {
      running = false;
      if (timer) clearTimeout(timer);
      timer = null;
      unsubscribe?.();
      unsubscribe = null;
      await inFlight;
    },
  };
  if (setup.handlers) queue.install(setup.handlers);
  return queue;
}

export type JobQueue = ReturnType<typeof jobQueue>;
