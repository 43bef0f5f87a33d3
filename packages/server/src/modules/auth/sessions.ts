import { LRUCache } from 'lru-cache';
import { ReaderCopies, type EventBus, type EventLog } from '../../providers/events/index.js';
import type { UserRow } from '../users/index.js';

/** A live token as resolved: its row's id and expiry, and its user's row (frozen: it is shared by requests). */
export interface Session {
  readonly tokenId: number;
  readonly expiresAt: number;
  readonly user: Readonly<UserRow>;
}

export interface SessionsOptions {
  /** Carries `session.changed` to every process; null: this process is the only one. */
  events: EventBus | null;
  log: EventLog;
  /** How long a session is trusted without news of a change: the backstop for an event lost on the way. */
  ttlMs?: number;
  /** Tokens kept at once. */
  max?: number;
}

/**
 * Resolved tokens of this process by token hash, so a logged-in request does not read its token
 * and user rows every time (two reads were most of what a logged-in word lookup cost). A reader's
 * sessions are dropped when their row changes or a token of theirs is revoked: at once in the
 * process that made the change, after it committed (`changed`), and through the event bus in
 * every other (`ReaderCopies`, providers/events/reader-copies.ts); a session older than `ttlMs`
 * is read again in case an event was lost. Until this
 * process listens on the bus, nothing is kept. The token's expiry and the reader's role are
 * judged at each request from what is kept (docs/decisions.md "Sessions kept in memory").
 */
export class Sessions {
  private readonly kept: LRUCache<string, Session>;
  /** Moves on at every drop: a read that started before one may predate its change, so it is not kept. */
  private epoch = 0;
  private readonly copies: ReaderCopies;

  constructor(options: SessionsOptions) {
    this.kept = new LRUCache<string, Session>({ max: options.max ?? 10_000, ttl: options.ttlMs ?? 10_000 });
    this.copies = new ReaderCopies({
      channel: 'session.changed',
      events: options.events,
      log: options.log,
      drop: (userId) => this.drop(userId),
    });
  }

  /** The session of a token hash live at `nowMs`: kept, or read by `load` (a token that is not live: null). */
  async resolve(hash: string, nowMs: number, load: () => Promise<Session | null>): Promise<Session | null> {
    const kept = this.kept.get(hash);
    if (kept) return kept.expiresAt > nowMs ? kept : null;
    if (!this.copies.mayKeep) return load();
    const epoch = this.epoch;
    const found = await load();
    if (!found) return null;
    const session = { ...found, user: Object.freeze({ ...found.user }) };
    if (epoch === this.epoch && this.copies.mayKeep) this.kept.set(hash, session);
    return session;
  }

  /**
   * A reader's row changed or a token of theirs was revoked (committed): drops their sessions
   * here, then tells the other processes. A publish that fails is logged; there the sessions
   * last until `ttlMs`.
   */
  changed(userId: number): Promise<void> {
    return this.copies.changed(userId);
  }

  close(): void {
    this.copies.close();
    this.kept.clear();
  }

  private drop(userId: number): void {
    this.epoch++;
    const hashes: string[] = [];
    for (const [hash, session] of this.kept.entries()) if (session.user.id === userId) hashes.push(hash);
    for (const hash of hashes) this.kept.delete(hash);
  }
}
