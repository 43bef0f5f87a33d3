/**
 * A package loaded at its first use rather than at start: what a server answering readers never
 * calls (image conversion, captchas, EPUB files) need not sit in every process's memory
 * (docs/performance.md § Memory). The promise is kept, so the package loads once.
 */
export function loadOnce<T>(load: () => Promise<T>): () => Promise<T> {
  let loaded: Promise<T> | null = null;
  return () => (loaded ??= load());
}
