import { randomUUID } from 'node:crypto';
import { once } from 'node:events';
import net from 'node:net';
import type { RateLimitRule } from '@changdu/contract';
import { Redis } from 'ioredis';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { redisForTests, TEST_REDIS_URL } from '../../test/redis.js';
import { createTestApp, type TestApp } from '../../test/test-app.js';
import { ManualClock } from '../lib/clock.js';
import { openRedis } from '../providers/redis/redis.js';
import { RateLimiter } from './rate-limit.js';

const REDIS_URL = TEST_REDIS_URL;

/** A logger that keeps what it is told, so tests can see the fallback being reported. */
function recordingLog() {
  const warnings: { obj: object; msg: string }[] = [];
  return { warnings, warn: (obj: object, msg: string) => void warnings.push({ obj, msg }) };
}

const FALLBACK_MSG = 'rate limits counted in process memory: Redis is not answering';
const perIp = (max: number, windowSec: number): RateLimitRule => ({ by: 'ip', max, windowSec });
const perField = (field: string, max: number, windowSec: number): RateLimitRule => ({ by: { field }, max, windowSec });

async function hits(limiter: RateLimiter, n: number, bucket: string, rule: RateLimitRule, key: string): Promise<(number | null)[]> {
  const out: (number | null)[] = [];
  for (let i = 0; i < n; i++) out.push(await limiter.hit(bucket, rule, key));
  return out;
}

/** A port nothing listens on: bound by us, then released. */
async function closedPort(): Promise<number> {
  const server = net.createServer();
  server.listen(0, '127.0.0.1');
  await once(server, 'listening');
  const { port } = server.address() as net.AddressInfo;
  await new Promise<void>((resolve, reject) => server.close((err) => (err ? reject(err) : resolve())));
  return port;
}

async function readyRedis(log: ReturnType<typeof recordingLog>): Promise<Redis> {
  const redis = openRedis(REDIS_URL, log);
  // A limiter counts in memory until its connection is ready; these tests are about the shared count.
  try {
    if (redis.status !== 'ready') await once(redis, 'ready');
  } catch (err) {
    redis.disconnect();
    throw err;
  }
  return redis;
}

describe('rate limits in memory', () => {
  // Starts 15 s into a minute, so a 60 s window has 45 s left.
  const start = new Date('2026-11-21T08:00:15.000Z');

  it('answers the seconds left in the window on the hit after max, and counts afresh in the next window', async () => {
    const clock = new ManualClock(start);
    const limiter = new RateLimiter({ clock, log: recordingLog() });
    const rule = perIp(3, 60);
    expect(await hits(limiter, 4, 'auth.login', rule, '10.0.0.1')).toEqual([null, null, null, 45]);
    clock.advance(30_000);
    expect(await limiter.hit('auth.login', rule, '10.0.0.1')).toBe(15);
    clock.advance(15_000);
    expect(await hits(limiter, 4, 'auth.login', rule, '10.0.0.1')).toEqual([null, null, null, 60]);
    await limiter.close();
  });

  it('counts each key, endpoint and rule on its own', async () => {
    const limiter = new RateLimiter({ clock: new ManualClock(start), log: recordingLog() });
    const rule = perIp(2, 60);
    expect(await hits(limiter, 3, 'auth.login', rule, '10.0.0.1')).toEqual([null, null, 45]);
    expect(await hits(limiter, 2, 'auth.login', rule, '10.0.0.2')).toEqual([null, null]);
    expect(await hits(limiter, 2, 'auth.register', rule, '10.0.0.1')).toEqual([null, null]);
    // Same endpoint and key, another rule (field instead of IP, then a longer window).
    expect(await hits(limiter, 2, 'auth.login', perField('username', 2, 60), '10.0.0.1')).toEqual([null, null]);
    expect(await hits(limiter, 2, 'auth.login', perIp(2, 3600), '10.0.0.1')).toEqual([null, null]);
    await limiter.close();
  });

  it('takes a counted hit back, so only the hits that stay count', async () => {
    const limiter = new RateLimiter({ clock: new ManualClock(start), log: recordingLog() });
    const rule = perIp(2, 60);
    const first = await limiter.count('auth.login', rule, '10.0.0.1');
    expect(first.wait).toBeNull();
    await first.undo();
    expect(await hits(limiter, 3, 'auth.login', rule, '10.0.0.1')).toEqual([null, null, 45]);
    await limiter.close();
  });

  it('remembers a key until asked, per bucket, and refuses lifetimes the memory store cannot time', async () => {
    const limiter = new RateLimiter({ clock: new ManualClock(start), log: recordingLog() });
    expect(await limiter.remembers('known', 'user:1|ip:10.0.0.1')).toBe(false);
    await limiter.remember('known', 'user:1|ip:10.0.0.1', 3600);
    expect(await limiter.remembers('known', 'user:1|ip:10.0.0.1')).toBe(true);
    expect(await limiter.remembers('known', 'user:2|ip:10.0.0.1')).toBe(false);
    expect(await limiter.remembers('other', 'user:1|ip:10.0.0.1')).toBe(false);
    await expect(limiter.remember('known', 'k', 30 * 24 * 3600)).rejects.toThrow(RangeError);
    await limiter.close();
  });

  it('limits keys longer than a store key should be like any other', async () => {
    const limiter = new RateLimiter({ clock: new ManualClock(start), log: recordingLog() });
    const long = 'x'.repeat(10_000);
    expect(await hits(limiter, 2, 'auth.login', perField('username', 1, 60), long)).toEqual([null, 45]);
    expect(await limiter.hit('auth.login', perField('username', 1, 60), `${long}y`)).toBeNull();
    await limiter.close();
  });
});

describe('rate limits through the API', () => {
  let t: TestApp;
  afterEach(async () => {
    await t.close();
  });

  it('answers a contract rule’s 429 with the wait in Chinese and in Retry-After', async () => {
    t = await createTestApp({ env: { RATE_LIMIT: 'true' } });
    // auth.captcha allows 60 images per address in 10 minutes; the test clock starts on a window edge.
    t.clock.advance(4 * 60_000);
    for (let i = 0; i < 60; i++) expect((await t.call('auth.captcha', { key: `k${i}` })).http).toBe(200);
    const stopped = await t.call('auth.captcha', { key: 'one-more' });
    expect(stopped).toMatchObject({ http: 429, code: '429', msg: '操作太频繁，请 6 分钟后再试' });
    expect(stopped.headers['retry-after']).toBe('360');
  });
});

const redisUp = await redisForTests('the Redis rate-limit tests');

describe.skipIf(!redisUp)('rate limits in Redis', () => {
  const keyPrefix = `changdu-test:rl:${randomUUID()}`;
  let admin: Redis;

  beforeAll(async () => {
    admin = new Redis(REDIS_URL);
  });

  afterAll(async () => {
    const keys = await admin.keys(`${keyPrefix}:*`);
    if (keys.length > 0) await admin.del(...keys);
    await admin.quit();
  });

  it('shares one count between API processes', async () => {
    const clock = new ManualClock(new Date('2026-11-21T08:00:15.000Z'));
    const log = recordingLog();
    const processA = new RateLimiter({ clock, log, redis: await readyRedis(log), keyPrefix });
    try {
      const processB = new RateLimiter({ clock, log, redis: await readyRedis(log), keyPrefix });
      try {
        const rule = perField('phone', 3, 60);
        expect(await processA.hit('auth.sendSms', rule, '13900000000')).toBeNull();
        expect(await processB.hit('auth.sendSms', rule, '13900000000')).toBeNull();
        expect(await processA.hit('auth.sendSms', rule, '13900000000')).toBeNull();
        expect(await processB.hit('auth.sendSms', rule, '13900000000')).toBe(45);
        expect(await processA.hit('auth.sendSms', rule, '13900000001')).toBeNull();

        const keys = await admin.keys(`${keyPrefix}:auth.sendSms|*`);
        expect(keys).toHaveLength(2);
        const counts = await Promise.all(keys.map((k) => admin.get(k)));
        expect(counts.map(Number).sort((a, b) => a - b)).toEqual([1, 4]);
        // Finished windows leave the store on their own.
        for (const k of keys) expect(await admin.ttl(k)).toBeGreaterThan(0);
        expect(log.warnings.filter((w) => w.msg === FALLBACK_MSG)).toEqual([]);
      } finally {
        await processB.close();
      }
    } finally {
      await processA.close();
    }
  });

  it('shares undone hits and remembered keys between API processes', async () => {
    const clock = new ManualClock(new Date('2026-11-21T08:00:15.000Z'));
    const log = recordingLog();
    const processA = new RateLimiter({ clock, log, redis: await readyRedis(log), keyPrefix });
    try {
      const processB = new RateLimiter({ clock, log, redis: await readyRedis(log), keyPrefix });
      try {
        const rule = perField('account', 2, 60);
        const counted = await processA.count('auth.login', rule, 'user:7');
        await counted.undo();
        expect(await processB.hit('auth.login', rule, 'user:7')).toBeNull();
        expect(await processA.hit('auth.login', rule, 'user:7')).toBeNull();
        expect(await processB.hit('auth.login', rule, 'user:7')).toBe(45);

        await processA.remember('auth.login.known', 'user:7|ip:10.0.0.1', 3600);
        expect(await processB.remembers('auth.login.known', 'user:7|ip:10.0.0.1')).toBe(true);
        expect(await processB.remembers('auth.login.known', 'user:7|ip:10.0.0.2')).toBe(false);
        const [mark] = await admin.keys(`${keyPrefix}:auth.login.known|*`);
        expect(await admin.ttl(mark!)).toBeGreaterThan(3500);
      } finally {
        await processB.close();
      }
    } finally {
      await processA.close();
    }
  });

  it('keeps keys from long input short in Redis', async () => {
    const log = recordingLog();
    const limiter = new RateLimiter({ clock: new ManualClock(), log, redis: await readyRedis(log), keyPrefix });
    try {
      expect(await limiter.hit('auth.login', perField('username', 5, 600), 'y'.repeat(100_000))).toBeNull();
      const keys = await admin.keys(`${keyPrefix}:auth.login|username|*`);
      expect(keys).toHaveLength(1);
      expect(keys[0]!.length).toBeLessThan(250);
    } finally {
      await limiter.close();
    }
  });
});

describe('rate limits while Redis is down', () => {
  it('still limits, in memory, without failing the request, and logs the fallback once', async () => {
    const log = recordingLog();
    const clock = new ManualClock(new Date('2026-11-21T08:00:15.000Z'));
    const limiter = new RateLimiter({ clock, log, redis: openRedis(`redis://127.0.0.1:${await closedPort()}`, log) });
    try {
      const rule = perIp(2, 60);
      expect(await hits(limiter, 3, 'auth.login', rule, '10.0.0.1')).toEqual([null, null, 45]);
      expect(await limiter.hit('auth.login', rule, '10.0.0.2')).toBeNull();
      expect(log.warnings.filter((w) => w.msg === FALLBACK_MSG)).toHaveLength(1);
    } finally {
      await limiter.close();
    }
  });
});
