import { describe, expect, it, vi } from 'vitest';
import { BUILD_CHECK_INTERVAL_MS, startBuildCheck } from './build-check';

function serveVersion(buildId: string) {
  const fetchMock = vi.fn(async () => new Response(JSON.stringify({ build_id: buildId }), { status: 200 }));
  vi.stubGlobal('fetch', fetchMock);
  return fetchMock;
}

describe('new build check', () => {
  it('checks /version.json, bypassing caches, once an hour', async () => {
    vi.useFakeTimers();
    const fetchMock = serveVersion('build-1');
    const stop = startBuildCheck(vi.fn(), { currentId: 'build-1' });
    await vi.advanceTimersByTimeAsync(BUILD_CHECK_INTERVAL_MS - 1);
    expect(fetchMock).not.toHaveBeenCalled();
    await vi.advanceTimersByTimeAsync(1);
    expect(fetchMock).toHaveBeenCalledWith('/version.json', { cache: 'no-store' });
    await vi.advanceTimersByTimeAsync(BUILD_CHECK_INTERVAL_MS);
    expect(fetchMock).toHaveBeenCalledTimes(2);
    expect(BUILD_CHECK_INTERVAL_MS).toBe(3_600_000);
    stop();
  });

  it('announces a deployed build that differs from the running one, once', async () => {
    vi.useFakeTimers();
    serveVersion('build-2');
    const onNewBuild = vi.fn();
    const stop = startBuildCheck(onNewBuild, { currentId: 'build-1' });
    await vi.advanceTimersByTimeAsync(BUILD_CHECK_INTERVAL_MS * 3);
    expect(onNewBuild).toHaveBeenCalledTimes(1);
    expect(onNewBuild).toHaveBeenCalledWith('build-2');
    stop();
  });

  it('stays quiet while the deployed build is the running one', async () => {
    vi.useFakeTimers();
    serveVersion('build-1');
    const onNewBuild = vi.fn();
    const stop = startBuildCheck(onNewBuild, { currentId: 'build-1' });
    await vi.advanceTimersByTimeAsync(BUILD_CHECK_INTERVAL_MS * 2);
    expect(onNewBuild).not.toHaveBeenCalled();
    stop();
  });

  it('does not check at all in a dev build', async () => {
    vi.useFakeTimers();
    const fetchMock = serveVersion('x');
    startBuildCheck(vi.fn(), { currentId: 'dev' });
    await vi.advanceTimersByTimeAsync(BUILD_CHECK_INTERVAL_MS * 2);
    expect(fetchMock).not.toHaveBeenCalled();
  });
});
