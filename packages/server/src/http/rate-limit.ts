import type { RateLimitRule } from '@changdu/contract';
import type { Clock } from '../lib/clock.js';

/**
 * Fixed-window counters per (endpoint, rule, key), in process memory. One process
 * is the default deployment; several API processes each count on their own, which
 * still bounds abuse per process (docs/operations.md).
 */
export class RateLimiter {
  private readonly windows = new Map<string, { start: number; count: number }>();
  private lastSweep = 0;

  constructor(private readonly clock: Clock) {}

  /** Counts a hit; answers the seconds to wait when the limit is exceeded, else null. */
  hit(bucket: string, rule: RateLimitRule, key: string): number | null {
    const now = this.clock.now().getTime();
    this.sweep(now);
    const id = `${bucket}|${typeof rule.by === 'string' ? rule.by : rule.by.field}|${key}`;
    const windowMs = rule.windowSec * 1000;
    let entry = this.windows.get(id);
    if (!entry || now - entry.start >= windowMs) {
      entry = { start: now, count: 0 };
      this.windows.set(id, entry);
    }
    entry.count += 1;
    if (entry.count > rule.max) return Math.max(1, Math.ceil((entry.start + windowMs - now) / 1000));
    return null;
  }

  private sweep(now: number): void {
    if (now - this.lastSweep < 60_000) return;
    this.lastSweep = now;
    // Windows are at most a day long; anything older is finished.
    for (const [id, entry] of this.windows) if (now - entry.start > 86_400_000) this.windows.delete(id);
  }
}
