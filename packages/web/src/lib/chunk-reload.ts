/**
 * After a deployment, a tab still running the old build asks for chunk files that no
 * longer exist. Reloading fetches the new build; the 10-second guard (a timestamp in
 * sessionStorage) stops a reload loop when the chunk is really broken.
 */
export const CHUNK_RELOAD_GUARD_MS = 10_000;
const STORAGE_KEY = 'bb_chunk_reload_at';

const CHUNK_ERROR =
  /Failed to fetch dynamically imported module|error loading dynamically imported module|Importing a module script failed|Loading chunk [\w-]+ failed|Unable to preload CSS/i;

export function isChunkLoadError(error: unknown): boolean {
  if (!(error instanceof Error)) return false;
  return error.name === 'ChunkLoadError' || CHUNK_ERROR.test(error.message);
}

/** Reloads unless a reload happened in the last 10 s; true when it reloads. */
export function reloadOnce(reload: () => void = () => window.location.reload()): boolean {
  const now = Date.now();
  let last = 0;
  try {
    last = Number(sessionStorage.getItem(STORAGE_KEY)) || 0;
    if (now - last < CHUNK_RELOAD_GUARD_MS) return false;
    sessionStorage.setItem(STORAGE_KEY, String(now));
  } catch {
    // No sessionStorage: without a guard a reload could loop, so show the error instead.
    return false;
  }
  reload();
  return true;
}

/** Wraps a lazy import: a failed chunk reloads the page (guarded); otherwise the error stands. */
export function withChunkReload<T>(load: () => Promise<T>, reload?: () => void): () => Promise<T> {
  return () =>
    load().catch((error: unknown) => {
      if (isChunkLoadError(error) && reloadOnce(reload)) {
        // Keep the router waiting: the page is about to be replaced.
        return new Promise<T>(() => {});
      }
      throw error;
    });
}
