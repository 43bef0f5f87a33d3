import { randomBytes } from 'node:crypto';
import os from 'node:os';
import type { FastifyBaseLogger } from 'fastify';
import { afterCommit, type Db } from '../db/client.js';
import type { EventBus, EventChannel, EventMessage, Unsubscribe } from '../providers/events/index.js';
import type { Clock } from '../lib/clock.js';
import { isPermanent, type JobHandler } from './job.js';
import type { EnqueueOptions, JobKind, PayloadOf } from './kinds.js';
import { jobRegistry, type JobRegistry } from './registry.js';
import { tasksRepo, type TaskRow } from './tasks.repo.js';

/** How long a claimed task is its worker's without a renewal, and how long `stop()` waits for it. */
export interface LeaseSettings {
  /** A claimed task's lease; past it, another worker takes the task up. */
  leaseMs: number;
  /** How often a running task's lease is renewed (a third of the lease by default). */
  heartbeatMs?: number;
  /** How long `stop()` lets the task in hand finish before handing it back to the queue. */
  graceMs: number;
}

export const DEFAULT_LEASE: LeaseSettings = { leaseMs: 60_000, graceMs: 30_000 };

/** Names this worker in `tasks.locked_by`: unique per queue, readable in the table. */
function workerName(): string {
  return `${os.hostname()}:${process.pid}:${randomBytes(3).toString('hex')}`;
}

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
  lease?: LeaseSettings;
  /** Told how each run of this process's worker ended (the metrics' run and failure counters). */
  onRunEnded?: (type: string, outcome: RunOutcome) => void;
}

/**
 * How a run ended: done; failed for good; failed and queued for a retry; or interrupted (its
 * lease was lost, or the stopping worker handed the task back), with nothing recorded.
 */
export type RunOutcome = 'done' | 'failed' | 'retry' | 'interrupted';

/** Unfinished tasks of one kind, for /metrics. */
export interface KindQueueStats {
  readonly kind: string;
  /** Queued, due or waiting out a retry's backoff. */
  readonly queued: number;
  readonly running: number;
  /** How long the longest-waiting due task has been due, in seconds (0 when none is). */
  readonly oldestDueSeconds: number;
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
  const lease = setup.lease ?? DEFAULT_LEASE;
  const heartbeatMs = lease.heartbeatMs ?? Math.max(10, Math.floor(lease.leaseMs / 3));
  const worker = workerName();
  const ended = setup.onRunEnded ?? (() => undefined);

  /** Publishing is a hint to other processes; the database row is the truth, so a failure is only logged. */
  function announce<C extends EventChannel>(channel: C, message: EventMessage<C>) {
    setup.events?.publish(channel, message).catch((error: unknown) => log.error({ err: error, channel }, 'could not publish a task event'));
  }

  /**
   * Wakes this process's workers and tells the others that `task` is queued, once the enqueue is
   * committed: enqueued inside a service's transaction, a worker woken earlier would find nothing.
   */
  function told(task: TaskRow) {
    afterCommit(db, () => {
      for (const wake of listeners) wake();
      announce('task.queued', { task_id: task.id, type: task.type });
    });
  }

  /** The task this worker is running, so `stop()` can hand it back. */
  let current: { task: TaskRow; abort: AbortController } | null = null;

  async function execute(task: TaskRow, handler: JobHandler): Promise<void> {
    const now = () => clock.now().toISOString();
    const leaseUntil = () => new Date(clock.now().getTime() + lease.leaseMs).toISOString();
    const abort = new AbortController();
    current = { task, abort };
    /** A write that lands only while this run still holds the task; losing it aborts the run. */
    const write = async (patch: Parameters<typeof repo.updateHeld>[2]) => {
      const held = await repo.updateHeld(task.id, worker, patch);
      if (!held && !abort.signal.aborted) {
        log.info({ taskId: task.id, type: task.type }, 'task lease lost; another worker owns it now');
        abort.abort(new Error('lease lost'));
      }
      return held;
    };
    // The heartbeat renews the lease while the handler runs, however long between progress reports.
    const heartbeat = setInterval(() => {
      write({ lease_until: leaseUntil() }).catch((error: unknown) => log.error({ err: error, taskId: task.id }, 'could not renew a task lease'));
    }, heartbeatMs);
    heartbeat.unref();
    // A message said on the way ("正在排版 PDF") is no longer true once the task is done; one said
    // at 100% is the handler's summary of the result and stays.
    let summarised = false;
    const ctx = {
      taskId: task.id,
      attempt: task.attempts,
      signal: abort.signal,
      progress: async (percent: number, message?: string) => {
        const progress = Math.max(0, Math.min(100, Math.round(percent)));
        summarised = progress === 100 && message !== undefined;
        const held = await write({ progress, ...(message !== undefined ? { message } : {}), lease_until: leaseUntil(), updated_at: now() });
        if (held) announce('task.progress', { task_id: task.id, status: 'running', progress, message: message ?? task.message });
      },
    };
    const done = { locked_at: null, locked_by: null, lease_until: null } as const;
    try {
      const payload: unknown = handler.kind.payload.parse(JSON.parse(task.payload));
      const result = await handler.run(payload, ctx);
      clearInterval(heartbeat);
      const held = await write({
        ...done,
        status: 'done',
        progress: 100,
        ...(summarised ? {} : { message: null }),
        result: JSON.stringify(result ?? null),
        updated_at: now(),
        finished_at: now(),
      });
      ended(task.type, held ? 'done' : 'interrupted');
    } catch (error) {
      clearInterval(heartbeat);
      // A run that lost its task (or handed it back) has nothing left to record.
      if (abort.signal.aborted) {
        ended(task.type, 'interrupted');
        return;
      }
      const permanent = isPermanent(error);
      if (!permanent) log.error({ err: error, taskId: task.id, type: task.type }, 'task failed');
      const message = failureMessage(error);
      if (permanent || task.attempts >= task.max_attempts) {
        const held = await write({ ...done, status: 'failed', message, updated_at: now(), finished_at: now() });
        ended(task.type, held ? 'failed' : 'interrupted');
      } else {
        const delay = handler.kind.retry.backoffMs * 2 ** (task.attempts - 1);
        const held = await write({
          ...done,
          status: 'queued',
          message: `${message}（将在 ${Math.ceil(delay / 1000)} 秒后重试）`,
          run_after: new Date(clock.now().getTime() + delay).toISOString(),
          updated_at: now(),
        });
        ended(task.type, held ? 'retry' : 'interrupted');
      }
    } finally {
      clearInterval(heartbeat);
      if (current?.task.id === task.id) current = null;
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
        told(task);
        return task;
      }
      // The holder's worker died (its lease ran out): answering it would show a task nobody
      // runs. Take it back for the queue now, as the next worker poll would, and answer that.
      if (task.status === 'running' && task.lease_until !== null && task.lease_until < now) {
        await repo.requeueExpired(now, task.id);
        const revived = await repo.findById(task.id);
        if (revived?.status === 'queued') told(revived);
        // A task failed for good no longer holds the key: enqueue afresh.
        if (revived && revived.status !== 'queued' && revived.status !== 'running') return queue.enqueue(kind, payload, options);
        return revived ?? task;
      }
      return task;
    },

    find: (id: number) => repo.findById(id),

    /**
     * The queued or running task holding the key `payload` gives, without enqueueing: a caller
     * that follows work already under way, and starts it (enqueue) only when none is. A running
     * task whose lease ran out is nobody's: it is not answered (enqueueing revives it).
     */
    async unfinished<K extends JobKind>(kind: K, payload: PayloadOf<K>): Promise<TaskRow | undefined> {
      if (!kind.idempotencyKey) return undefined;
      const task = await repo.findUnfinished(kind.name, kind.idempotencyKey(kind.payload.parse(payload)));
      if (task?.status === 'running' && task.lease_until !== null && task.lease_until < clock.now().toISOString()) return undefined;
      return task;
    },

    /** Unfinished tasks of every kind this queue knows (zeros included) and of any other type found in the table. */
    async stats(): Promise<KindQueueStats[]> {
      const now = clock.now();
      const byKind = new Map<string, { queued: number; running: number; oldestDueSeconds: number }>();
      for (const name of names) byKind.set(name, { queued: 0, running: 0, oldestDueSeconds: 0 });
      for (const row of await repo.queueStats(now.toISOString())) {
        let entry = byKind.get(row.type);
        if (!entry) byKind.set(row.type, (entry = { queued: 0, running: 0, oldestDueSeconds: 0 }));
        if (row.status === 'running') entry.running = Number(row.count);
        else if (row.status === 'queued') {
          entry.queued = Number(row.count);
          if (row.first_due) entry.oldestDueSeconds = Math.max(0, (now.getTime() - Date.parse(row.first_due)) / 1000);
        }
      }
      return [...byKind].map(([kind, s]) => ({ kind, ...s }));
    },

    /** Claims and runs one due task; false when none was due. */
    async runOnce(): Promise<boolean> {
      const now = clock.now();
      const task = await repo.claim(handlers().names, now.toISOString(), worker, new Date(now.getTime() + lease.leaseMs).toISOString());
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

    /** Takes up tasks whose worker's lease ran out (each worker loop does this every poll). */
    requeueExpired: () => repo.requeueExpired(clock.now().toISOString()),

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
          await queue.requeueExpired();
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

    /**
     * Stops the loop and lets the task in hand finish for the grace period; past it, the task
     * goes back to the queue for another worker (its run is aborted and its writes no longer
     * count), so stopping never waits without limit.
     */
    async stop(): Promise<void> {
      running = false;
      if (timer) clearTimeout(timer);
      timer = null;
      unsubscribe?.();
      unsubscribe = null;
      if (!inFlight) return;
      let grace: NodeJS.Timeout | undefined;
      const overran = await Promise.race([
        inFlight.then(() => false),
        new Promise<boolean>((resolve) => (grace = setTimeout(() => resolve(true), lease.graceMs))),
      ]);
      clearTimeout(grace);
      const inHand = current;
      if (!overran || !inHand) return;
      current = null;
      inHand.abort.abort(new Error('worker stopping'));
      const released = await repo.release(inHand.task.id, worker, clock.now().toISOString());
      if (released) {
        log.info({ taskId: inHand.task.id, type: inHand.task.type }, 'worker stopping: task handed back to the queue');
        announce('task.queued', { task_id: inHand.task.id, type: inHand.task.type });
      }
    },
  };
  if (setup.handlers) queue.install(setup.handlers);
  return queue;
}

export type JobQueue = ReturnType<typeof jobQueue>;
