import { describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { fail, ok } from '../../test/api-mock';
import { makeTask } from '../../test/articles';
import { logIn, makeUser, renderApp } from '../../test/render-app';

const manager = makeUser({ role: 'manager', is_manager: true });

const feed = (overrides = {}) => ({
  id: 1,
  url: 'https://news.example.com/feed.xml',
  title: 'Example News',
  site_url: null,
  description: null,
  item_count: 0,
  last_crawled_at: null,
  last_error: null,
  created_at: '2025-03-01T08:00:00.000Z',
  ...overrides,
});

const item = (overrides = {}) => ({
  id: 5,
  feed_id: 1,
  title: 'Rivers Remember',
  url: 'https://news.example.com/rivers',
  author: null,
  summary: null,
  published_at: '2025-03-01T08:00:00.000Z',
  article_id: null,
  article_status: null,
  created_at: '2025-03-01T08:00:00.000Z',
  ...overrides,
});

function openRss(handlers: Parameters<typeof renderApp>[1]) {
  logIn(manager);
  return renderApp('/admin/rss', { 'GET /api/user/me': ok(manager), ...handlers });
}

describe('admin RSS', () => {
  it('shows the server’s message when a feed cannot be added', async () => {
    const { api } = openRss({
      'GET /reader/rss/feed': ok({ list: [] }),
      'POST /reader/rss/feed/add': fail(400, '这个地址不是 RSS 或 Atom 订阅源'),
    });
    const u = userEvent.setup();
    await u.type(await screen.findByLabelText('添加订阅源'), 'https://example.com/page');
    await u.click(screen.getByRole('button', { name: '添加' }));
    expect(await screen.findByText('这个地址不是 RSS 或 Atom 订阅源')).toBeTruthy();
    expect(api.to('POST /reader/rss/feed/add')[0]?.body).toEqual({ url: 'https://example.com/page' });
  });

  it('添加演示源 adds the app’s own demo feed', async () => {
    const { api } = openRss({
      'GET /reader/rss/feed': ok({ list: [] }),
      'POST /reader/rss/feed/add': ok(feed({ url: `${window.location.origin}/api/demo/feed.xml`, title: '畅读演示源' })),
    });
    const addDemo = await screen.findByRole('button', { name: '添加演示源' });
    expect(screen.getByText(`${window.location.origin}/api/demo/feed.xml`)).toBeTruthy();
    await userEvent.setup().click(addDemo);
    await waitFor(() =>
      expect(api.to('POST /reader/rss/feed/add')[0]?.body).toEqual({ url: `${window.location.origin}/api/demo/feed.xml` }),
    );
  });

  it('does not offer the demo feed again when it is there, whatever host it was added under', async () => {
    openRss({ 'GET /reader/rss/feed': ok({ list: [feed({ url: 'http://127.0.0.1:3000/api/demo/feed.xml', title: '畅读演示源' })] }) });
    expect(await screen.findByText('畅读演示源')).toBeTruthy();
    expect(screen.queryByRole('button', { name: '添加演示源' })).toBeNull();
    // The hint names the address it was seeded under, not this page's origin.
    expect(screen.getByText(/应用自带一个演示源/).textContent).toBe(
      '应用自带一个演示源：http://127.0.0.1:3000/api/demo/feed.xml（已添加）',
    );
  });

  it('抓取 follows the crawl task, then refreshes the feed and lists its items', async () => {
    let crawled = false;
    const { api } = openRss({
      'GET /reader/rss/feed': () => ok({ list: [feed({ item_count: crawled ? 1 : 0, last_error: crawled ? null : '上次超时' })] }),
      'POST /reader/rss/feed/1/crawl': () => {
        crawled = true;
        return ok({ task_id: 99 });
      },
      'GET /reader/task/99': ok(makeTask({ status: 'done', progress: 100, message: '新增 1 条，跳过 0 条' })),
      'GET /reader/rss/feed/1/articles': ok({ list: [item()], next_offset: null }),
    });
    expect(await screen.findByText('上次出错：上次超时')).toBeTruthy();
    await userEvent.setup().click(screen.getByRole('button', { name: '抓取' }));
    expect(await screen.findByText('新增 1 条，跳过 0 条')).toBeTruthy();
    expect(await screen.findByRole('link', { name: 'Rivers Remember' })).toBeTruthy();
    await waitFor(() => expect(screen.queryByText('上次出错：上次超时')).toBeNull());
    expect(api.to('GET /reader/rss/feed').length).toBeGreaterThan(1);
  });

  it('下载 follows the download task and links to the new draft; a downloaded item links to its draft with its status', async () => {
    openRss({
      'GET /reader/rss/feed': ok({ list: [feed({ item_count: 2 })] }),
      'GET /reader/rss/feed/1/articles': ok({
        list: [item(), item({ id: 6, title: 'Salt Roads', article_id: 40, article_status: 'pending' })],
        next_offset: null,
      }),
      'POST /reader/rss/articles/5/download': ok({ task_id: 99 }),
      'GET /reader/task/99': ok(makeTask({ status: 'done', progress: 100, message: '草稿已生成', link: '/admin/article/41' })),
    });
    const u = userEvent.setup();
    await u.click(await screen.findByRole('button', { name: '查看条目' }));
    const items = (await screen.findByRole('list', { name: '条目' })).children;
    const downloaded = within(items[1] as HTMLElement);
    expect(downloaded.getByRole('link', { name: '查看草稿' }).getAttribute('href')).toBe('/admin/article/40');
    expect(downloaded.getByText('待审核')).toBeTruthy();

    await u.click(within(items[0] as HTMLElement).getByRole('button', { name: '下载' }));
    const link = await within(items[0] as HTMLElement).findByRole('link', { name: '查看草稿' });
    expect(link.getAttribute('href')).toBe('/admin/article/41');
    expect(within(items[0] as HTMLElement).getByText('草稿已生成')).toBeTruthy();
  });
});
