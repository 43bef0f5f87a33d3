import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fakeCaches } from '../test/fake-caches';
import { renderApp } from '../test/render-app';
import { KEPT } from './caches';

const show = (id: number, title: string) => JSON.stringify({ status: { code: '200' }, result: { id, title, title_zh: '两个小镇' } });

let kept: ReturnType<typeof fakeCaches>;

beforeEach(async () => {
  kept = fakeCaches();
  await kept.put(KEPT.pages, '/article/7', 'p'.repeat(40 * 1024), { date: 'Mon, 01 Dec 2025 08:00:00 GMT' });
  await kept.put(KEPT.data, '/reader/article/7/show', show(7, 'Two Towns Keep a River'));
  await kept.put(KEPT.pages, '/article/9', '<h1>A Lighthouse</h1>', { date: 'Tue, 02 Dec 2025 08:00:00 GMT' });
});
afterEach(() => vi.unstubAllGlobals());

describe('已下载', () => {
  it('lists the kept articles with their size, opens one, and removes one on the reader’s word', async () => {
    renderApp('/offline');
    const list = await screen.findByRole('list', { name: '已下载的文章' });
    const items = within(list).getAllByRole('listitem');
    expect(items.map((li) => within(li).getByRole('link').getAttribute('href'))).toEqual(['/article/9', '/article/7']);
    expect(items[1]!.textContent).toContain('Two Towns Keep a River');
    expect(items[1]!.textContent).toContain('两个小镇');
    expect(items[1]!.textContent).toContain('40 KB');
    expect(screen.getByText(/共 2 篇 · 约 40 KB/)).toBeTruthy();

    await userEvent.click(screen.getByRole('button', { name: '删除下载：Two Towns Keep a River' }));
    await waitFor(() => expect(within(list).getAllByRole('listitem')).toHaveLength(1));
    expect(kept.urls(KEPT.pages)).toEqual(['/article/9']);
    expect(kept.urls(KEPT.data)).toEqual([]);
  });

  it('offline, home lists the kept articles even with no home list seen', async () => {
    vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(false);
    renderApp('/', { 'GET /api/recommend/foryou': 'network-error', 'GET /reader/article/waikan': 'network-error' });
    const section = await screen.findByRole('region', { name: /当前没有网络 · 可离线阅读的 2 篇/ });
    expect(
      within(section)
        .getByRole('link', { name: /Two Towns Keep a River/ })
        .getAttribute('href'),
    ).toBe('/article/7');
  });

  it('online, home links to 已下载 when something is kept', async () => {
    renderApp('/');
    expect((await screen.findByRole('link', { name: /已下载 · 离线可读/ })).getAttribute('href')).toBe('/offline');
  });
});
