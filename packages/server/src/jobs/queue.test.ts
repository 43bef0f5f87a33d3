import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { createTestApp, type TestApp } from '../../test/test-app.js';
import { defineJob, PermanentJobError } from './job.js';
import { jobQueue, UnknownJobError } from './queue.js';

let t: TestApp;
beforeEach(async () => {
  t = await createTestApp();
});
afterEach(() => t.close());

const silent = { error: () => undefined, info: () => undefined };
const runs: number[] = [];

const count = defineJob({
  name: 'test.count',
  payload: z.object({ upTo: z.number().int() }),
  maxAttempts: 3,
  backoffMs: 10_000,
  async run({ upTo }, ctx) {
    for (let i = 1; i <= upTo; i++) await ctx.progress((i / upTo) * 100, `第 ${i} 步`);
    runs.push(ctx.taskId);
    return { counted: upTo };
  },
});

let flakyFailures = 0;
const flaky = defineJob({
  name: 'test.flaky',
  payload: z.object({}),
  maxAttempts: 3,
  backoffMs: 10_000,
  async run() {
    if (flakyFailures-- > 0) throw new Error('connection reset');
    return 'ok';
  },
});

const broken = defineJob({
  name: 'test.broken',
  payload: z.object({}),
  maxAttempts: 5,
  backoffMs: 1000,
  async run() {
    throw new PermanentJobError('源地址返回 404，无法下载');
  },
});

const queue = () => jobQueue(t.db, t.clock, [count, flaky, broken], silent);

describe('the job queue', () => {
  it('runs a task to done with its progress and result', async () => {
    const q = queue();
    const task = await q.enqueue('test.count', { upTo: 4 }, { createdBy: null });
    expect(task).toMatchObject({ status: 'queued', progress: 0 });
    expect(await q.runOnce()).toBe(true);
    const done = await q.find(task.id);
    expect(done).toMatchObject({ status: 'done', progress: 100, attempts: 1, message: '第 4 步' });
    expect(JSON.parse(done!.result!)).toEqual({ counted: 4 });
    expect(await q.runOnce()).toBe(false);
  });

  it('retries with exponential backoff, then succeeds', async () => {
    const q = queue();
    flakyFailures = 2;
    const task = await q.enqueue('test.flaky', {});
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
    const task = await q.enqueue('test.flaky', {});
    for (let i = 0; i < 3; i++) {
      await q.runOnce();
      t.clock.advance(60_000);
    }
    expect(await q.find(task.id)).toMatchObject({ status: 'failed', attempts: 3, message: '任务执行失败，请稍后重试' });
  });

  it('fails at once on a permanent error, keeping its message', async () => {
    const q = queue();
    const task = await q.enqueue('test.broken', {});
    await q.runOnce();
    expect(await q.find(task.id)).toMatchObject({ status: 'failed', attempts: 1, message: '源地址返回 404，无法下载' });
  });

  it('refuses job types without a handler, and bad payloads', async () => {
    const q = queue();
    await expect(q.enqueue('test.nothing', {})).rejects.toThrow(UnknownJobError);
    await expect(q.enqueue('test.count', { upTo: 'x' })).rejects.toThrow();
  });

  it('will not start while unfinished tasks have no handler', async () => {
    await queue().enqueue('test.broken', {});
    const narrow = jobQueue(t.db, t.clock, [count], silent);
    await expect(narrow.start()).rejects.toThrow('unfinished tasks have no handler: test.broken');
  });

  it('gives each task to one worker only, even when workers race', async () => {
    const a = queue();
    const b = queue();
    runs.length = 0;
    const tasks = await Promise.all([1, 2, 3, 4].map(() => a.enqueue('test.count', { upTo: 1 })));
    await Promise.all([a.drain(), b.drain()]);
    expect(runs.sort((x, y) => x - y)).toEqual(tasks.map((task) => task.id).sort((x, y) => x - y));
    for (const task of tasks) expect(await a.find(task.id)).toMatchObject({ status: 'done', attempts: 1 });
  });
});
