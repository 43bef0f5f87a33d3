import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { articlePage, LONG_PARAGRAPHS, startFakeWeb, type FakeWeb } from '../../../test/fake-web.js';
import { createTestApp, type TestApp } from '../../../test/test-app.js';
import { HOUR } from '../../lib/clock.js';

let web: FakeWeb;
let t: TestApp;
let manager: { token: string; user: { id: number } };

beforeAll(async () => {
  web = await startFakeWeb();
});
afterAll(() => web.close());
beforeEach(async () => {
  await web.reset();
  // Only the fake's own port is reachable among internal addresses, as in an intranet allow-list.
  t = await createTestApp({ env: { FETCH_ALLOW_PRIVATE: `127.0.0.1:${web.port}` } });
  manager = await t.createUser({ role: 'manager' });
});
afterEach(() => t.close());

const as = () => ({ token: manager.token });

async function addFeed(path = '/feed.xml') {
  const res = await t.call('rss.addFeed', { url: `${web.origin}${path}` }, as());
  expect(res.code, res.msg).toBe('200');
  return res.result!;
}

/** Starts a task through its endpoint, runs the queue as a worker would, and answers the task as its viewer sees it. */
async function runTask(started: { result: { task_id: number } | null; msg: string }) {
  expect(started.result, started.msg).not.toBeNull();
  await t.app.jobs.drain();
  return (await t.call('task.show', { id: started.result!.task_id }, as())).result!;
}

const countArticles = async () =>
  Number(
    (
      await t.db.kysely
        .selectFrom('articles')
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .executeTakeFirstOrThrow()
    ).n,
  );

const tasksOf = async (type: string) =>
  (await t.db.kysely.selectFrom('tasks').select(['id', 'status']).where('type', '=', type).orderBy('id').execute()).map((r) => r.status);

async function crawl(feedId: number) {
  return runTask(await t.call('rss.crawl', { id: feedId }, as()));
}

async function itemByTitle(feedId: number, title: string) {
  const items = (await t.call('rss.items', { id: feedId }, as())).result!.list;
  const item = items.find((i) => i.title === title);
  expect(item, title).toBeDefined();
  return item!;
}

describe('adding feeds', () => {
  it('adds an RSS 2.0 feed with its title', async () => {
    const feed = await addFeed();
    expect(feed).toMatchObject({ title: 'The Test Gazette', item_count: 0, last_crawled_at: null });
    expect((await t.call('rss.feeds', {}, as())).result!.list.map((f) => f.id)).toEqual([feed.id]);
  });

  it('adds an Atom feed', async () => {
    expect((await addFeed('/atom.xml')).title).toBe('Atom Weekly');
  });

  it.each([
    ['/not-a-feed', '无法添加：这个地址的内容不是 RSS 或 Atom 订阅'],
    ['/nothing-here', '无法添加：网页不存在（HTTP 404）'],
  ])('refuses %s with a clear message and stores nothing', async (path, msg) => {
    expect(await t.call('rss.addFeed', { url: `${web.origin}${path}` }, as())).toMatchObject({ http: 400, msg });
    expect((await t.call('rss.feeds', {}, as())).result!.list).toEqual([]);
  });

  it('refuses internal addresses without contacting them', async () => {
    const res = await t.call('rss.addFeed', { url: 'http://10.20.30.40/feed.xml' }, as());
    expect(res).toMatchObject({ http: 400, msg: '无法添加：不能抓取内网或本机地址' });
    const other = await t.call('rss.addFeed', { url: 'http://127.0.0.1:1/feed.xml' }, as());
    expect(other.msg).toBe('无法添加：不能抓取内网或本机地址');
  });

  it('refuses a duplicate and a non-http address', async () => {
    await addFeed();
    expect(await t.call('rss.addFeed', { url: `${web.origin}/feed.xml` }, as())).toMatchObject({
      http: 409,
      msg: '这个订阅源已经添加过了',
    });
    expect(await t.call('rss.addFeed', { url: 'ftp://example.com/feed' }, as())).toMatchObject({
      http: 400,
      msg: '订阅地址必须是 http 或 https 网址',
    });
  });
});

describe('crawling', () => {
  it('stores new items with absolute links, skips items without links, and skips known items next time', async () => {
    const feed = await addFeed();
    const first = await crawl(feed.id);
    expect(first).toMatchObject({ status: 'done', progress: 100, message: '新增 5 条，跳过已有 0 条', link: '/admin/rss' });
    const item = await itemByTitle(feed.id, 'Gardens replace car parks');
    expect(item).toMatchObject({
      url: `${web.origin}/news/gardens`,
      author: 'Jane Doe',
      summary: 'Three car parks become gardens.',
      article_id: null,
    });
    const second = await crawl(feed.id);
    expect(second.message).toBe('新增 0 条，跳过已有 5 条');
    expect((await t.call('rss.feeds', {}, as())).result!.list[0]).toMatchObject({ item_count: 5, last_error: null });
  });

  it('records a failed crawl on the feed', async () => {
    const feed = await addFeed();
    web.set('/feed.xml', 'gone', 'text/html', 410);
    const task = await crawl(feed.id);
    expect(task).toMatchObject({ status: 'failed', message: '抓取失败：网页不存在（HTTP 410）' });
    expect((await t.call('rss.feeds', {}, as())).result!.list[0]!.last_error).toBe('抓取失败：网页不存在（HTTP 410）');
  });

  it('retries a feed whose site is down for now, recording the failure meanwhile', async () => {
    const feed = await addFeed();
    web.set('/feed.xml', 'busy', 'text/html', 503);
    const task = await crawl(feed.id);
    expect(task).toMatchObject({ status: 'queued', message: '抓取失败：网站返回错误（HTTP 503）（将在 60 秒后重试）' });
    expect((await t.call('rss.feeds', {}, as())).result!.list[0]!.last_error).toBe('抓取失败：网站返回错误（HTTP 503）');
  });

  it('answers 404 for an unknown feed', async () => {
    expect((await t.call('rss.crawl', { id: 999 }, as())).http).toBe(404);
    expect((await t.call('rss.items', { id: 999 }, as())).http).toBe(404);
  });
});

describe('downloading articles', () => {
  let feedId: number;
  async function ready() {
    feedId = (await addFeed('/atom.xml')).id;
    await crawl(feedId);
  }

  it('turns an item into a sanitised draft with structure, level, author, topics and cover', async () => {
    await ready();
    const item = await itemByTitle(feedId, 'An atom entry');
    const task = await runTask(await t.call('rss.download', { id: item.id }, as()));
    expect(task).toMatchObject({ status: 'done', message: '已生成草稿' });
    const articleId = (task.result as { article_id: number }).article_id;
    expect(task.link).toBe(`/admin/article/${articleId}`);

    const article = (await t.call('article.edit', { id: articleId }, as())).result!;
    expect(article).toMatchObject({ status: 'draft', title: 'Gardens replace car parks', feed_id: feedId, level: 'STANDARD' });
    expect(article.author?.name).toBe('Jane Doe');
    expect(article.cover).toMatch(/^\/api\/image\/cover-[0-9a-f]{20}\.webp$/);
    const texts = article.paragraphs.filter((p) => p.kind === 'p').map((p) => p.text);
    expect(texts).toHaveLength(4);
    expect(texts.join(' ')).not.toMatch(/Advertisement|Home|Gazette/);
    const html = article.paragraphs.map((p) => p.html).join('');
    expect(html).not.toMatch(/script|onclick|onerror|style=|javascript:|iframe/i);
    expect(html).toContain(`href="${web.origin}/more/story"`);
    expect(html).toContain(`src="${web.origin}/news/images/chart.png"`);
    const first = article.paragraphs[0]!;
    expect(first.sentences.map((s) => s.id)).toEqual([`${first.id}-s1`, `${first.id}-s2`]);
    expect(first.sentences[1]!.text).toBe('Read the background and this.');
    expect(article.events[0]).toMatchObject({ action: 'create', user: { id: manager.user.id } });

    const cover = await t.app.inject({ url: `${article.cover}?w=300` });
    expect(cover.headers['content-type']).toBe('image/webp');
    expect(cover.headers['cache-control']).toContain('immutable');

    // Downloading again is harmless: the same article comes back.
    const again = await runTask(await t.call('rss.download', { id: item.id }, as()));
    expect((again.result as { article_id: number }).article_id).toBe(articleId);
    expect(await countArticles()).toBe(1);
  });

  it('lets an item whose article was deleted be downloaded again, as a new draft', async () => {
    await ready();
    const item = await itemByTitle(feedId, 'An atom entry');
    const first = await runTask(await t.call('rss.download', { id: item.id }, as()));
    const articleId = (first.result as { article_id: number }).article_id;
    expect((await t.call('article.delete', { id: articleId }, as())).code).toBe('200');
    expect(await itemByTitle(feedId, 'An atom entry')).toMatchObject({ article_id: null, article_status: null });

    const again = await runTask(await t.call('rss.download', { id: item.id }, as()));
    expect(again).toMatchObject({ status: 'done', message: '已生成草稿' });
    expect((again.result as { article_id: number }).article_id).not.toBe(articleId);
    expect(await countArticles()).toBe(1);
  });

  it('decodes pages that are not UTF-8', async () => {
    web.set(
      '/gbk.xml',
      `<?xml version="1.0"?><rss version="2.0"><channel><title>GBK</title><item><title>Tea</title><link>${web.origin}/news/gbk</link><guid>t</guid></item></channel></rss>`,
      'application/rss+xml',
    );
    const feed = (await t.call('rss.addFeed', { url: `${web.origin}/gbk.xml` }, as())).result!;
    await crawl(feed.id);
    const item = await itemByTitle(feed.id, 'Tea');
    const task = await runTask(await t.call('rss.download', { id: item.id }, as()));
    const article = (await t.call('article.edit', { id: (task.result as { article_id: number }).article_id }, as())).result!;
    expect(article.paragraphs.map((p) => p.text).join(' ')).toContain('茶馆');
  });

  it.each([
    ['/news/missing', '下载失败：网页不存在（HTTP 404）'],
    ['/news/huge', '下载失败：内容太大（超过 5 MB）'],
    ['/news/sneaky', '下载失败：不能抓取内网或本机地址'],
    ['/news/loopback', '下载失败：不能抓取内网或本机地址'],
  ])('fails %s with a readable message and creates nothing', async (path, message) => {
    web.set(
      '/one.xml',
      `<?xml version="1.0"?><rss version="2.0"><channel><title>One</title><item><title>Bad</title><link>${web.origin}${path}</link><guid>b</guid></item></channel></rss>`,
      'application/rss+xml',
    );
    const feed = (await t.call('rss.addFeed', { url: `${web.origin}/one.xml` }, as())).result!;
    await crawl(feed.id);
    const item = await itemByTitle(feed.id, 'Bad');
    const task = await runTask(await t.call('rss.download', { id: item.id }, as()));
    expect(task).toMatchObject({ status: 'failed', message });
    expect(await countArticles()).toBe(0);
    expect(web.hits.some((h) => h.includes('secret'))).toBe(false);
  });

  it('re-extracts an article, keeping ids and translations of unchanged paragraphs', async () => {
    await ready();
    const item = await itemByTitle(feedId, 'An atom entry');
    const task = await runTask(await t.call('rss.download', { id: item.id }, as()));
    const id = (task.result as { article_id: number }).article_id;
    const before = (await t.call('article.edit', { id }, as())).result!;
    const kept = before.paragraphs.find((p) => p.kind === 'p')!;
    await t.call(
      'article.update',
      {
        id,
        article: {
          paragraphs: before.paragraphs
            .filter((p) => p.kind !== 'figure')
            .map((p) => ({
              id: p.id,
              kind: p.kind,
              text: p.text,
              zh: p.id === kept.id ? '议会投票决定把三个停车场改成小花园。' : undefined,
            })),
        },
      },
      as(),
    );

    web.set(
      '/news/gardens',
      articlePage('Gardens replace car parks', [
        ...LONG_PARAGRAPHS.slice(0, 3),
        'A new final paragraph was added by the newspaper after publication, with more detail.',
      ]),
    );
    const redo = await runTask(await t.call('article.redownload', { id }, as()));
    expect(redo).toMatchObject({ status: 'done', link: `/admin/article/${id}` });
    const after = (await t.call('article.edit', { id }, as())).result!;
    const same = after.paragraphs.find((p) => p.id === kept.id);
    expect(same).toMatchObject({ text: kept.text, zh: '议会投票决定把三个停车场改成小花园。' });
    expect(after.paragraphs.filter((p) => p.kind === 'p').at(-1)!.text).toContain('A new final paragraph');
    expect(after.events[0]).toMatchObject({ action: 'redownload' });
  });
});

describe('starting the same work twice', () => {
  it('answers the unfinished task for the same feed, item or article, and starts afresh once it finished', async () => {
    const feed = await addFeed('/atom.xml');
    const crawls = await Promise.all([t.call('rss.crawl', { id: feed.id }, as()), t.call('rss.crawl', { id: feed.id }, as())]);
    expect(crawls[1].result!.task_id).toBe(crawls[0].result!.task_id);
    await runTask(crawls[0]);

    const item = await itemByTitle(feed.id, 'An atom entry');
    const downloads = await Promise.all([t.call('rss.download', { id: item.id }, as()), t.call('rss.download', { id: item.id }, as())]);
    expect(downloads[1].result!.task_id).toBe(downloads[0].result!.task_id);
    const id = ((await runTask(downloads[0])).result as { article_id: number }).article_id;

    const redos = await Promise.all([t.call('article.redownload', { id }, as()), t.call('article.redownload', { id }, as())]);
    expect(redos[1].result!.task_id).toBe(redos[0].result!.task_id);
    expect(await runTask(redos[0])).toMatchObject({ status: 'done' });

    expect(await tasksOf('rss.crawl')).toEqual(['done']);
    expect(await tasksOf('rss.download')).toEqual(['done']);
    expect(await tasksOf('article.redownload')).toEqual(['done']);
    const again = await t.call('rss.crawl', { id: feed.id }, as());
    expect(again.result!.task_id).not.toBe(crawls[0].result!.task_id);
  });
});

describe('periodic crawling', () => {
  it('queues one crawl per due feed however often it runs, and again once the feed is stale', async () => {
    await addFeed();
    await addFeed('/atom.xml');
    expect(await Promise.all([t.app.crawlDueFeeds(), t.app.crawlDueFeeds()])).toEqual([2, 2]);
    expect(await tasksOf('rss.crawl')).toEqual(['queued', 'queued']);
    await t.app.jobs.drain();
    expect(await t.app.crawlDueFeeds()).toBe(0);
    t.clock.advance(6 * HOUR + 1);
    expect(await t.app.crawlDueFeeds()).toBe(2);
    expect(await tasksOf('rss.crawl')).toEqual(['done', 'done', 'queued', 'queued']);
  });
});

describe('tasks', () => {
  it('are shown to whoever started them and to managers, and to no one else', async () => {
    const feed = await addFeed();
    const started = (await t.call('rss.crawl', { id: feed.id }, as())).result!;
    const other = await t.createUser();
    expect((await t.call('task.show', { id: started.task_id }, { token: other.token })).http).toBe(404);
    const otherManager = await t.createUser({ role: 'manager' });
    expect((await t.call('task.show', { id: started.task_id }, { token: otherManager.token })).result).toMatchObject({
      status: 'queued',
      progress: 0,
    });
    expect((await t.call('task.show', { id: started.task_id })).http).toBe(401);
  });
});
