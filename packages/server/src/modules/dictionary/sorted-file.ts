import { closeSync, fstatSync, openSync, readSync } from 'node:fs';

/**
 * A text file of lines sorted by a key (byte order of its UTF-8), searched on disk: only the first
 * key of every `blockBytes` is held in memory, and a lookup reads the block its key is in (WordNet's
 * index files, the CMU pronouncing dictionary, CC-CEDICT's derived file). The file is opened on
 * first use. Lines whose key is null (headers) are skipped.
 */
export function sortedLineFile(path: string, keyOf: (line: string) => string | null, blockBytes = 1024) {
  let fd: number | null = null;
  let size = 0;
  // A line read by its offset (WordNet's data files) is short: one small chunk, a longer line read on.
  const chunk = Buffer.alloc(512);
  const readBuffer = Buffer.alloc(4096);
  // A search reads every line before its key: each line's key is written here to be compared,
  // and read from the line's start only (a WordNet index line or a CC-CEDICT line runs to hundreds
  // of bytes; keys are words, synsets and sense keys).
  const keyBuffer = Buffer.alloc(1024);
  const KEY_BYTES = 256;

  function keyOfLine(data: Buffer, start: number, end: number): string | null {
    if (end - start > KEY_BYTES) {
      const head = data.toString('utf8', start, start + KEY_BYTES);
      const key = keyOf(head);
      // A key that reaches the cut (or none found before it) may go on: the whole line decides.
      if (key !== null && key.length < head.length - 4) return key;
    }
    return keyOf(data.toString('utf8', start, end));
  }

  /** Byte order of a line's key against the searched key, as the file is sorted. */
  function compareKey(key: string, target: Buffer): number {
    if (key.length * 3 > keyBuffer.length) return Buffer.compare(Buffer.from(key), target);
    const n = keyBuffer.write(key);
    return keyBuffer.compare(target, 0, target.length, 0, n);
  }

  function open(): number {
    if (fd === null) {
      fd = openSync(path, 'r');
      size = fstatSync(fd).size;
    }
    return fd;
  }

  /** The whole line that starts at `pos`, or null past the end. */
  function lineAt(pos: number): string | null {
    const handle = open();
    if (pos >= size) return null;
    const parts: Buffer[] = [];
    for (let at = pos; ;) {
      const n = readSync(handle, chunk, 0, chunk.length, at);
      if (n <= 0) break;
      const nl = chunk.subarray(0, n).indexOf(10);
      if (nl >= 0) {
        parts.push(Buffer.from(chunk.subarray(0, nl)));
        break;
      }
      parts.push(Buffer.from(chunk.subarray(0, n)));
      at += n;
    }
    return Buffer.concat(parts).toString('utf8');
  }

  /**
   * The first key of every `blockBytes` of the file, read once at the first search (one pass over
   * the file, ~2,000 keys for WordNet's largest index): a search then finds its block in memory
   * and reads on from there, one or two reads, instead of ~20 reads of a binary search on disk.
   */
  let blocks: { key: Buffer; pos: number }[] | null = null;
  function blockIndex(): { key: Buffer; pos: number }[] {
    const handle = open();
    const found: { key: Buffer; pos: number }[] = [];
    const buffer = Buffer.alloc(1 << 16);
    let carry = Buffer.alloc(0);
    let carryAt = 0;
    let nextMark = 0;
    for (let at = 0; at < size;) {
      const n = readSync(handle, buffer, 0, buffer.length, at);
      if (n <= 0) break;
      const data = carry.length ? Buffer.concat([carry, buffer.subarray(0, n)]) : buffer.subarray(0, n);
      const base = carry.length ? carryAt : at;
      let lineStart = 0;
      for (let nl = data.indexOf(10); nl >= 0; nl = data.indexOf(10, lineStart)) {
        if (base + lineStart >= nextMark) {
          const k = keyOf(data.toString('utf8', lineStart, nl));
          if (k !== null) {
            found.push({ key: Buffer.from(k), pos: base + lineStart });
            nextMark = base + lineStart + blockBytes;
          }
        }
        lineStart = nl + 1;
      }
      carry = Buffer.from(data.subarray(lineStart));
      carryAt = base + lineStart;
      at += n;
    }
    return found;
  }

  return {
    /** Every line whose key is `key` (adjacent lines; e.g. "a" and its variant "a(2)"). */
    find(key: string): string[] {
      const handle = open();
      const index = (blocks ??= blockIndex());
      const target = Buffer.from(key);
      // The last block whose first key is before `key`: the key's first line is in it or after it.
      let lo = -1;
      let hi = index.length - 1;
      while (lo < hi) {
        const mid = (lo + hi + 1) >> 1;
        if (Buffer.compare(index[mid]!.key, target) < 0) lo = mid;
        else hi = mid - 1;
      }
      const found: string[] = [];
      let at = lo >= 0 ? index[lo]!.pos : 0;
      let rest = Buffer.alloc(0);
      for (let reads = 0; at < size && reads < 64; reads++) {
        const n = readSync(handle, readBuffer, 0, readBuffer.length, at);
        if (n <= 0) break;
        at += n;
        const data = rest.length ? Buffer.concat([rest, readBuffer.subarray(0, n)]) : readBuffer.subarray(0, n);
        let lineStart = 0;
        for (let nl = data.indexOf(10); nl >= 0 || at >= size; nl = data.indexOf(10, lineStart)) {
          const end = nl >= 0 ? nl : data.length;
          if (end > lineStart) {
            const k = keyOfLine(data, lineStart, end);
            const order = k === null ? -1 : compareKey(k, target);
            if (order > 0) return found;
            if (order === 0) found.push(data.toString('utf8', lineStart, end));
          }
          lineStart = end + 1;
          if (nl < 0) return found;
        }
        rest = Buffer.from(data.subarray(lineStart));
      }
      return found;
    },
    /** The line starting at a byte offset (WordNet's data files are addressed this way). */
    at(offset: number): string | null {
      return lineAt(offset);
    },
    close() {
      if (fd !== null) closeSync(fd);
      fd = null;
    },
  };
}
