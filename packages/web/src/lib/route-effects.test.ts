import { beforeEach, describe, expect, it, vi } from 'vitest';
import { createMemoryRouter } from 'react-router';
import { watchRouteChanges } from './route-effects';
import { flush, mockApi, ok } from '../test/api-mock';

function makeRouter(initial: string) {
  return createMemoryRouter([{ path: '/', children: [{ index: true }, { path: 'Mine' }, { path: 'article/:id' }, { path: 'Search' }] }], {
    initialEntries: [initial],
  });
}

describe('route change effects', () => {
  beforeEach(() => {
    vi.useFakeTimers();
    window.scrollTo = vi.fn() as typeof window.scrollTo;
  });

  it('sends a PAGE_OPEN event with the full path, query included, on every route change', async () => {
    const api = mockApi({ 'POST /api/log': ok({ id: 1 }) });
    const router = makeRouter('/');
    watchRouteChanges(router);
    await router.navigate('/Search?q=climate&offset=10');
    await router.navigate('/Mine');
    await flush();

    const events = api.to('POST /api/log').map((r) => r.body);
    expect(events).toEqual([
      expect.objectContaining({ name: 'PAGE_OPEN', data: { path: '/' } }),
      expect.objectContaining({ name: 'PAGE_OPEN', data: { path: '/Search?q=climate&offset=10' } }),
      expect.objectContaining({ name: 'PAGE_OPEN', data: { path: '/Mine' } }),
    ]);
  });

  it('scrolls to the top 500 ms after navigating, but not on an article page', async () => {
    mockApi({ 'POST /api/log': ok({ id: 1 }) });
    const router = makeRouter('/');
    watchRouteChanges(router);

    await router.navigate('/Mine');
    vi.advanceTimersByTime(500);
    expect(window.scrollTo).toHaveBeenCalledTimes(1);

    await router.navigate('/article/7');
    vi.advanceTimersByTime(1000);
    expect(window.scrollTo).toHaveBeenCalledTimes(1);
  });

  it('stops after unsubscribe', async () => {
    const api = mockApi({ 'POST /api/log': ok({ id: 1 }) });
    const router = makeRouter('/');
    const stop = watchRouteChanges(router);
    stop();
    await router.navigate('/Mine');
    await flush();
    expect(api.to('POST /api/log')).toHaveLength(1);
  });
});
