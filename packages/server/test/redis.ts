import { Redis } from 'ioredis';

/** The Redis the tests use: TEST_REDIS_URL, else the local one. */
export const TEST_REDIS_URL = process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379';

async function answers(url: string): Promise<boolean> {
  const probe = new Redis(url, { lazyConnect: true, retryStrategy: () => null, maxRetriesPerRequest: 0 });
  probe.on('error', () => undefined);
  try {
    await probe.connect();
    return (await probe.ping()) === 'PONG';
  } catch {
    return false;
  } finally {
    probe.disconnect();
  }
}

/**
 * Whether the Redis cases of a test file run: they need a Redis that answers. Without one they
 * are skipped with a printed line on a developer's machine, and fail under CI, which starts one.
 */
export async function redisForTests(what: string): Promise<boolean> {
  if (await answers(TEST_REDIS_URL)) return true;
  if (process.env.CI === 'true') throw new Error(`Redis is required under CI but does not answer at ${TEST_REDIS_URL}`);
  console.warn(`Skipping ${what}: no Redis answers at ${TEST_REDIS_URL} (set TEST_REDIS_URL).`);
  return false;
}
