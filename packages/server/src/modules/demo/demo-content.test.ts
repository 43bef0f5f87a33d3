import { articleLevels } from '@changdu/contract';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/test-app.js';

let t: TestApp;
beforeEach(async () => {
  t = await createTestApp();
});
afterEach(() => t.close());

describe('demo content', () => {
  it('publishes at least 12 original articles across four or more topics and every level, once', async () => {
    const feedUrl = 'http://localhost:3000/api/demo/feed.xml';
    expect(await t.app.seedDemoContent(feedUrl)).toBe(12);
    const list = [...(await t.call('article.list')).result!.list, ...(await t.call('article.list', { offset: 10 })).result!.list];
    expect(list).toHaveLength(12);
    expect(new Set(list.flatMap((a) => a.topics)).size).toBeGreaterThanOrEqual(4);
    expect(new Set(list.map((a) => a.level))).toEqual(new Set(articleLevels));
    const article = (await t.call('article.show', { id: list[0]!.id })).result!;
    expect(article.title_zh).toBeTruthy();
    expect(article.paragraphs.every((p) => p.zh)).toBe(true);
    expect(await t.app.seedDemoContent(feedUrl)).toBe(0);
  });

  it('dates the demo articles one a day up to the seeding day, so this week has articles (/admin/poster)', async () => {
    await t.app.seedDemoContent('http://localhost:3000/api/demo/feed.xml');
    const now = t.clock.now().getTime();
    const list = [...(await t.call('article.list')).result!.list, ...(await t.call('article.list', { offset: 10 })).result!.list];
    const ages = list.map((a) => (now - Date.parse(a.published_at!)) / (24 * 3600 * 1000));
    expect(ages.every((d) => d > 0 && d < 12)).toBe(true);
    expect(ages.filter((d) => d < 7).length).toBeGreaterThanOrEqual(7);
  });

  it('serves a demo feed the app can crawl and download from itself, with no network', async () => {
    await t.app.seedDemoContent('http://localhost:3000/api/demo/feed.xml');
    const manager = await t.createUser({ role: 'manager' });
    const feed = (await t.call('rss.feeds', {}, { token: manager.token })).result!.list[0]!;
    await t.call('rss.crawl', { id: feed.id }, { token: manager.token });
    await t.app.jobs.drain();
    const items = (await t.call('rss.items', { id: feed.id }, { token: manager.token })).result!.list;
    expect(items).toHaveLength(2);
    expect(items[0]!.url).toMatch(/^http:\/\/localhost:3000\/api\/demo\/article\//);
    const started = await t.call('rss.download', { id: items[0]!.id }, { token: manager.token });
    await t.app.jobs.drain();
    const task = (await t.call('task.show', { id: started.result!.task_id }, { token: manager.token })).result!;
    expect(task.status).toBe('done');
    const draft = (await t.call('article.edit', { id: (task.result as { article_id: number }).article_id }, { token: manager.token }))
      .result!;
    expect(draft).toMatchObject({ status: 'draft', title: items[0]!.title });
    expect(draft.paragraphs.map((p) => p.text).join(' ')).not.toMatch(/Advertisement|Share this/);
  });

  it('the demo feed is one feed under any of this server’s names', async () => {
    await t.app.seedDemoContent('http://localhost:3000/api/demo/feed.xml');
    const manager = await t.createUser({ role: 'manager' });
    for (const url of ['http://127.0.0.1:3000/api/demo/feed.xml', 'http://[::1]:3000/api/demo/feed.xml', 'http://LOCALHOST:3000/api/demo/feed.xml#top']) {
      expect(await t.call('rss.addFeed', { url }, { token: manager.token }), url).toMatchObject({ http: 409, msg: '这个订阅源已经添加过了' });
    }
    // Seeding again under another name adds nothing either.
    await t.app.seedDemoContent('http://127.0.0.1:3000/api/demo/feed.xml');
    expect((await t.call('rss.feeds', {}, { token: manager.token })).result!.list).toHaveLength(1);
  });
});
