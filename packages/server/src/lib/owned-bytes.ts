/**
 * A text's UTF-8 bytes in memory of their own, for bytes a cache keeps. `Buffer.from(text)` takes
 * a text under 4 KB from Node's shared 8 KB pool, and a slice that stays alive keeps its whole
 * slab alive: under the reader mix the answer replay's kept words (1–3 KB each) held 1,611 slabs,
 * 13 MB, against the 8 MB the cache counts (docs/performance.md § Memory the caches pinned).
 */
export function ownedBytes(text: string): Buffer {
  const bytes = Buffer.allocUnsafeSlow(Buffer.byteLength(text));
  bytes.write(text);
  return bytes;
}
