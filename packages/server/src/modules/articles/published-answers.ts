import { LRUCache } from 'lru-cache';
import type { Db } from '../../db/client.js';
import { deepFreeze } from '../../lib/deep-freeze.js';
import { articleWrites } from './articles.repo.js';

/** How long an answer is kept: how late another process's change to the articles may be seen here. */
export const PUBLISHED_ANSWER_TTL_MS = 5_000;

interface Kept {
  /** `articleWrites` when the answer was begun: a write committed since makes it old. */
  writes: number;
  answer: Promise<unknown>;
}

/**
 * Answers made from the published articles alone — a page of the newest list or of a topic, a
 * search's hits — the same for everyone who asks with the same arguments. Every visitor's home
 * screen lists the newest articles and the articles change far less often than they are listed:
 * the home list and search were a fifth of the server's work in the realistic mix
 * (docs/performance.md § Answers kept for a few seconds).
 *
 * An answer is kept for `ttlMs`, frozen (its bytes are written once, http/serialize.ts#envelopeWriter),
 * and let go at once when this process commits a write to an article row (articles.repo#articleWrites);
 * what another process writes (a worker's crawl, a second API process) is seen here when the answer
 * expires. The contract lets a shared cache keep the list for a minute; nothing is kept longer here.
 * Two callers asking at once share one answer. Whatever depends on the caller (a reader's "seen"
 * mark, known shares) stays outside.
 */
export class PublishedAnswers {
  readonly #db: Db;
  readonly #kept: LRUCache<string, Kept> | null;

  constructor(db: Db, options: { ttlMs?: number | undefined; max?: number } = {}) {
    this.#db = db;
    const ttl = options.ttlMs ?? PUBLISHED_ANSWER_TTL_MS;
    this.#kept = ttl > 0 ? new LRUCache<string, Kept>({ max: options.max ?? 500, ttl }) : null;
  }

  answer<T extends object>(key: string, make: () => Promise<T>): Promise<T> {
    // Keeping turned off (LIST_KEEP_SECONDS=0; the growth bench measures the database this way).
    if (!this.#kept) return make();
    const writes = articleWrites(this.#db);
    const kept = this.#kept.get(key);
    // Made under this key by `make` of the same caller below, so of type T.
    if (kept && kept.writes === writes) return kept.answer as Promise<T>;
    const answer = make().then(deepFreeze);
    this.#kept.set(key, { writes, answer });
    // A failure is the caller's to report, and is not kept: the next caller asks again.
    answer.catch(() => {
      if (this.#kept?.get(key)?.answer === answer) this.#kept.delete(key);
    });
    return answer;
  }
}
