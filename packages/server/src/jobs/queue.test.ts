import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { z } from 'zod';
import { createTestApp, type TestApp } from '../../test/test-app.js';
import { isUniqueViolation, transaction } from '../db/client.js';
import { Invalid, Unavailable } from '../lib/errors.js';
import { handle, PermanentJobError, type JobHandler } from './job.js';
import { defineKind, jobKinds, type JobKind } from './kinds.js';
import { jobQueue, UnknownJobError, type JobQueue, type LeaseSettings } from './queue.js';
import { JobRegistryError } from './registry.js';
import { memoryEventBus, postgresEventBus } from '../providers/events/index.js';

let t: TestApp;
beforeEach(async () => {
  t = await createTestApp();
});
afterEach(() => t.close());

const silent = { error: () => undefined, info: () => undefined };
const runs: number[] = [];

const count = defineKind({
  name: 'test.count',
  payload: z.object({ upTo: z.number().int() }),
  retry: { maxAttempts: 3, backoffMs: 10_000 },
});
const countHandler = handle(count, async ({ upTo }, ctx) => {
  for (let i = 1; i <= upTo; i++) await ctx.progress((i / upTo) * 100, `第 ${i} 步`);
  runs.push(ctx.taskId);
  return { counted: upTo };
});

let flakyFailures = 0;
const flaky = defineKind({ name: 'test.flaky', payload: z.object({}), retry: { maxAttempts: 3, backoffMs: 10_000 } });
const flakyHandler = handle(flaky, async () => {
  if (flakyFailures-- > 0) throw new Error('connection reset');
  return 'ok';
});

const broken = defineKind({ name: 'test.broken', payload: z.object({}), retry: { maxAttempts: 5, backoffMs: 1000 } });
const brokenHandler = handle(broken, async () => {
  throw new PermanentJobError('源地址返回 404，无法下载');
});

/** A kind with an idempotency key; its handler fails when told to, to test keys across retries. */
let keyedFailures = 0;
const keyed = defineKind({
  name: 'test.keyed',
  payload: z.object({ thing: z.number().int(), note: z.string() }),
  retry: { maxAttempts: 3, backoffMs: 1000 },
  idempotencyKey: (p) => `thing:${p.thing}`,
});
const keyedHandler = handle(keyed, async ({ note }) => {
  if (keyedFailures-- > 0) throw new Unavailable('源站暂时不可用');
  return note;
});

const domain = defineKind({
  name: 'test.domain',
  payload: z.object({ transient: z.boolean() }),
  retry: { maxAttempts: 3, backoffMs: 1000 },
});
const domainHandler = handle(domain, async ({ transient }) => {
  throw transient ? new Unavailable('源站暂时不可用') : new Invalid('原文地址不是网页');
});

/**
 * A task that runs until the test lets it go: each `step()` lets it report one step of progress,
 * `finish()` ends it. Keyed, so enqueueing again meets the running task.
 */
const slow = defineKind({
  name: 'test.slow',
  payload: z.object({ name: z.string() }),
  retry: { maxAttempts: 2, backoffMs: 1000 },
  idempotencyKey: (p) => p.name,
});
/** A promise the test resolves (Promise.withResolvers is Node 22). */
function gate() {
  let resolve!: () => void;
  const promise = new Promise<void>((r) => (resolve = r));
  return { promise, resolve };
}
interface SlowRun {
  worker: string;
  signal: AbortSignal;
}
const slowRuns: SlowRun[] = [];
let slowGate = gate();
let stepGate = gate();
let stepsTaken = 0;
const finishSlow = () => slowGate.resolve();
/** Lets the running slow task report one progress step, and waits until it has. */
async function step() {
  const before = stepsTaken;
  stepGate.resolve();
  await vi.waitFor(() => expect(stepsTaken).toBe(before + 1));
}
const slowHandler = (worker: string) =>
  handle(slow, async (_payload, ctx) => {
    slowRuns.push({ worker, signal: ctx.signal });
    for (;;) {
      const next = await Promise.race([slowGate.promise.then(() => 'finish' as const), stepGate.promise.then(() => 'step' as const)]);
      if (next === 'finish') return worker;
      stepGate = gate();
      await ctx.progress(50, `${worker} 第 ${++stepsTaken} 步`);
    }
  });

const kinds: JobKind[] = [count, flaky, broken, keyed, domain, slow];
const handlers = (worker = 'a'): JobHandler[] => [countHandler, flakyHandler, brokenHandler, keyedHandler, domainHandler, slowHandler(worker)];
const LEASE = { leaseMs: 60_000, graceMs: 30_000 };
const queue = (worker = 'a', lease: LeaseSettings = LEASE) => jobQueue(t.db, t.clock, { kinds, handlers: handlers(worker), lease }, silent);
beforeEach(() => {
  slowRuns.length = 0;
  slowGate = gate();
  stepGate = gate();
  stepsTaken = 0;
});
/** Claims and starts the next task on `q` without waiting for it to end; resolves once it runs. */
async function startRunning(q: JobQueue) {
  const runs = slowRuns.length;
  const ran = q.runOnce();
  await vi.waitFor(() => expect(slowRuns.length).toBe(runs + 1));
  // Wrapped: an async function answering a promise would wait for it.
  return { ran };
}

const taskCount = async () =>
  Number(
    (
      await t.db.kysely
        .selectFrom('tasks')
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .executeTakeFirstOrThrow()
    ).n,
  );

describe('the job queue', () => {
  it('runs a task to done with its progress and result', async () => {
    const q = queue();
    const task = await q.enqueue(count, { upTo: 4 }, { createdBy: null });
    expect(task).toMatchObject({ status: 'queued', progress: 0, type: 'test.count', idem_key: null });
    expect(await q.runOnce()).toBe(true);
    const done = await q.find(task.id);
    expect(done).toMatchObject({ status: 'done', progress: 100, attempts: 1, message: '第 4 步' });
    expect(JSON.parse(done!.result!)).toEqual({ counted: 4 });
    expect(await q.runOnce()).toBe(false);
  });

  it('drops a message said on the way once the task is done (a summary said at 100% stays)', async () => {
    const q = queue();
    const task = await q.enqueue(slow, { name: 'pdf' });
    const { ran } = await startRunning(q);
    await step();
    expect(await q.find(task.id)).toMatchObject({ status: 'running', progress: 50, message: 'a 第 1 步' });
    finishSlow();
    await ran;
    expect(await q.find(task.id)).toMatchObject({ status: 'done', progress: 100, message: null });
  });

  it('retries with exponential backoff, then succeeds', async () => {
    const q = queue();
    flakyFailures = 2;
    const task = await q.enqueue(flaky, {});
    await q.runOnce();
    expect(await q.find(task.id)).toMatchObject({ status: 'queued', attempts: 1, message: '任务执行失败，请稍后重试（将在 10 秒后重试）' });
    expect(await q.runOnce()).toBe(false);
    t.clock.advance(10_000);
    await q.runOnce();
    expect(await q.find(task.id)).toMatchObject({ status: 'queued', attempts: 2, message: '任务执行失败，请稍后重试（将在 20 秒后重试）' });
    t.clock.advance(20_000);
    await q.runOnce();
    expect(await q.find(task.id)).toMatchObject({ status: 'done', attempts: 3 });
  });

  it('fails for good after the last attempt', async () => {
    const q = queue();
    flakyFailures = 10;
    const task = await q.enqueue(flaky, {});
    for (let i = 0; i < 3; i++) {
      await q.runOnce();
      t.clock.advance(60_000);
    }
    expect(await q.find(task.id)).toMatchObject({ status: 'failed', attempts: 3, message: '任务执行失败，请稍后重试' });
  });

  it('fails at once on a permanent error, keeping its message', async () => {
    const q = queue();
    const task = await q.enqueue(broken, {});
    await q.runOnce();
    expect(await q.find(task.id)).toMatchObject({ status: 'failed', attempts: 1, message: '源地址返回 404，无法下载' });
  });

  it('retries a service that is unavailable, and fails at once on any other domain error', async () => {
    const q = queue();
    const transient = await q.enqueue(domain, { transient: true });
    const permanent = await q.enqueue(domain, { transient: false });
    await q.drain();
    expect(await q.find(transient.id)).toMatchObject({ status: 'queued', attempts: 1, message: '源站暂时不可用（将在 1 秒后重试）' });
    expect(await q.find(permanent.id)).toMatchObject({ status: 'failed', attempts: 1, message: '原文地址不是网页' });
  });

  it('refuses kinds it was not built with, and bad payloads', async () => {
    const q = queue();
    const stranger = defineKind({ name: 'test.count', payload: z.object({ upTo: z.number().int() }), retry: count.retry });
    await expect(q.enqueue(stranger, { upTo: 1 })).rejects.toThrow(UnknownJobError);
    // @ts-expect-error: the payload type comes from the kind's schema
    await expect(q.enqueue(count, { upTo: 'x' })).rejects.toThrow();
    // The schema still checks what the type cannot (an integer).
    await expect(q.enqueue(count, { upTo: 1.5 })).rejects.toThrow();
    expect(await taskCount()).toBe(0);
  });

  it('will not start while unfinished tasks have no handler', async () => {
    await queue().enqueue(broken, {});
    const narrow = jobQueue(t.db, t.clock, { kinds: [count], handlers: [countHandler] }, silent);
    await expect(narrow.start()).rejects.toThrow('unfinished tasks have no handler: test.broken');
  });

  it('gives each task to one worker only, even when workers race', async () => {
    const a = queue();
    const b = queue();
    runs.length = 0;
    const tasks = await Promise.all([1, 2, 3, 4].map(() => a.enqueue(count, { upTo: 1 })));
    await Promise.all([a.drain(), b.drain()]);
    expect(runs.sort((x, y) => x - y)).toEqual(tasks.map((task) => task.id).sort((x, y) => x - y));
    for (const task of tasks) expect(await a.find(task.id)).toMatchObject({ status: 'done', attempts: 1 });
  });
});

describe('job kinds and handlers at start-up', () => {
  it('lists the kinds it runs', () => {
    const lines: string[] = [];
    const q = jobQueue(
      t.db,
      t.clock,
      { kinds: [count, flaky], handlers: [flakyHandler, countHandler] },
      { ...silent, info: (...args: unknown[]) => void lines.push(String(args.at(-1))) },
    );
    expect(q.kinds()).toEqual(['test.count', 'test.flaky']);
    expect(lines).toContain('job kinds: test.count, test.flaky');
  });

  it('fails on a kind without a handler', () => {
    expect(() => jobQueue(t.db, t.clock, { kinds: [count, flaky], handlers: [countHandler] }, silent)).toThrow(
      new JobRegistryError('job kinds and handlers do not match: job kind test.flaky has no handler'),
    );
  });

  it('fails on a handler for an unknown kind, or for a look-alike of a known one', () => {
    const lookAlike = handle(defineKind({ name: 'test.count', payload: z.object({}), retry: count.retry }), async () => null);
    expect(() => jobQueue(t.db, t.clock, { kinds: [flaky], handlers: [flakyHandler, countHandler] }, silent)).toThrow(
      'a handler is registered for the unknown job kind test.count',
    );
    expect(() => jobQueue(t.db, t.clock, { kinds: [count], handlers: [lookAlike] }, silent)).toThrow(
      'job kinds and handlers do not match: a handler is registered for the unknown job kind test.count; job kind test.count has no handler',
    );
  });

  it('fails on two handlers for one kind', () => {
    expect(() => jobQueue(t.db, t.clock, { kinds: [count], handlers: [countHandler, countHandler] }, silent)).toThrow(
      'job kind test.count has more than one handler',
    );
  });

  it('runs every kind the app declares (the app built, so each has its one handler)', () => {
    expect(t.app.jobs.kinds()).toEqual(jobKinds.map((k) => k.name));
    expect(t.app.jobs.kinds()).toEqual([
      'rss.crawl',
      'rss.download',
      'article.redownload',
      'book.import',
      'magazine.crawl',
      'magazine.download',
      'article.retranslate',
      'article.pdf',
      'article.audio',
      'article.export',
      'uploads.expire',
      'learner.sets',
    ]);
  });
});

describe('idempotency keys', () => {
  it('answer the unfinished task instead of queueing a second one, and let a new one in once it finished', async () => {
    const q = queue();
    const first = await q.enqueue(keyed, { thing: 7, note: 'first' });
    const again = await q.enqueue(keyed, { thing: 7, note: 'second' });
    expect(again.id).toBe(first.id);
    expect(again).toMatchObject({ idem_key: 'thing:7', payload: JSON.stringify({ thing: 7, note: 'first' }) });
    const other = await q.enqueue(keyed, { thing: 8, note: 'other thing' });
    expect(other.id).not.toBe(first.id);
    expect(await taskCount()).toBe(2);

    await q.drain();
    expect(await q.find(first.id)).toMatchObject({ status: 'done', result: '"first"' });
    const later = await q.enqueue(keyed, { thing: 7, note: 'later' });
    expect(later.id).not.toBe(first.id);
    expect(later.status).toBe('queued');
  });

  it('hold while the task is running and while it waits for a retry', async () => {
    const q = queue();
    keyedFailures = 1;
    const first = await q.enqueue(keyed, { thing: 1, note: 'a' });
    await t.db.kysely.updateTable('tasks').set({ status: 'running' }).where('id', '=', first.id).execute();
    expect((await q.enqueue(keyed, { thing: 1, note: 'b' })).id).toBe(first.id);
    await t.db.kysely.updateTable('tasks').set({ status: 'queued' }).where('id', '=', first.id).execute();

    await q.runOnce();
    expect(await q.find(first.id)).toMatchObject({ status: 'queued', attempts: 1 });
    expect((await q.enqueue(keyed, { thing: 1, note: 'c' })).id).toBe(first.id);
    expect(await taskCount()).toBe(1);
  });

  it('let a failed task be started afresh', async () => {
    const q = queue();
    keyedFailures = 10;
    const first = await q.enqueue(keyed, { thing: 2, note: 'a' });
    for (let i = 0; i < 3; i++) {
      await q.runOnce();
      t.clock.advance(60_000);
    }
    expect(await q.find(first.id)).toMatchObject({ status: 'failed' });
    keyedFailures = 0;
    expect((await q.enqueue(keyed, { thing: 2, note: 'b' })).id).not.toBe(first.id);
  });

  it('do nothing for kinds without one', async () => {
    const q = queue();
    const a = await q.enqueue(count, { upTo: 1 });
    const b = await q.enqueue(count, { upTo: 1 });
    expect(a.id).not.toBe(b.id);
  });

  it('hold when two queues on one database enqueue at the same moment', async () => {
    const a = queue();
    const b = queue();
    const started = await Promise.all(
      Array.from({ length: 12 }, (_, i) => (i % 2 ? a : b).enqueue(keyed, { thing: 3 + (i % 3), note: `call ${i}` })),
    );
    // Three keys, so three tasks, and every caller got the one holding its key.
    expect(await taskCount()).toBe(3);
    for (let i = 0; i < started.length; i++) expect(started[i]!.id).toBe(started[i % 3]!.id);
    expect(new Set(started.map((task) => task.id)).size).toBe(3);
  });

  it('are enforced by the database itself, not only by the queue', async () => {
    const q = queue();
    const first = await q.enqueue(keyed, { thing: 9, note: 'a' });
    const { id: _id, ...copy } = (await q.find(first.id))!;
    const error = await t.db.kysely
      .insertInto('tasks')
      .values(copy)
      .execute()
      .then(
        () => null,
        (e: unknown) => e,
      );
    expect(isUniqueViolation(error)).toBe(true);
    await t.db.kysely.updateTable('tasks').set({ status: 'done' }).where('id', '=', first.id).execute();
    await t.db.kysely.insertInto('tasks').values(copy).execute();
    expect(await taskCount()).toBe(2);
  });
});

describe('workers in other processes', () => {
  it('hear of a task enqueued inside a transaction only once it commits, and never of one rolled back', async () => {
    const bus = memoryEventBus({ log: { ...silent, warn: () => undefined }, namespace: 'tx' });
    const heard: number[] = [];
    await bus.subscribe('task.queued', (m) => void heard.push(m.task_id));
    const api = jobQueue(t.db, t.clock, { kinds, handlers: handlers(), events: bus }, silent);
    await expect(
      transaction(t.db, async () => {
        await api.enqueue(count, { upTo: 1 });
        throw new Error('the work it belonged to failed');
      }),
    ).rejects.toThrow('failed');
    expect(await taskCount()).toBe(0);
    const task = await transaction(t.db, async () => {
      const queued = await api.enqueue(count, { upTo: 1 });
      await new Promise((resolve) => setTimeout(resolve, 20));
      expect(heard).toEqual([]);
      return queued;
    });
    await vi.waitFor(() => expect(heard).toEqual([task.id]));
    await bus.close();
  });

  it('wake at once when an API process enqueues, through the event bus, and report progress on it', async () => {
    const log = { ...silent, warn: () => undefined };
    // On PostgreSQL, each "process" has its own bus over LISTEN/NOTIFY; on SQLite one in-process bus.
    const namespace = `t${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`;
    const url = process.env.TEST_DATABASE_URL;
    const [apiBus, workerBus] =
      t.db.dialect === 'postgres' && url
        ? [postgresEventBus({ url, log, namespace }), postgresEventBus({ url, log, namespace })]
        : ((bus) => [bus, bus])(memoryEventBus({ log, namespace }));
    const api = jobQueue(t.db, t.clock, { kinds, handlers: handlers(), events: apiBus }, silent);
    const worker = jobQueue(t.db, t.clock, { kinds, handlers: handlers(), events: workerBus }, silent);
    const progress: number[] = [];
    let done!: () => void;
    const finished = new Promise<void>((resolve) => (done = resolve));
    await apiBus.subscribe('task.progress', (m) => {
      progress.push(m.progress);
      if (m.progress === 100) done();
    });
    // A poll an hour long: only the event can make this worker run the task in time.
    await worker.start(3_600_000);
    const task = await api.enqueue(count, { upTo: 2 });
    await finished;
    await worker.stop();
    expect(progress).toEqual([50, 100]);
    expect((await api.find(task.id))!.status).toBe('done');
    await apiBus.close();
    await workerBus.close();
  });
});

describe('task leases', () => {
  it('let another worker take up a task whose worker stopped renewing, a minute after the last renewal', async () => {
    const a = queue('a');
    const b = queue('b');
    const task = await a.enqueue(slow, { name: 'feed-1' });
    const { ran: ranOnA } = await startRunning(a);
    // Worker a now hangs (or died): no heartbeat, no progress.
    t.clock.advance(59_000);
    expect(await b.requeueExpired()).toBe(0);
    expect(await b.runOnce()).toBe(false);
    t.clock.advance(2_000);
    expect(await b.requeueExpired()).toBe(1);
    expect(await b.find(task.id)).toMatchObject({ status: 'queued', message: '重新排队：上次执行中断', locked_by: null });
    const { ran: ranOnB } = await startRunning(b);
    expect(slowRuns.map((r) => r.worker)).toEqual(['a', 'b']);
    expect(await b.find(task.id)).toMatchObject({ status: 'running', attempts: 2 });

    // Worker a wakes up and reports: its writes no longer count, and its run is told so.
    stepGate.resolve();
    await vi.waitFor(() => expect(slowRuns[0]!.signal.aborted).toBe(true));
    expect((await b.find(task.id))!.message).not.toContain('a 第');
    finishSlow();
    await Promise.all([ranOnA, ranOnB]);
    expect(await b.find(task.id)).toMatchObject({ status: 'done', result: '"b"' });
  });

  it('are never taken while progress reports renew them', async () => {
    const a = queue('a');
    const b = queue('b');
    const task = await a.enqueue(slow, { name: 'feed-2' });
    const { ran } = await startRunning(a);
    for (let i = 0; i < 5; i++) {
      t.clock.advance(50_000);
      await step();
      expect(await b.requeueExpired()).toBe(0);
    }
    // Four minutes in, well past a single lease.
    expect(await b.find(task.id)).toMatchObject({ status: 'running', locked_by: expect.stringContaining(String(process.pid)) });
    finishSlow();
    await ran;
    expect(await b.find(task.id)).toMatchObject({ status: 'done', attempts: 1, result: '"a"' });
    expect(slowRuns).toHaveLength(1);
  });

  it('are renewed by the heartbeat while the handler reports nothing', async () => {
    const a = queue('a', { leaseMs: 60_000, heartbeatMs: 5, graceMs: 1000 });
    const b = queue('b');
    const task = await a.enqueue(slow, { name: 'feed-3' });
    const { ran } = await startRunning(a);
    for (let i = 0; i < 4; i++) {
      t.clock.advance(50_000);
      const renewed = new Date(t.clock.now().getTime() + 60_000).toISOString();
      await vi.waitFor(async () => expect((await b.find(task.id))!.lease_until).toBe(renewed));
      expect(await b.requeueExpired()).toBe(0);
    }
    finishSlow();
    await ran;
    expect(await b.find(task.id)).toMatchObject({ status: 'done', result: '"a"' });
  });

  it('fail a task whose last attempt was interrupted, rather than run it for ever', async () => {
    const a = queue('a');
    const task = await a.enqueue(slow, { name: 'feed-4' });
    await t.db.kysely.updateTable('tasks').set({ attempts: 1 }).where('id', '=', task.id).execute();
    await startRunning(a);
    t.clock.advance(61_000);
    expect(await a.requeueExpired()).toBe(1);
    expect(await a.find(task.id)).toMatchObject({ status: 'failed', attempts: 2, message: '任务多次执行中断，已停止' });
    finishSlow();
  });

  it('answer a revived task, not the dead one, when the same key is enqueued after the lease ran out', async () => {
    const a = queue('a');
    const b = queue('b');
    const task = await a.enqueue(slow, { name: 'feed-5' });
    const { ran: ranOnA } = await startRunning(a);
    t.clock.advance(30_000);
    expect(await b.enqueue(slow, { name: 'feed-5' })).toMatchObject({ id: task.id, status: 'running' });
    t.clock.advance(31_000);
    // No worker has polled yet: the enqueue itself takes the task back.
    const again = await b.enqueue(slow, { name: 'feed-5' });
    expect(again).toMatchObject({ id: task.id, status: 'queued', message: '重新排队：上次执行中断' });
    const { ran: ranOnB } = await startRunning(b);
    finishSlow();
    await Promise.all([ranOnA, ranOnB]);
    expect(await b.find(task.id)).toMatchObject({ status: 'done', result: '"b"' });
    expect(await taskCount()).toBe(1);
  });
});

describe('stopping a worker', () => {
  it('waits for the task in hand when it ends within the grace period', async () => {
    const a = queue('a', { leaseMs: 60_000, graceMs: 5_000 });
    const task = await a.enqueue(slow, { name: 'feed-6' });
    const started = a.start(3_600_000);
    await vi.waitFor(() => expect(slowRuns).toHaveLength(1));
    const stopped = a.stop();
    setTimeout(finishSlow, 20);
    await stopped;
    await started;
    expect(await a.find(task.id)).toMatchObject({ status: 'done', result: '"a"' });
  });

  it('hands the task back to the queue after the grace period, for another worker to run', async () => {
    const a = queue('a', { leaseMs: 60_000, graceMs: 50 });
    const task = await a.enqueue(slow, { name: 'feed-7' });
    const started = a.start(3_600_000);
    await vi.waitFor(() => expect(slowRuns).toHaveLength(1));
    const before = Date.now();
    await a.stop();
    expect(Date.now() - before).toBeLessThan(2_000);
    expect(slowRuns[0]!.signal.aborted).toBe(true);
    expect(await a.find(task.id)).toMatchObject({ status: 'queued', attempts: 0, locked_by: null, message: '重新排队：执行它的进程已停止' });

    const b = queue('b');
    const { ran: ranOnB } = await startRunning(b);
    finishSlow();
    await Promise.all([ranOnB, started]);
    expect(await b.find(task.id)).toMatchObject({ status: 'done', attempts: 1, result: '"b"' });
  });
});
