import { describe, expect, it, vi } from 'vitest';
import { CHUNK_RELOAD_GUARD_MS, isChunkLoadError, reloadOnce, withChunkReload } from './chunk-reload';

const chunkError = () => new TypeError('Failed to fetch dynamically imported module: /assets/Mine-abc.js');

describe('failed chunk reload guard', () => {
  it('recognises failed dynamic imports and nothing else', () => {
    expect(isChunkLoadError(chunkError())).toBe(true);
    expect(isChunkLoadError(new TypeError('Importing a module script failed.'))).toBe(true);
    expect(isChunkLoadError(new Error('x is undefined'))).toBe(false);
  });

  it('reloads on a failed chunk, at most once within 10 s', () => {
    vi.useFakeTimers();
    const reload = vi.fn();
    expect(reloadOnce(reload)).toBe(true);
    vi.advanceTimersByTime(CHUNK_RELOAD_GUARD_MS - 1);
    expect(reloadOnce(reload)).toBe(false);
    expect(reload).toHaveBeenCalledTimes(1);
    vi.advanceTimersByTime(1);
    expect(reloadOnce(reload)).toBe(true);
    expect(reload).toHaveBeenCalledTimes(2);
    expect(CHUNK_RELOAD_GUARD_MS).toBe(10_000);
  });

  it('lets a lazy route reload the page when its chunk fails to load', async () => {
    const reload = vi.fn();
    const load = withChunkReload(() => Promise.reject(chunkError()), reload);
    void load();
    await vi.waitFor(() => expect(reload).toHaveBeenCalledTimes(1));
  });

  it('rethrows the error when the guard blocks (so the error page shows) or it is not a chunk error', async () => {
    const reload = vi.fn();
    sessionStorage.setItem('bb_chunk_reload_at', String(Date.now()));
    await expect(withChunkReload(() => Promise.reject(chunkError()), reload)()).rejects.toThrow(/dynamically/);
    await expect(withChunkReload(() => Promise.reject(new Error('boom')), reload)()).rejects.toThrow('boom');
    expect(reload).not.toHaveBeenCalled();
  });
});
