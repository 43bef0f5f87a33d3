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
// The memory store expires entries with setTimeout, which fires at once for delays past 2^31-1 ms.
const MAX_MEMORY_TTL_SEC = Math.floor((2 ** 31 - 1) / 1000);

/** One counted hit: how long to wait when it went over the limit, and how to take it back. */
export interface CountedHit {
  /** Seconds until the window ends when this hit exceeded the limit, else null. */
  wait: number | null;
  /** Takes this hit back, for an attempt that turned out not to count (a right password). */
  undo(): Promise<void>;
}

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
  private markStore: RateLimiterAbstract | null = null;
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
    return (await this.count(bucket, rule, key)).wait;
  }

  /**
   * Counts a hit like `hit`, and answers how to take it back. Counting before the outcome is
   * known, then undoing, keeps a burst of parallel attempts from all passing one check.
   */
  async count(bucket: string, rule: RateLimitRule, key: string): Promise<CountedHit> {
    const now = this.clock.now().getTime();
    const windowMs = rule.windowSec * 1000;
    const window = Math.floor(now / windowMs);
    const by = typeof rule.by === 'string' ? rule.by : rule.by.field;
    const id = `${bucket}|${by}|${rule.max}/${rule.windowSec}|${window}|${storeKey(key)}`;
    const limiter = this.limiterFor(rule);
    // The id keeps the window it was counted in, so an undo after the window turned still hits it.
    const undo = async () => {
      await limiter.reward(id, 1);
    };
    try {
      await limiter.consume(id);
      return { wait: null, undo };
    } catch (rejection) {
      // A RateLimiterRes is the library's "no points left"; anything else is a real failure.
      if (!(rejection instanceof RateLimiterRes)) throw rejection;
      return { wait: Math.max(1, Math.ceil(((window + 1) * windowMs - now) / 1000)), undo };
    }
  }

  /**
   * Remembers `key` under `bucket` for `ttlSec` in the counters' store, so every process sees it
   * (the login guard's known devices). Remembering again restarts the time.
   */
  async remember(bucket: string, key: string, ttlSec: number): Promise<void> {
    if (ttlSec > MAX_MEMORY_TTL_SEC) throw new RangeError(`remember: ${ttlSec} s is longer than the memory store can time`);
    await this.marks().set(`${bucket}|${storeKey(key)}`, 1, ttlSec);
  }

  /** Whether `key` was remembered under `bucket` and has not expired. */
  async remembers(bucket: string, key: string): Promise<boolean> {
    const found = await this.marks().get(`${bucket}|${storeKey(key)}`);
    return found !== null && found.consumedPoints > 0;
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
      limiter = this.newLimiter(rule.max, rule.windowSec);
      this.limiters.set(id, limiter);
    }
    return limiter;
  }

  /** The store of remembered keys: one limiter, since every `set` names its own lifetime. */
  private marks(): RateLimiterAbstract {
    this.markStore ??= this.newLimiter(1, 1);
    return this.markStore;
  }

  private newLimiter(points: number, duration: number): RateLimiterAbstract {
    const opts = { points, duration, keyPrefix: this.keyPrefix };
    return this.redis
      ? new RateLimiterRedis({
          ...opts,
          storeClient: this.redis,
          // While Redis is away, count in memory at once rather than hold requests in ioredis's queue.
          rejectIfRedisNotReady: true,
          insuranceLimiter: new MemoryFallback(opts, () => this.noteFallback()),
        })
      : new RateLimiterMemory(opts);
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
