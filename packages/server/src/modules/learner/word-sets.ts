/**
 * Compact word sets. Every headword the process meets gets a small integer id (its place in one
 * interning table per process), so a reader's known words are a bitset over those ids and an
 * article's headwords a pair of typed arrays: the known share of an article is then a loop of
 * bit tests over its distinct headwords (a few thousand at most), with no strings compared.
 * The ids live only in memory; what is stored is always the words themselves.
 */
export class WordIds {
  private readonly ids = new Map<string, number>();
  private readonly words: string[] = [];

  /** The id of a headword, assigned at first sight. */
  idOf(word: string): number {
    let id = this.ids.get(word);
    if (id === undefined) {
      id = this.words.length;
      this.ids.set(word, id);
      this.words.push(word);
    }
    return id;
  }

  wordOf(id: number): string {
    return this.words[id]!;
  }

  get size(): number {
    return this.words.length;
  }
}

/** A set of word ids as bits; ids beyond its length are absent (words first seen after it was built). */
export class Bitset {
  private bits: Uint32Array;
  count = 0;

  constructor(capacity: number) {
    this.bits = new Uint32Array((capacity >>> 5) + 1);
  }

  add(id: number): void {
    const i = id >>> 5;
    const mask = 1 << (id & 31);
    if (i >= this.bits.length) {
      // A word first seen after the set was built (a mark applied in place): grow by half again.
      const grown = new Uint32Array(Math.max(i + 1, Math.ceil(this.bits.length * 1.5)));
      grown.set(this.bits);
      this.bits = grown;
    }
    if ((this.bits[i]! & mask) !== 0) return;
    this.bits[i]! |= mask;
    this.count += 1;
  }

  delete(id: number): void {
    if (!this.has(id)) return;
    this.bits[id >>> 5]! &= ~(1 << (id & 31));
    this.count -= 1;
  }

  has(id: number): boolean {
    const i = id >>> 5;
    return i < this.bits.length && (this.bits[i]! & (1 << (id & 31))) !== 0;
  }
}

/** What a reader's marks and word book come to, as bitsets over word ids. */
export interface ReaderSet {
  /** Marked known or graduated, and not being learned. */
  known: Bitset;
  /** In the word book and not graduated. */
  learning: Bitset;
  /** Marked ignored: not counted at all. */
  ignored: Bitset;
}

/** An article's (or its preview's) headwords: ids ascending, with their token counts. */
export interface ArticleWords {
  version: number;
  tokens: number;
  ids: Uint32Array;
  counts: Uint32Array;
}

/** Shares (0–100, one decimal) of an article's counted tokens the reader knows and is learning; null when nothing counts. */
export function shares(article: ArticleWords, reader: ReaderSet): { known: number; learning: number; counted: number } | null {
  let counted = 0;
  let known = 0;
  let learning = 0;
  const { ids, counts } = article;
  for (let i = 0; i < ids.length; i++) {
    const id = ids[i]!;
    if (reader.ignored.has(id)) continue;
    const n = counts[i]!;
    counted += n;
    if (reader.known.has(id)) known += n;
    else if (reader.learning.has(id)) learning += n;
  }
  if (counted === 0) return null;
  return { known: pct(known, counted), learning: pct(learning, counted), counted };
}

const pct = (part: number, whole: number) => Math.round((part / whole) * 1000) / 10;
