import { LRUCache } from 'lru-cache';
import { ReaderCopies, type EventBus, type EventLog } from '../../providers/events/index.js';

export interface WordBookSetsOptions {
  /** Every headword of a reader's word book. */
  headwords(userId: number): Promise<string[]>;
  /** Whether one headword is in it: asked when no set may be kept (see `live`). */
  hasWord(userId: number, word: string): Promise<boolean>;
  /** Carries `word_book.changed` to every process; null: this process is the only one. */
  events: EventBus | null;
  log: EventLog;
  /** How long a set is trusted without news of a change: the backstop for an event lost on the way. */
  ttlMs?: number;
  /** Readers whose sets are kept at once. */
  maxReaders?: number;
  /** Headwords kept in all sets together; a word book larger than a tenth of it is asked word by word. */
  maxWords?: number;
}

interface Entry {
  /** Settles once with the reader's headwords as they were when read; null for a word book too large to keep. */
  readonly words: Promise<Set<string> | null>;
  /** The settled set, in an entry that replaces the loading one (the cache sizes an entry when it is set). */
  readonly ready?: Set<string>;
  /** The word book is too large to keep: its reader's lookups ask the database (until `ttlMs`). */
  readonly large?: true;
}

/**
 * Each active reader's word-book headwords in memory, so a logged-in lookup answers "in my word
 * book" without a query. A set is dropped when its reader adds or removes a word: at once in the
 * process that made the change (`changed`, after the write committed) and, through the event bus,
 * in every other (`ReaderCopies`, providers/events/reader-copies.ts); a set older than `ttlMs`
 * is read again in case an event was lost. Until this process listens on the bus, and for word
 * books too large to keep, the database is asked.
 */
export class WordBookSets {
  private readonly sets: LRUCache<number, Entry>;
  private readonly maxEntryWords: number;
  /** Drops a reader's set on their changes, here and in other processes. */
  private readonly copies: ReaderCopies;

  constructor(private readonly options: WordBookSetsOptions) {
    const maxWords = options.maxWords ?? 100_000;
    this.maxEntryWords = Math.floor(maxWords / 10);
    this.sets = new LRUCache<number, Entry>({
      max: options.maxReaders ?? 10_000,
      maxSize: maxWords,
      // A set still loading counts one; its real size is set once it is read (`load`).
      sizeCalculation: (entry) => (entry.ready?.size ?? 0) + 1,
      ttl: options.ttlMs ?? 60_000,
    });
    this.copies = new ReaderCopies({
      channel: 'word_book.changed',
      events: options.events,
      log: options.log,
      drop: (userId) => void this.sets.delete(userId),
    });
  }

  /** Whether the reader's word book holds the headword; from memory when the set is kept. */
  has(userId: number, word: string): boolean | Promise<boolean> {
    if (!this.copies.mayKeep) return this.options.hasWord(userId, word);
    const entry = this.sets.get(userId) ?? this.load(userId);
    if (entry.ready) return entry.ready.has(word);
    if (entry.large) return this.options.hasWord(userId, word);
    return entry.words.then((words) => (words ? words.has(word) : this.options.hasWord(userId, word)));
  }

  /**
   * The reader's word book changed (the write has committed): drops the set here, then tells the
   * other processes. A publish that fails is logged; their sets then last until `ttlMs`.
   */
  changed(userId: number): Promise<void> {
    return this.copies.changed(userId);
  }

  /**
   * The reader added `word` (the write has committed): a set kept here takes the word, so the
   * next lookup need not read the whole word book again (a reader adding words as they read would
   * otherwise reload it after each one); the other processes drop theirs. A set still loading, or
   * one that would outgrow what is kept, is dropped as for any change.
   */
  added(userId: number, word: string): Promise<void> {
    const entry = this.sets.peek(userId);
    if (!entry?.ready || !this.copies.mayKeep || entry.ready.size >= this.maxEntryWords) return this.copies.changed(userId);
    entry.ready.add(word);
    // Set again to be sized anew; its age stays that of the read, the backstop for a lost event.
    this.sets.set(userId, { words: entry.words, ready: entry.ready }, { noUpdateTTL: true });
    return this.copies.changed(userId, 'updated');
  }

  close(): void {
    this.copies.close();
    this.sets.clear();
  }

  private load(userId: number): Entry {
    const entry: Entry = {
      words: this.options.headwords(userId).then((list) => {
        const words = list.length > this.maxEntryWords ? null : new Set(list);
        // Kept only if nothing dropped it meanwhile: a change during the read may not be in it.
        if (this.sets.peek(userId) === entry)
          this.sets.set(userId, words ? { words: entry.words, ready: words } : { words: entry.words, large: true });
        return words;
      }),
    };
    // A failed read is not kept: the next lookup asks again.
    entry.words.catch(() => {
      if (this.sets.peek(userId) === entry) this.sets.delete(userId);
    });
    this.sets.set(userId, entry);
    return entry;
  }
}
