import { createHash } from 'node:crypto';
import type { RateLimitRule } from '@changdu/contract';
import type { Redis } from 'ioredis';
import { RateLimiterMemory, RateLimiterRedis, RateLimiterRes, type RateLimiterAbstract } from 'rate-limiter-flexible';
import type { Clock } from '../lib/clock.js';

interface Logger {
  warn(obj: object, msg: string): void;
}

export interface RateLimiterOptions {
  clock: Clock;
  log: Logger;
  /** Where counters live so every API process shares them; this process's memory when absent. Closed by `close()`. */
  redis?: Redis | null;
  /** Namespace of the counters in Redis; tests give each run its own. */
  keyPrefix?: string;
}

// Keys come from request input before validation; a long one is hashed so it cannot bloat the store.
const MAX_KEY_LENGTH = 64;
const FALLBACK_WARN_EVERY_MS = 60_000;

/** Stands in while Redis does not answer, and says so in the log (at most once a minute). */
class MemoryFallback extends RateLimiterMemory {
  constructor(
    opts: ConstructorParameters<typeof RateLimiterMemory>[0],
    private readonly onUse: () => void,
  ) {
    super(opts);
  }

  override consume(...args: Parameters<RateLimiterMemory['consume']>): Promise<RateLimiterRes> {
    this.onUse();
    return super.consume(...args);
  }
}

/**
 * Fixed windows per (endpoint, rule, key), counted by rate-limiter-flexible: in Redis when
 * configured, so several API processes share one count, else in this process's memory.
 *
 * Windows are aligned to the injected clock (window n covers [n·w, (n+1)·w)) and the window
 * number is part of the key: every process agrees on when a window ends without asking the
 * store, and tests that move the clock move the windows too.
 */
export class RateLimiter {
  private readonly clock: Clock;
  private readonly log: Logger;
  private readonly redis: Redis | null;
  private readonly keyPrefix: string;
  /** One limiter per (max, window): rate-limiter-flexible fixes both per instance. The contract's rules bound the map. */
  private readonly limiters = new Map<string, RateLimiterAbstract>();
  private lastFallbackWarn: number | null = null;
  private fallbackHits = 0;

  constructor(options: RateLimiterOptions) {
    this.clock = options.clock;
    this.log = options.log;
    this.redis = options.redis ?? null;
    this.keyPrefix = options.keyPrefix ?? 'changdu:rl';
  }

  /** Counts a hit; answers the seconds to wait when the limit is exceeded, else null. */
  async hit(bucket: string, rule: RateLimitRule, key: string): Promise<number | null> {
    const now = this.clock.now().getTime();
    const windowMs = rule.windowSec * 1000;
    const window = Math.floor(now / windowMs);
    const by = typeof rule.by === 'string' ? rule.by : rule.by.field;
    const id = `${bucket}|${by}|${rule.max}/${rule.windowSec}|${window}|${storeKey(key)}`;
    try {
      await this.limiterFor(rule).consume(id);
      return null;
    } catch (rejection) {
      // A RateLimiterRes is the library's "no points left"; anything else is a real failure.
      if (!(rejection instanceof RateLimiterRes)) throw rejection;
      return Math.max(1, Math.ceil(((window + 1) * windowMs - now) / 1000));
    }
  }

  /** Closes the Redis connection, if any. */
  async close(): Promise<void> {
    const redis = this.redis;
    if (!redis) return;
    if (redis.status === 'ready') {
      try {
        await redis.quit();
        return;
      } catch {
        // The connection went away while quitting; disconnecting below still releases it.
      }
    }
    // Not connected: QUIT would wait in the offline queue, and reconnecting must stop.
    redis.disconnect();
  }

  private limiterFor(rule: RateLimitRule): RateLimiterAbstract {
    const id = `${rule.max}/${rule.windowSec}`;
    let limiter = this.limiters.get(id);
    if (!limiter) {
      // The window is already in the key; the store's expiry only clears finished windows away.
      const opts = { points: rule.max, duration: rule.windowSec, keyPrefix: this.keyPrefix };
      limiter = this.redis
        ? new RateLimiterRedis({
            ...opts,
            storeClient: this.redis,
            // While Redis is away, count in memory at once rather than hold requests in ioredis's queue.
            rejectIfRedisNotReady: true,
            insuranceLimiter: new MemoryFallback(opts, () => this.noteFallback()),
          })
        : new RateLimiterMemory(opts);
      this.limiters.set(id, limiter);
    }
    return limiter;
  }

  private noteFallback(): void {
    this.fallbackHits += 1;
    const now = this.clock.now().getTime();
    if (this.lastFallbackWarn !== null && now - this.lastFallbackWarn < FALLBACK_WARN_EVERY_MS) return;
    this.log.warn(
      { redisStatus: this.redis?.status, hitsInMemory: this.fallbackHits },
      'rate limits counted in process memory: Redis is not answering',
    );
    this.lastFallbackWarn = now;
    this.fallbackHits = 0;
  }
}

function storeKey(key: string): string {
  return key.length <= MAX_KEY_LENGTH ? key : `sha256:${createHash('sha256').update(key).digest('hex')}`;
}
