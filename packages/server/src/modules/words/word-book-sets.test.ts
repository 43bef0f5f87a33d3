import { describe, expect, it } from 'vitest';
import type { EventLog } from '../../providers/events/index.js';
import { WordBookSets } from './word-book-sets.js';

const quiet: EventLog = { info: () => undefined, warn: () => undefined, error: () => undefined };

/** A word book in memory standing for the table, counting how often it is read whole. */
function book(words: string[]) {
  const rows = new Set(words);
  const reads = { whole: 0, one: 0 };
  return {
    rows,
    reads,
    options: {
      headwords: async () => {
        reads.whole++;
        return [...rows];
      },
      hasWord: async (_userId: number, word: string) => {
        reads.one++;
        return rows.has(word);
      },
      events: null,
      log: quiet,
    },
  };
}

describe('the headwords a process keeps for a reader', () => {
  it('take a word the reader adds without reading the word book again', async () => {
    const b = book(['harbour']);
    const sets = new WordBookSets(b.options);
    expect(await sets.has(1, 'harbour')).toBe(true);
    expect(b.reads.whole).toBe(1);
    for (const word of ['tide', 'gale', 'reef']) {
      b.rows.add(word);
      await sets.added(1, word);
      expect(await sets.has(1, word)).toBe(true);
    }
    expect(b.reads).toEqual({ whole: 1, one: 0 });
    // A removal (or any other change) drops the set: read again at the next lookup.
    b.rows.delete('gale');
    await sets.changed(1);
    expect(await sets.has(1, 'gale')).toBe(false);
    expect(b.reads.whole).toBe(2);
  });

  it('drop a set still loading when a word is added, so the word read before the write is not lost', async () => {
    const b = book([]);
    let release: () => void = () => undefined;
    const gate = new Promise<void>((resolve) => (release = resolve));
    const sets = new WordBookSets({
      ...b.options,
      headwords: async () => {
        const seen = [...b.rows];
        await gate;
        b.reads.whole++;
        return seen;
      },
    });
    const first = sets.has(1, 'tide');
    b.rows.add('tide');
    await sets.added(1, 'tide');
    release();
    expect(await first).toBe(false);
    expect(await sets.has(1, 'tide')).toBe(true);
  });

  it('drop a set that would outgrow what one reader may keep', async () => {
    const b = book(Array.from({ length: 9 }, (_, i) => `w${i}`));
    const sets = new WordBookSets({ ...b.options, maxWords: 100 });
    expect(await sets.has(1, 'w0')).toBe(true);
    b.rows.add('w9');
    await sets.added(1, 'w9');
    b.rows.add('w10');
    await sets.added(1, 'w10');
    // Ten is the most a set may hold here (a tenth of maxWords): the eleventh word drops it, and
    // the book, now too large to keep, is asked word by word.
    expect(await sets.has(1, 'w10')).toBe(true);
    expect(b.reads.whole).toBe(2);
    expect(b.reads.one).toBe(1);
  });
});
