import { createRequire } from 'node:module';
import type * as IORedis from 'ioredis';
import type { Redis } from 'ioredis';

/** ioredis is loaded with the first connection: a deployment without Redis never loads it (docs/performance.md). */
const loadRedis = () => (createRequire(import.meta.url)('ioredis') as typeof IORedis).Redis;

interface Logger {
  warn(obj: object, msg: string): void;
}

/**
 * A Redis connection for state several processes share. Connection errors are logged and
 * ioredis reconnects by itself; without the listener one dropped connection would end the process.
 * Commands fail fast while Redis is away instead of queueing without bound.
 */
export function openRedis(url: string, log: Logger): Redis {
  const RedisClient = loadRedis();
  const redis = new RedisClient(url, { maxRetriesPerRequest: 1, enableOfflineQueue: true, lazyConnect: false });
  redis.on('error', (err: Error) => log.warn({ err }, 'redis connection error'));
  return redis;
}
