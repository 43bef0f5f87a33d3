import { LRUCache } from 'lru-cache';
import { isDatabaseUnavailable } from '../../db/client.js';

/** One word a reader looked up on one China-time day: a row of `word_lookups`. */
export interface LookupRow {
  user_id: number;
  day: string;
  word: string;
}

export interface LookupBufferOptions {
  /** Writes rows some of which may exist already, idempotently (history.repo#recordLookups). */
  write(rows: LookupRow[]): Promise<void>;
  log: { warn(obj: object, msg: string): void; error(obj: object, msg: string): void };
  /** How often waiting rows are written. */
  intervalMs: number;
  /** A write starts at once when this many rows wait, whatever the interval. */
  flushAt?: number;
  /** While the database refuses writes, taps beyond this many waiting rows are not counted: memory stays bounded. */
  maxPending?: number;
}

const noop = () => undefined;

/**
 * The day's looked-up words of this process, written in batches: a tap only notes its row in
 * memory, and one statement writes what has gathered every `intervalMs`, as soon as `flushAt`
 * rows wait, before a read of the counts (`flush()`), and when the process stops (`close()`).
 * A kill -9 loses at most the last interval's new rows (docs/decisions.md "Looked-up words").
 */
export class LookupBuffer {
  private pending = new Map<string, LookupRow>();
  /** Rows known to be in the table: a repeat tap of the day writes nothing (rows are never removed but with their reader). */
  private readonly written = new LRUCache<string, true>({ max: 20_000 });
  /** The write in progress (or settled); each flush starts after the one before it. */
  private tail: Promise<void> = Promise.resolve();
  /** A flush waiting for its turn: it will take every row noted until it starts, so later callers share it. */
  private queued: Promise<void> | null = null;
  private readonly timer: NodeJS.Timeout;
  private readonly flushAt: number;
  private readonly maxPending: number;
  private failing = false;
  private dropping = false;

  constructor(private readonly options: LookupBufferOptions) {
    this.flushAt = options.flushAt ?? 500;
    this.maxPending = options.maxPending ?? 20_000;
    this.timer = setInterval(() => {
      if (this.pending.size > 0) this.flush().catch(noop);
    }, options.intervalMs);
    // A process with nothing else to do may end; close() writes what is left.
    this.timer.unref();
  }

  /** Notes a lookup; no database work here. */
  record(userId: number, day: string, word: string): void {
    const key = `${userId}\u0000${day}\u0000${word}`;
    if (this.pending.has(key) || this.written.has(key)) return;
    if (this.pending.size >= this.maxPending) {
      if (!this.dropping) this.options.log.warn({ waiting: this.pending.size }, 'looked-up words not counted: too many wait for the database');
      this.dropping = true;
      return;
    }
    this.pending.set(key, { user_id: userId, day, word });
    if (this.pending.size >= this.flushAt && !this.queued) this.flush().catch(noop);
  }

  /**
   * Writes every row noted before the call (after any write in progress). Rejects when the
   * database did not take them; rows it may take later are kept for the next flush.
   */
  flush(): Promise<void> {
    if (this.queued) return this.queued;
    const run = this.tail.then(() => {
      this.queued = null;
      return this.writeOut();
    });
    this.queued = run;
    this.tail = run.catch(noop);
    return run;
  }

  /** Stops the timer and writes what is left (the process is stopping). */
  async close(): Promise<void> {
    clearInterval(this.timer);
    await this.flush().catch((err: unknown) =>
      this.options.log.error({ err, lost: this.pending.size }, 'looked-up words not written at shutdown'),
    );
  }

  private async writeOut(): Promise<void> {
    if (this.pending.size === 0) return;
    const taken = this.pending;
    this.pending = new Map();
    const rows = [...taken.values()];
    try {
      // One statement per 500 rows: within both dialects' limits on bound parameters.
      for (let i = 0; i < rows.length; i += 500) await this.options.write(rows.slice(i, i + 500));
    } catch (err) {
      if (isDatabaseUnavailable(err)) {
        // Back in line for the next flush (the statement is idempotent, so rows written before the failure may go again).
        for (const [key, row] of taken) if (this.pending.size < this.maxPending) this.pending.set(key, row);
        if (!this.failing) this.options.log.warn({ err, waiting: this.pending.size }, 'looked-up words wait: the database is unavailable');
        this.failing = true;
      } else {
        // A batch the database refuses for what it holds would be refused for ever.
        this.options.log.error({ err, lost: rows.length }, 'looked-up words not written');
      }
      throw err;
    }
    for (const key of taken.keys()) this.written.set(key, true);
    this.failing = false;
    this.dropping = false;
  }
}
