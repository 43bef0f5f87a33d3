import { randomUUID } from 'node:crypto';
import type { EventBus, EventLog } from './events.js';
import { keepListening, type Listening } from './listen.js';

/** Channels whose message names one reader whose kept copies are out of date. */
export type ReaderChannel = 'word_book.changed' | 'session.changed';

export interface ReaderCopiesOptions {
  channel: ReaderChannel;
  /** Carries the channel to every process; null: this process is the only one. */
  events: EventBus | null;
  log: EventLog;
  /** Forgets what this process keeps for the reader. */
  drop(userId: number): void;
}

/**
 * The one way a process keeps a copy of a reader's rows (their sessions, their word book) and
 * lets go of it: `changed` drops the copy here and publishes the change, and a change published
 * by another process drops it here. Until this process hears the others, nothing may be kept
 * (`mayKeep`), since a change it did not hear of would go unseen.
 */
export class ReaderCopies {
  private readonly listening: Listening | null;
  private closed = false;
  /** Names this copy in what it publishes: its own news comes back on the bus and is not news here. */
  private readonly origin = randomUUID();

  constructor(private readonly options: ReaderCopiesOptions) {
    const { events, channel, log, drop } = options;
    this.listening = events
      ? keepListening(events, channel, (message) => (message.from === this.origin ? undefined : drop(message.user_id)), log)
      : null;
  }

  /** Whether a copy may be kept now: other processes' changes reach this one (or there are none), and it is open. */
  get mayKeep(): boolean {
    return !this.closed && (this.listening?.live ?? true);
  }

  /**
   * The reader's rows changed, and the write has committed (call it from `afterCommit`): drops
   * the copy here at once (unless the caller updated it, `here = 'updated'`), then tells the other processes. A publish that fails is logged; their
   * copies then last until they expire.
   */
  async changed(userId: number, here: 'drop' | 'updated' = 'drop'): Promise<void> {
    const { events, channel, log, drop } = this.options;
    // 'updated': the caller brought the copy here up to date itself; only the others drop theirs.
    if (here === 'drop') drop(userId);
    if (!events || this.closed) return;
    await events
      .publish(channel, { user_id: userId, from: this.origin })
      .catch((err: unknown) => log.warn({ err, userId, channel }, 'change not announced to other processes'));
  }

  close(): void {
    this.closed = true;
    this.listening?.close();
  }
}
