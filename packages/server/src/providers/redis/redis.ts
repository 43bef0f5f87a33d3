import { createRequire } from 'node:module';
import type * as IORedis from 'ioredis';
import type { Redis } from 'ioredis';

/** ioredis is loaded with the first connection: a deployment without Redis never loads it (docs/performance.md). */
const loadRedis = () => (createRequire(import.meta.url)('ioredis') as typeof IORedis).Redis;

interface Logger {
  warn(obj: object, msg: string): void;
}

/**
 * The connections of this process to each Redis that are down right now. ioredis retries every
 * few hundred milliseconds and reports each failure, and a process holds several connections
 * (rate limits, event publisher, event subscriber): logging every error wrote ~100 lines in 17 s
 * of outage. One line when the first connection goes down, one when the last is back.
 */
const down = new Map<string, Set<Redis>>();

function downSet(url: string): Set<Redis> {
  let set = down.get(url);
  if (!set) down.set(url, (set = new Set()));
  return set;
}

/** Where the outage log names the server: the URL without its password. */
function safeUrl(url: string): string {
  const parsed = new URL(url);
  parsed.password = '';
  parsed.username = '';
  return parsed.toString();
}

/**
 * A Redis connection for state several processes share. Connection errors are logged (once per
 * outage, see `down`) and ioredis reconnects by itself; without the listener one dropped
 * connection would end the process. Commands fail fast while Redis is away instead of queueing
 * without bound.
 */
export function openRedis(url: string, log: Logger): Redis {
  const RedisClient = loadRedis();
  const redis = new RedisClient(url, { maxRetriesPerRequest: 1, enableOfflineQueue: true, lazyConnect: false });
  const peers = downSet(url);
  redis.on('error', (err: Error) => {
    if (peers.has(redis)) return;
    peers.add(redis);
    if (peers.size === 1)
      log.warn({ err, redis: safeUrl(url) }, 'Redis is unreachable; retrying (rate limits count in process memory meanwhile)');
  });
  redis.on('ready', () => {
    if (peers.delete(redis) && peers.size === 0) log.warn({ redis: safeUrl(url) }, 'Redis is reachable again');
  });
  // A connection closed for good (the process stopping) no longer counts towards an outage.
  redis.on('end', () => peers.delete(redis));
  return redis;
}
