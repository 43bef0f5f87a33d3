import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { MAGAZINE_TOC, WEEKLY, articlePage, RIVER_PARAGRAPHS, startFakeWeb, type FakeWeb } from '../../../test/fake-web.js';
import { buildEpub } from '../../../test/epub-builder.js';
import { createTestApp, type TestApp } from '../../../test/test-app.js';

let web: FakeWeb;
let t: TestApp;
let manager: { token: string; user: { id: number } };
let reader: { token: string };

beforeAll(async () => {
  web = await startFakeWeb();
});
afterAll(() => web.close());
beforeEach(async () => {
  await web.reset();
  // Only the fake's own port is reachable among internal addresses, as in an intranet allow-list.
  t = await createTestApp({ env: { FETCH_ALLOW_PRIVATE: `127.0.0.1:${web.port}` } });
  manager = await t.createUser({ role: 'manager' });
  reader = await t.createUser();
});
afterEach(() => t.close());

const as = () => ({ token: manager.token });
const asReader = () => ({ token: reader.token });

async function createIssue(input: { name?: string; edition?: string; url?: string; cover?: string } = {}) {
  const res = await t.call(
    'magazine.create',
    { name: 'The Test Weekly', edition: '2026-11-21', url: `${web.origin}${MAGAZINE_TOC}`, ...input },
    as(),
  );
  expect(res.code, res.msg).toBe('200');
  return res.result!;
}

/** Starts a task through its endpoint, runs the queue as a worker would, and answers the task as its viewer sees it. */
async function runTask(started: { result: { task_id: number } | null; msg: string }) {
  expect(started.result, started.msg).not.toBeNull();
  await t.app.jobs.drain();
  return (await t.call('task.show', { id: started.result!.task_id }, as())).result!;
}

const crawl = async (id: number) => runTask(await t.call('magazine.crawl', { id }, as()));
const download = async (id: number) => runTask(await t.call('magazine.downloadArticles', { id }, as()));
const managerView = async (id: number) => (await t.call('magazine.show', { id }, as())).result!;
const articlesOf = async (id: number) => (await t.call('magazine.articles', { id }, as())).result!.list;

const countArticles = async () =>
  Number(
    (
      await t.db.kysely
        .selectFrom('articles')
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .executeTakeFirstOrThrow()
    ).n,
  );

/** An issue crawled and downloaded from the fake weekly. */
async function downloadedIssue() {
  const issue = await createIssue();
  await crawl(issue.id);
  await download(issue.id);
  return issue;
}

describe('creating an issue', () => {
  it('creates a draft issue with its cover, unique by name and edition', async () => {
    const issue = await createIssue({ cover: `${web.origin}/img/cover.png` });
    expect(issue).toMatchObject({
      name: 'The Test Weekly',
      edition: '2026-11-21',
      url: `${web.origin}${MAGAZINE_TOC}`,
      status: 'draft',
      article_count: 0,
      sections: [],
    });
    expect(issue.cover).toMatch(/^\/api\/image\/cover-[0-9a-f]+\.webp$/);
    const again = await t.call('magazine.create', { name: 'the test weekly', edition: '2026-11-21' }, as());
    expect(again).toMatchObject({ http: 409, msg: '这一期已经添加过了' });
    expect((await t.call('magazine.create', { name: 'The Test Weekly', edition: '2026-11-28' }, as())).code).toBe('200');
  });

  it('refuses a cover that cannot be had, and a non-http address', async () => {
    const res = await t.call('magazine.create', { name: 'W', edition: '1', cover: `${web.origin}/no-such.png` }, as());
    expect(res).toMatchObject({ http: 400, msg: '封面下载失败：网页不存在（HTTP 404）' });
    const ftp = await t.call('magazine.create', { name: 'W', edition: '1', url: 'ftp://example.com/toc' }, as());
    expect(ftp).toMatchObject({ http: 400, msg: '目录页地址必须是 http 或 https 网址' });
    expect((await t.call('magazine.list', {}, as())).result!.list).toEqual([]);
  });
});

describe('crawling the table of contents', () => {
  it('finds the articles in page order under their sections, once each, and nothing else', async () => {
    const issue = await createIssue();
    const task = await crawl(issue.id);
    expect(task).toMatchObject({
      status: 'done',
      progress: 100,
      message: '找到 5 篇文章（新增 5 篇），2 个分区',
      link: `/admin/magazine/${issue.id}`,
    });
    const list = await articlesOf(issue.id);
    expect(list.map((a) => [a.position, a.section, a.title, a.url, a.state])).toEqual([
      [1, 'Leaders', 'Gardens replace car parks', `${web.origin}${WEEKLY}/gardens-replace-car-parks`, 'pending'],
      [2, 'Leaders', 'Tea and trade', `${web.origin}${WEEKLY}/tea-and-trade`, 'pending'],
      [3, 'Science & nature', 'A broken story', `${web.origin}${WEEKLY}/broken-story`, 'pending'],
      [4, 'Science & nature', 'A sneaky story', `${web.origin}${WEEKLY}/sneaky-story`, 'pending'],
      [5, 'Science & nature', 'Quiet rivers return', `${web.origin}${WEEKLY}/quiet-rivers`, 'pending'],
    ]);
    const view = await managerView(issue.id);
    expect(view.sections.map((s) => [s.title, s.articles.length])).toEqual([
      ['Leaders', 2],
      ['Science & nature', 3],
    ]);
    // No cover was given: the page's own image became the issue's.
    expect(view).toMatchObject({ crawl_error: null, article_count: 5 });
    expect(view.cover).toMatch(/^\/api\/image\//);
    expect(view.crawled_at).not.toBeNull();
    // Crawling found links; it downloaded nothing.
    expect(await countArticles()).toBe(0);
  });

  it('crawls again without duplicating, keeping what was downloaded', async () => {
    const issue = await downloadedIssue();
    const before = await articlesOf(issue.id);
    const task = await crawl(issue.id);
    expect(task.message).toBe('找到 5 篇文章（新增 0 篇），2 个分区');
    const after = await articlesOf(issue.id);
    expect(after.map((a) => [a.id, a.state, a.article_id])).toEqual(before.map((a) => [a.id, a.state, a.article_id]));
  });

  it('records a table of contents that cannot be had, or has no articles', async () => {
    const issue = await createIssue();
    web.set(MAGAZINE_TOC, 'gone', 'text/html', 410);
    expect(await crawl(issue.id)).toMatchObject({ status: 'failed', message: '抓取失败：网页不存在（HTTP 410）' });
    expect((await managerView(issue.id)).crawl_error).toBe('抓取失败：网页不存在（HTTP 410）');
    web.set(MAGAZINE_TOC, '<html><body><main><a href="/about">About</a></main></body></html>');
    expect(await crawl(issue.id)).toMatchObject({ status: 'failed', message: '抓取失败：目录页上没有找到文章链接' });
  });

  it('refuses an internal address without contacting it, and an issue without a table of contents', async () => {
    const internal = await createIssue({ edition: 'internal', url: 'http://10.20.30.40/toc' });
    expect(await crawl(internal.id)).toMatchObject({ status: 'failed', message: '抓取失败：不能抓取内网或本机地址' });
    const bare = await createIssue({ edition: 'uploaded', url: '' });
    expect(await t.call('magazine.crawl', { id: bare.id }, as())).toMatchObject({ http: 400, msg: '这一期没有目录页地址，无法抓取' });
    expect((await t.call('magazine.crawl', { id: 999 }, as())).http).toBe(404);
  });
});

describe('downloading the articles', () => {
  it('downloads every article as a draft, recording each failure while the rest go on', async () => {
    const issue = await createIssue();
    await crawl(issue.id);
    const task = await download(issue.id);
    expect(task).toMatchObject({ status: 'done', progress: 100, message: '下载完成：成功 3 篇，失败 2 篇' });
    const list = await articlesOf(issue.id);
    expect(list.map((a) => [a.title, a.state, a.error])).toEqual([
      ['Gardens replace car parks', 'downloaded', null],
      ['Tea and trade', 'downloaded', null],
      ['A broken story', 'failed', '下载失败：网站返回错误（HTTP 500）'],
      ['A sneaky story', 'failed', '下载失败：不能抓取内网或本机地址'],
      ['Quiet rivers return', 'downloaded', null],
    ]);
    const gardens = list[0]!.article!;
    expect(gardens).toMatchObject({ status: 'draft', title: 'Gardens replace car parks', source: 'The Test Weekly' });
    expect(gardens.word_count).toBeGreaterThan(50);
    expect(gardens.level).toMatch(/EASY|STANDARD|DIFFICULT/);
    // The article is an article: the editor opens it like any other.
    const edit = await t.call('article.edit', { id: gardens.id }, as());
    expect(edit.result!.paragraphs.length).toBeGreaterThan(3);
    expect(web.hits.filter((h) => h.startsWith('/admin'))).toEqual([]);
  });

  it('is idempotent and resumable: a second run fetches only what failed, and stores nothing twice', async () => {
    const issue = await downloadedIssue();
    const stored = await countArticles();
    web.hits.length = 0;
    const again = await download(issue.id);
    expect(again.message).toBe('下载完成：成功 0 篇，失败 2 篇');
    expect(web.hits.sort()).toEqual([`${WEEKLY}/broken-story`, `${WEEKLY}/sneaky-story`]);
    expect(await countArticles()).toBe(stored);

    // The broken page is fixed: the next run picks it up, in its place.
    web.set(`${WEEKLY}/broken-story`, articlePage('A story mended', RIVER_PARAGRAPHS.slice().reverse()));
    expect((await download(issue.id)).message).toBe('下载完成：成功 1 篇，失败 1 篇');
    const list = await articlesOf(issue.id);
    expect(list[2]).toMatchObject({ position: 3, title: 'A story mended', state: 'downloaded', error: null });
    expect(await countArticles()).toBe(stored + 1);
  });

  it('resumes after an interrupted run, and links a page already stored instead of storing it again', async () => {
    const issue = await createIssue();
    await crawl(issue.id);
    // The same page came in through another road (a feed) before the issue was downloaded.
    const feedArticle = await t.db.kysely
      .insertInto('magazine_articles')
      .values({
        magazine_id: (await createIssue({ edition: 'other', url: '' })).id,
        position: 1,
        section: null,
        title: 'x',
        url: `${web.origin}${WEEKLY}/tea-and-trade`,
        article_id: null,
        state: 'pending',
        error: null,
        review: 'unreviewed',
        review_reason: null,
        created_at: t.clock.now().toISOString(),
        updated_at: t.clock.now().toISOString(),
      })
      .returning('magazine_id')
      .executeTakeFirstOrThrow();
    await download(feedArticle.magazine_id);
    const stored = await countArticles();
    expect(stored).toBe(1);
    // A run that stopped after the first article: one row is downloaded, the rest pending.
    const first = (await articlesOf(issue.id))[0]!;
    await t.db.kysely.updateTable('magazine_articles').set({ state: 'downloaded' }).where('id', '=', first.id).execute();
    await download(issue.id);
    const list = await articlesOf(issue.id);
    expect(list.map((a) => a.state)).toEqual(['downloaded', 'downloaded', 'failed', 'failed', 'downloaded']);
    // Gardens (article_id was still null) and rivers are new; tea was linked to the stored article.
    expect(await countArticles()).toBe(stored + 2);
    expect(list[1]!.article_id).toBe((await articlesOf(feedArticle.magazine_id))[0]!.article_id);
  });
});

describe('audit and publication', () => {
  it('publishes the issue with its approved articles, and withdraws them together', async () => {
    const issue = await downloadedIssue();
    const list = await articlesOf(issue.id);
    const [gardens, tea, broken] = list;

    expect(await t.call('magazine.publish', { id: issue.id }, as())).toMatchObject({ http: 409, msg: '请先审核通过本期再发布' });
    expect(await t.call('magazine.audit', { id: issue.id, action: 'reject' }, as())).toMatchObject({ http: 400, msg: '请写明退回原因' });
    expect(await t.call('magazine.audit', { id: issue.id, articles: [{ id: broken!.id, action: 'approve' }] }, as())).toMatchObject({
      http: 409,
      msg: '《A broken story》还没有下载，不能通过审核',
    });
    expect(await t.call('magazine.audit', { id: issue.id, articles: [{ id: tea!.id, action: 'reject' }] }, as())).toMatchObject({
      http: 400,
      msg: '请写明退回《Tea and trade》的原因',
    });

    const rejected = await t.call('magazine.audit', { id: issue.id, action: 'reject', reason: '缺少封面说明' }, as());
    expect(rejected.result).toMatchObject({ status: 'rejected', review_reason: '缺少封面说明' });

    const audited = await t.call(
      'magazine.audit',
      { id: issue.id, action: 'approve', articles: [{ id: tea!.id, action: 'reject', reason: '内容重复' }] },
      as(),
    );
    expect(audited.code, audited.msg).toBe('200');
    expect(audited.result!.status).toBe('approved');
    const reviewed = audited.result!.sections.flatMap((s) => s.articles).map((a) => [a.title, a.review, a.review_reason]);
    expect(reviewed).toEqual([
      ['Gardens replace car parks', 'approved', null],
      ['Tea and trade', 'rejected', '内容重复'],
      ['A broken story', 'unreviewed', null],
      ['A sneaky story', 'unreviewed', null],
      ['Quiet rivers return', 'approved', null],
    ]);
    // Approval alone publishes nothing.
    expect((await t.call('magazine.list', {}, asReader())).result!.list).toEqual([]);

    const published = await t.call('magazine.publish', { id: issue.id }, as());
    expect(published.result).toMatchObject({ status: 'published' });
    expect(published.result!.published_at).not.toBeNull();
    const statuses = published.result!.sections.flatMap((s) => s.articles).map((a) => [a.title, a.article?.status ?? null]);
    expect(statuses).toEqual([
      ['Gardens replace car parks', 'published'],
      ['Tea and trade', 'draft'],
      ['A broken story', null],
      ['A sneaky story', null],
      ['Quiet rivers return', 'published'],
    ]);

    // Readers: the issue, and only its published articles, with level and length.
    const forReader = await t.call('magazine.show', { id: issue.id }, asReader());
    expect(forReader.result!.sections.map((s) => [s.title, s.articles.map((a) => a.title)])).toEqual([
      ['Leaders', ['Gardens replace car parks']],
      ['Science & nature', ['Quiet rivers return']],
    ]);
    expect(forReader.result).toMatchObject({ article_count: 2, crawl_error: null, task_id: null });
    expect(forReader.result!.sections[0]!.articles[0]!.article).toMatchObject({ status: 'published', reading_minutes: expect.any(Number) });
    expect((await t.call('article.show', { id: gardens!.article_id! }, asReader())).code).toBe('200');
    expect((await t.call('article.show', { id: tea!.article_id! }, asReader())).http).toBe(404);
    expect((await t.call('magazine.list', {}, asReader())).result!.list.map((m) => [m.id, m.article_count])).toEqual([[issue.id, 2]]);

    // Published issues are withdrawn before they change.
    expect((await t.call('magazine.crawl', { id: issue.id }, as())).http).toBe(409);
    expect((await t.call('magazine.audit', { id: issue.id, action: 'approve' }, as())).http).toBe(409);

    const withdrawn = await t.call('magazine.publish', { id: issue.id, cancel: true }, as());
    expect(withdrawn.result).toMatchObject({ status: 'offline' });
    expect((await t.call('article.show', { id: gardens!.article_id! }, asReader())).http).toBe(404);
    expect(await t.call('magazine.show', { id: issue.id }, asReader())).toMatchObject({ http: 404, msg: '这一期杂志不存在或未发布' });
    expect(await t.call('magazine.publish', { id: issue.id, cancel: true }, as())).toMatchObject({ http: 409, msg: '本期还没有发布' });

    // Published again: the same articles come back.
    expect((await t.call('magazine.publish', { id: issue.id }, as())).result!.status).toBe('published');
    expect((await t.call('article.show', { id: gardens!.article_id! }, asReader())).code).toBe('200');
  });

  it('edits an article of the issue like any article, keeping paragraph ids', async () => {
    const issue = await downloadedIssue();
    const [gardens, , broken] = await articlesOf(issue.id);
    const before = (await t.call('article.edit', { id: gardens!.article_id! }, as())).result!;
    const paragraphs = before.paragraphs
      .filter((p) => p.kind !== 'figure')
      .map((p, i) => ({ id: p.id, kind: p.kind, text: i === 1 ? `${p.text} An added sentence.` : p.text, zh: i === 0 ? '第一段' : null }));
    const res = await t.call('magazineArticle.update', { id: gardens!.id, article: { title_zh: '花园取代停车场', paragraphs } }, as());
    expect(res.code, res.msg).toBe('200');
    expect(res.result!.title_zh).toBe('花园取代停车场');
    expect(res.result!.paragraphs.filter((p) => p.kind !== 'figure').map((p) => p.id)).toEqual(paragraphs.map((p) => p.id));
    expect(res.result!.paragraphs[0]!.zh).toBe('第一段');
    expect(await t.call('magazineArticle.update', { id: broken!.id, article: { title: 'x' } }, as())).toMatchObject({
      http: 409,
      msg: '这篇文章还没有下载，不能编辑',
    });
    expect((await t.call('magazineArticle.update', { id: 99_999, article: { title: 'x' } }, as())).http).toBe(404);
  });
});

/** A weekly's EPUB: two sections whose entries are chapters of their own, and a letters page at the top level. */
function weeklyEpub(): Promise<Buffer> {
  const body = (title: string, paragraphs: string[]) => `<h1>${title}</h1>${paragraphs.map((p) => `<p>${p}</p>`).join('')}`;
  const chapters = [
    { title: 'Leaders', body: '<h1>Leaders</h1>' },
    {
      title: 'Gardens replace car parks',
      body: body('Gardens replace car parks', ['Three car parks become gardens.', 'Residents are pleased.']),
    },
    { title: 'Tea and trade', body: body('Tea and trade', ['Tea merchants are busy.', 'Trade has doubled.']) },
    { title: 'Science', body: '<h1>Science</h1>' },
    { title: 'Quiet rivers return', body: body('Quiet rivers return', ['Fish are back.', 'Volunteers counted them.']) },
    { title: 'Letters', body: body('Letters', ['Readers wrote to us about gardens.']) },
  ];
  const li = (i: number, inner = '') => `<li><a href="ch${i}.xhtml">${chapters[i - 1]!.title}</a>${inner}</li>`;
  const nav = `<?xml version="1.0" encoding="UTF-8"?><!DOCTYPE html><html xmlns="http://www.w3.org/1999/xhtml" xmlns:epub="http://www.idpf.org/2007/ops"><head><title>Contents</title></head><body>
<nav epub:type="toc"><h1>Contents</h1><ol>${li(1, `<ol>${li(2)}${li(3)}</ol>`)}${li(4, `<ol>${li(5)}</ol>`)}${li(6)}</ol></nav></body></html>`;
  return buildEpub({ version: 3, title: 'The Test Weekly', chapters, extra: [{ name: 'OEBPS/text/nav.xhtml', data: nav }] });
}

/** Alice's chapters as the test EPUB below holds them: label, anchor, paragraphs. */
const ALICE: { label: string; anchor: string; paragraphs: string[] }[] = [
  [
    'I',
    'Down the Rabbit-Hole',
    'Alice was beginning to get very tired of sitting by her sister on the bank. She had nothing to do.',
    'Down, down, down. Would the fall never come to an end?',
  ],
  [
    'II',
    'The Pool of Tears',
    'Curiouser and curiouser! cried Alice. She was so much surprised that she quite forgot how to speak good English.',
    'Alice was not a bit hurt. She jumped up on to her feet in a moment.',
  ],
  [
    'III',
    'A Caucus-Race and a Long Tale',
    'They were indeed a queer-looking party that assembled on the bank. The birds had draggled feathers.',
    'At last the Mouse called out, Sit down, all of you, and listen to me! They all sat down at once.',
  ],
  [
    'IV',
    'The Rabbit Sends in a Little Bill',
    'It was the White Rabbit, trotting slowly back again. It looked anxiously about as it went.',
    'Alice called out as loud as she could. There was a dead silence instantly.',
  ],
  [
    'V',
    'Advice from a Caterpillar',
    'The Caterpillar and Alice looked at each other for some time in silence. At last the Caterpillar took the hookah out of its mouth.',
    'Who are you? said the Caterpillar. This was not an encouraging opening for a conversation.',
  ],
  // Chapter VI ends in the second file, before chapter VII's anchor: its article crosses files.
  [
    'VI',
    'Pig and Pepper',
    'For a minute or two she stood looking at the house. She wondered what to do next.',
    'The door led right into a large kitchen. It was full of smoke from one end to the other.',
    'She had not gone much farther before she came in sight of the house of the March Hare. It was so large a house that she did not like to go nearer.',
  ],
  [
    'VII',
    'A Mad Tea-Party',
    'There was a table set out under a tree in front of the house. The March Hare and the Hatter were having tea at it.',
    'Have some wine, the March Hare said in an encouraging tone. Alice looked all round the table.',
  ],
  // An entry nested under chapter VII, anchored on a poem in the middle of it.
  [
    '',
    'The Hatter’s Song',
    'Twinkle, twinkle, little bat! How I wonder what you’re at!',
    'Up above the world you fly, like a tea-tray in the sky.',
    'Once more she found herself in the long hall. This time she managed better.',
  ],
  [
    'VIII',
    'The Queen’s Croquet-Ground',
    'A large rose-tree stood near the entrance of the garden. The roses growing on it were white.',
    'Off with her head! the Queen shouted at the top of her voice. Nobody moved.',
  ],
  [
    'IX',
    'The Mock Turtle’s Story',
    'You can’t think how glad I am to see you again, you dear old thing! said the Duchess. She tucked her arm affectionately into Alice’s.',
    'They had not gone far before they saw the Mock Turtle in the distance. He was sitting sad and lonely on a little ledge of rock.',
  ],
  [
    'X',
    'The Lobster Quadrille',
    'The Mock Turtle sighed deeply, and drew the back of one flapper across his eyes. He looked at Alice and tried to speak.',
    'Will you walk a little faster? said a whiting to a snail. There’s a porpoise close behind us.',
  ],
  [
    'XI',
    'Who Stole the Tarts?',
    'The King and Queen of Hearts were seated on their throne when they arrived. A great crowd was assembled about them.',
    'Herald, read the accusation! said the King. The White Rabbit blew three blasts on the trumpet.',
  ],
  [
    'XII',
    'Alice’s Evidence',
    'Here! cried Alice, quite forgetting in the flurry of the moment how large she had grown. She jumped up in such a hurry that she tipped over the jury-box.',
    'So she sat on, with closed eyes, and half believed herself in Wonderland. She would dream of the happy summer days.',
  ],
].map(([n, name, ...paragraphs]) => ({
  label: n ? `CHAPTER ${n}. ${name}` : name!,
  anchor: n ? `ch${n.toLowerCase()}` : 'song',
  paragraphs,
}));

/**
 * An EPUB 2 built as Project Gutenberg builds them: a series page first in the spine and in no
 * entry, then the whole book in two files with anchors, and a 14-entry NCX pointing into them by
 * fragment (a title page with no text, twelve chapters, and an entry nested under chapter VII).
 */
function storylandEpub(): Promise<Buffer> {
  const [i, ii, iii, iv, v, vi, vii, song, ...rest] = ALICE;
  const p = (text: string) => `<p>${text}</p>`;
  // Anchors as Gutenberg writes them: an empty <a id> inside the heading, or the id on a wrapper.
  const chapter = (c: (typeof ALICE)[number], paragraphs = c.paragraphs) =>
    `<div class="chapter"><h2><a id="${c.anchor}"></a>${c.label.replace('. ', '.<br/>')}</h2>${paragraphs.map(p).join('')}</div>`;
  const part1 =
    `<div class="titlepage" id="title"><h1>ALICE’S ADVENTURES IN WONDERLAND</h1><h3>BY LEWIS CARROLL</h3></div>` +
    [i, ii, iii, iv, v].map((c) => chapter(c!)).join('') +
    chapter(vi!, vi!.paragraphs.slice(0, 2));
  const part2 =
    p(vi!.paragraphs[2]!) +
    `<div class="chapter"><h2><a id="${vii!.anchor}"></a>CHAPTER VII.<br/>A Mad Tea-Party</h2>${vii!.paragraphs.map(p).join('')}` +
    `<div class="poem" id="${song!.anchor}">${song!.paragraphs.slice(0, 2).map(p).join('')}</div>${p(song!.paragraphs[2]!)}</div>` +
    rest.map((c) => chapter(c)).join('');
  let order = 0;
  const point = (label: string, src: string, inner = '') =>
    `<navPoint id="np-${++order}" playOrder="${order}"><navLabel><text>${label}</text></navLabel><content src="${src}"/>${inner}</navPoint>`;
  const at = (file: string, c: (typeof ALICE)[number]) => point(c.label, `text/${file}#${c.anchor}`);
  const points = [
    point('Alice’s Adventures in Wonderland', 'text/ch2.xhtml#title'),
    ...[i, ii, iii, iv, v, vi].map((c) => at('ch2.xhtml', c!)),
    point(vii!.label, `text/ch3.xhtml#${vii!.anchor}`, at('ch3.xhtml', song!)),
    ...rest.map((c) => at('ch3.xhtml', c)),
  ];
  const ncx = `<?xml version="1.0" encoding="UTF-8"?><ncx xmlns="http://www.daisy.org/z3986/2005/ncx/" version="2005-1"><head/><docTitle><text>Alice’s Adventures in Wonderland</text></docTitle><navMap>${points.join('')}</navMap></ncx>`;
  return buildEpub({
    version: 2,
    title: 'Alice’s Adventures in Wonderland',
    chapters: [
      { title: 'Series', body: `<h1>THE “STORYLAND” SERIES</h1><p>Alice’s Adventures in Wonderland. Peter Pan. The Water Babies.</p>` },
      { title: 'Part 1', body: part1 },
      { title: 'Part 2', body: part2 },
    ],
    extra: [{ name: 'OEBPS/toc.ncx', data: ncx }],
  });
}

/** Uploads a file with an upload token, as the web app does; answers its `upload:` link. */
async function uploadFile(token: string, name: string, data: Buffer): Promise<string> {
  const issued = await t.call('auth.uploadToken', { key: name }, { token });
  expect(issued.code, issued.msg).toBe('200');
  const put = await t.app.inject({ method: 'PUT', url: issued.result!.upload_url, payload: data, headers: issued.result!.headers });
  expect(put.statusCode, put.body).toBe(200);
  return issued.result!.link;
}

describe('uploading an issue', () => {
  it('splits an uploaded EPUB into downloaded articles by its table of contents, once', async () => {
    const issue = await createIssue({ url: '' });
    const epub = await weeklyEpub();
    const res = await t.call('magazine.upload', { id: issue.id, link: await uploadFile(manager.token, 'weekly.epub', epub) }, as());
    expect(res.code, res.msg).toBe('200');
    const list = res.result!.sections.flatMap((s) => s.articles);
    expect(list.map((a) => [a.position, a.section, a.title, a.state, a.article?.status])).toEqual([
      [1, 'Leaders', 'Gardens replace car parks', 'downloaded', 'draft'],
      [2, 'Leaders', 'Tea and trade', 'downloaded', 'draft'],
      [3, 'Science', 'Quiet rivers return', 'downloaded', 'draft'],
      [4, null, 'Letters', 'downloaded', 'draft'],
    ]);
    const gardens = (await t.call('article.edit', { id: list[0]!.article_id! }, as())).result!;
    expect(gardens.paragraphs.map((p) => p.text)).toEqual(['Three car parks become gardens.', 'Residents are pleased.']);
    expect(gardens.source).toBe('The Test Weekly');

    // The same file again (another upload of it) adds nothing; nothing is left to download.
    const again = await t.call('magazine.upload', { id: issue.id, link: await uploadFile(manager.token, 'again.epub', epub) }, as());
    expect(again.result!.article_count).toBe(4);
    expect(await countArticles()).toBe(4);
    expect((await download(issue.id)).message).toBe('没有需要下载的文章');
    // Audited and published like a crawled issue.
    await t.call('magazine.audit', { id: issue.id, action: 'approve' }, as());
    expect((await t.call('magazine.publish', { id: issue.id }, as())).result!.status).toBe('published');
    expect((await t.call('magazine.show', { id: issue.id }, asReader())).result!.article_count).toBe(4);
  });

  it('splits a Gutenberg-style EPUB 2 by its NCX anchors: one article per entry, across files, no text lost or repeated', async () => {
    const issue = await createIssue({ url: '' });
    const res = await t.call(
      'magazine.upload',
      { id: issue.id, link: await uploadFile(manager.token, 'alice.epub', await storylandEpub()) },
      as(),
    );
    expect(res.code, res.msg).toBe('200');
    const list = res.result!.sections.flatMap((s) => s.articles);
    // 14 entries: the title page has no text; the 13 others are articles, in the table's order.
    expect(list.map((a) => [a.position, a.section, a.title, a.state])).toEqual(ALICE.map((c, i) => [i + 1, null, c.label, 'downloaded']));
    const bodies = await Promise.all(list.map(async (a) => (await t.call('article.edit', { id: a.article_id! }, as())).result!));
    const sentences = (paragraphs: string[]) =>
      paragraphs
        .join(' ')
        .match(/[^.!?]+[.!?]+/g)!
        .map((s) => s.trim());
    for (const [i, body] of bodies.entries()) {
      const expected = ALICE[i]!.paragraphs;
      const text = body.paragraphs.filter((p) => p.kind === 'p').map((p) => p.text);
      expect([sentences(text)[0], sentences(text).at(-1)], body.title).toEqual([sentences(expected)[0], sentences(expected).at(-1)]);
      expect(text, body.title).toEqual(expected);
    }
    // Every word of the chapters once, nothing of the series page or the title page.
    const words = (texts: string[]) => texts.join(' ').split(/\s+/).length;
    expect(words(bodies.flatMap((b) => b.paragraphs.map((p) => p.text)))).toBe(words(ALICE.flatMap((c) => c.paragraphs)));
    expect(JSON.stringify(bodies)).not.toMatch(/STORYLAND|Peter Pan|LEWIS CARROLL/);
  });

  it('titles an issue without a table of contents and in one file by the book’s metadata, not by its first page', async () => {
    const issue = await createIssue({ url: '' });
    const epub = await buildEpub({
      version: 2,
      title: 'Alice’s Adventures in Wonderland',
      chapters: [{ title: 'Book', body: '<h1>THE “STORYLAND” SERIES</h1><p>Alice was beginning to get very tired.</p>' }],
      extra: [
        {
          name: 'OEBPS/toc.ncx',
          data: '<?xml version="1.0"?><ncx xmlns="http://www.daisy.org/z3986/2005/ncx/" version="2005-1"><navMap/></ncx>',
        },
      ],
    });
    const res = await t.call('magazine.upload', { id: issue.id, link: await uploadFile(manager.token, 'book.epub', epub) }, as());
    expect(res.result!.sections.flatMap((s) => s.articles.map((a) => a.title))).toEqual(['Alice’s Adventures in Wonderland']);
  });

  it('takes only the caller’s own uploaded EPUB', async () => {
    const issue = await createIssue({ url: '' });
    const other = await t.createUser({ role: 'manager' });
    const theirs = await uploadFile(other.token, 'theirs.epub', await weeklyEpub());
    expect(await t.call('magazine.upload', { id: issue.id, link: theirs }, as())).toMatchObject({ http: 403, msg: '这个文件不是你上传的' });
    expect(await t.call('magazine.upload', { id: issue.id, link: 'https://example.com/a.epub' }, as())).toMatchObject({
      http: 400,
      msg: '请先上传 EPUB 文件',
    });
    const pdf = await uploadFile(manager.token, 'issue.pdf', Buffer.from('%PDF-1.7\n'.padEnd(200, 'x')));
    expect(await t.call('magazine.upload', { id: issue.id, link: pdf }, as())).toMatchObject({ http: 400, msg: '杂志只能上传 EPUB 文件' });
    expect(await countArticles()).toBe(0);
  });
});

describe('who sees and does what', () => {
  it('hides unpublished issues from readers as if they did not exist; managers see every issue', async () => {
    const draft = await createIssue();
    const missing = await t.call('magazine.show', { id: 99_999 }, asReader());
    for (const who of [asReader(), {}]) {
      expect(await t.call('magazine.show', { id: draft.id }, who)).toMatchObject({ http: missing.http, msg: missing.msg });
      expect(await t.call('magazine.articles', { id: draft.id }, who)).toMatchObject({ http: 404, msg: missing.msg });
      expect((await t.call('magazine.list', {}, who)).result!.list).toEqual([]);
    }
    expect((await t.call('magazine.list', {}, as())).result!.list.map((m) => m.id)).toEqual([draft.id]);
  });

  it('lists published issues newest first', async () => {
    const older = await downloadedIssue();
    await t.call('magazine.audit', { id: older.id, action: 'approve' }, as());
    await t.call('magazine.publish', { id: older.id }, as());
    t.clock.advance(86_400_000);
    const newer = await createIssue({ edition: '2026-11-28' });
    await crawl(newer.id);
    await download(newer.id);
    await t.call('magazine.audit', { id: newer.id, action: 'approve' }, as());
    await t.call('magazine.publish', { id: newer.id }, as());
    expect((await t.call('magazine.list', {}, {})).result!.list.map((m) => m.id)).toEqual([newer.id, older.id]);
  });

  it('keeps every change to managers', async () => {
    const issue = await createIssue();
    const calls = [
      t.call('magazine.create', { name: 'Mine', edition: '1' }, asReader()),
      t.call('magazine.crawl', { id: issue.id }, asReader()),
      t.call('magazine.downloadArticles', { id: issue.id }, asReader()),
      t.call('magazine.audit', { id: issue.id, action: 'approve' }, asReader()),
      t.call('magazine.publish', { id: issue.id }, asReader()),
      t.call('magazineArticle.update', { id: 1, article: { title: 'x' } }, asReader()),
    ];
    for (const res of await Promise.all(calls)) expect(res.http).toBe(403);
    expect((await t.call('magazine.crawl', { id: issue.id })).http).toBe(401);
    expect(await t.db.kysely.selectFrom('tasks').selectAll().execute()).toEqual([]);
  });
});
