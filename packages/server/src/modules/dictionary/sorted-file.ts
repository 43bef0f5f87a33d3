import { closeSync, fstatSync, openSync, readSync } from 'node:fs';

/**
 * A text file of lines sorted by a key, searched on disk: each lookup is a binary search over byte
 * positions with a few small reads, so nothing of the file is held in memory (WordNet's index files,
 * the CMU pronouncing dictionary). The file is opened on first use.
 */
export function sortedLineFile(path: string, keyOf: (line: string) => string | null) {
  let fd: number | null = null;
  let size = 0;
  // A line of these files is short (CMU ~40 bytes, WordNet index ~100): each of a search's ~20
  // steps reads one small chunk, not 8 KB (a longer line is read on, chunk by chunk).
  const chunk = Buffer.alloc(512);

  function open(): number {
    if (fd === null) {
      fd = openSync(path, 'r');
      size = fstatSync(fd).size;
    }
    return fd;
  }

  /** The whole line that starts at or after `pos` (and its start), or null past the end. */
  function lineFrom(pos: number, skipPartial: boolean): { start: number; text: string } | null {
    const handle = open();
    let start = pos;
    if (skipPartial && pos > 0) {
      // Move to the start of the next line.
      for (;;) {
        const n = readSync(handle, chunk, 0, chunk.length, start);
        if (n <= 0) return null;
        const nl = chunk.subarray(0, n).indexOf(10);
        if (nl >= 0) {
          start += nl + 1;
          break;
        }
        start += n;
      }
    }
    if (start >= size) return null;
    const parts: Buffer[] = [];
    let at = start;
    for (;;) {
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
    return { start, text: Buffer.concat(parts).toString('utf8') };
  }

  const compare = (a: string, b: string) => Buffer.compare(Buffer.from(a), Buffer.from(b));

  return {
    /** Every line whose key is `key` (adjacent lines; e.g. "a" and its variant "a(2)"). */
    find(key: string): string[] {
      open();
      let lo = 0;
      let hi = size;
      // Invariant: the first line with key >= `key` starts in (lo, hi] or at 0.
      while (hi - lo > 1) {
        const mid = Math.floor((lo + hi) / 2);
        const line = lineFrom(mid, true);
        const k = line ? keyOf(line.text) : null;
        if (line === null || (k !== null && compare(k, key) >= 0)) hi = mid;
        else lo = mid;
      }
      const found: string[] = [];
      let line = lineFrom(lo, lo > 0);
      // Skip lines before the key (headers, the line that straddles lo).
      for (let guard = 0; line && guard < 200; guard++) {
        const k = keyOf(line.text);
        if (k !== null && compare(k, key) > 0) break;
        if (k === key) found.push(line.text);
        line = lineFrom(line.start + Buffer.byteLength(line.text) + 1, false);
      }
      return found;
    },
    /** The line starting at a byte offset (WordNet's data files are addressed this way). */
    at(offset: number): string | null {
      return lineFrom(offset, false)?.text ?? null;
    },
    close() {
      if (fd !== null) closeSync(fd);
      fd = null;
    },
  };
}
