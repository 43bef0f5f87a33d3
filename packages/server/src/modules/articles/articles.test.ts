import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createArticle } from '../../../test/factories.js';
import { createTestApp, type TestApp } from '../../../test/test-app.js';
import { DAY } from '../../lib/clock.js';

let t: TestApp;
let manager: { token: string; user: { id: number } };
beforeEach(async () => {
  t = await createTestApp();
  manager = await t.createUser({ role: 'manager' });
});
afterEach(() => t.close());

const as = () => ({ token: manager.token });
const paragraphs = (n: number) => Array.from({ length: n }, (_, i) => `Paragraph number ${i + 1} of the story. It has two sentences.`);

describe('the editorial workflow', () => {
  it('takes a manual draft through rejection and approval to publication, recording each step', async () => {
    const created = await t.call(
      'article.create',
      {
        article: {
          title: 'A Manual Piece',
          paragraphs: [
            { kind: 'p', text: 'First paragraph here.' },
            { kind: 'p', text: 'Second one.' },
          ],
        },
      },
      as(),
    );
    expect(created.result).toMatchObject({ status: 'draft', title: 'A Manual Piece', published_at: null });
    const id = created.result!.id;
    expect((await t.call('article.show', { id })).http).toBe(404);

    const noReason = await t.call('article.audit', { id, action: 'reject' }, as());
    expect(noReason).toMatchObject({ http: 400, msg: '请写明退回原因' });
    const rejected = await t.call('article.audit', { id, action: 'reject', reason: '缺少中文标题' }, as());
    expect(rejected.result).toMatchObject({ status: 'rejected', reject_reason: '缺少中文标题' });
    const approved = await t.call('article.audit', { id, action: 'approve' }, as());
    expect(approved.result).toMatchObject({ status: 'published', reject_reason: null, published_at: t.clock.now().toISOString() });
    expect((await t.call('article.audit', { id, action: 'approve' }, as())).http).toBe(409);
    expect((await t.call('article.show', { id })).result?.title).toBe('A Manual Piece');

    const events = (await t.call('article.edit', { id }, as())).result!.events.map((e) => [e.action, e.detail, e.user?.id]);
    expect(events).toEqual([
      ['audit', '审核通过并发布', manager.user.id],
      ['audit', '退回：缺少中文标题', manager.user.id],
      ['create', '手动新建草稿', manager.user.id],
    ]);
  });

  it('publishes with a date only when one is given, and takes articles offline', async () => {
    const id = await createArticle(t, { status: 'draft' });
    const dated = await t.call('article.publish', { id, status: 'published', published_at: '2026-11-01T09:30:00+08:00' }, as());
    expect(dated.result).toMatchObject({ status: 'published', published_at: '2026-11-01T01:30:00.000Z' });
    const kept = await t.call('article.publish', { id, status: 'published', published_at: '' }, as());
    expect(kept.result?.published_at).toBe('2026-11-01T01:30:00.000Z');
    await t.call('article.publish', { id, status: 'offline' }, as());
    expect((await t.call('article.show', { id })).http).toBe(404);
    expect((await t.call('article.list')).result?.list).toEqual([]);
    expect(await t.call('article.publish', { id, status: 'live' as never }, as())).toMatchObject({ http: 400, msg: '状态不在可选范围内' });
    expect(await t.call('article.publish', { id, status: 'published', published_at: 'tomorrow' }, as())).toMatchObject({
      http: 400,
      msg: '发布时间格式不正确',
    });
  });

  it('edits fields and paragraphs, keeping the ids of paragraphs it keeps', async () => {
    const id = await createArticle(t, { paragraphs: ['Alpha paragraph text.', 'Beta paragraph text.', 'Gamma paragraph text.'] });
    const before = (await t.call('article.edit', { id }, as())).result!;
    const [alpha, beta] = before.paragraphs;
    const res = await t.call(
      'article.update',
      {
        id,
        article: {
          title_zh: '一篇测试文章',
          topics: ['science', 'science', 'health'],
          level: 'DIFFICULT',
          paragraphs: [
            { id: alpha!.id, kind: 'p', text: alpha!.text, zh: '甲段译文' },
            { id: beta!.id, kind: 'p', text: 'Beta paragraph, rewritten by an editor.' },
            { kind: 'h2', text: 'A new heading' },
          ],
        },
      },
      as(),
    );
    const after = res.result!;
    expect(after).toMatchObject({
      title_zh: '一篇测试文章',
      topics: ['science', 'health'],
      level: 'DIFFICULT',
      level_override: 'DIFFICULT',
    });
    expect(after.paragraphs.map((p) => [p.id === alpha!.id, p.id === beta!.id, p.kind, p.zh])).toEqual([
      [true, false, 'p', '甲段译文'],
      [false, true, 'p', null],
      [false, false, 'h2', null],
    ]);
    expect(after.paragraphs[1]!.sentences[0]!.id).toBe(`${beta!.id}-s1`);
    expect(after.events[0]!.detail).toBe('修改了中文标题、话题、难度（较难）、正文 2 段、译文 1 段');
    const auto = await t.call('article.update', { id, article: { level: null } }, as());
    expect(auto.result).toMatchObject({ level_override: null, level: auto.result!.level_auto });
  });

  it.each([
    [{ title: '' }, '请填写英文标题'],
    [{ topics: ['cooking'] }, '话题不在可选范围内'],
    [{ level: 'HARD' }, '难度不在可选范围内'],
    [{ paragraphs: [] }, '正文至少需要一段'],
    [{ paragraphs: [{ kind: 'p', text: '  ' }] }, '请填写段落内容'],
  ])('refuses the edit %j and changes nothing', async (article, msg) => {
    const id = await createArticle(t, { title: 'Unchanged' });
    expect(await t.call('article.update', { id, article: article as never }, as())).toMatchObject({ http: 400, msg });
    expect((await t.call('article.edit', { id }, as())).result).toMatchObject({ title: 'Unchanged', events: [] });
  });

  it('clears a field sent as null or empty, and leaves absent fields alone', async () => {
    const id = await createArticle(t, { title_zh: '原来的标题', author: 'Old Author' });
    const cleared = await t.call('article.update', { id, article: { title_zh: '', author: null } }, as());
    expect(cleared.result).toMatchObject({ title_zh: null, author: null });
    const untouched = await t.call('article.update', { id, article: { summary: 'New summary.' } }, as());
    expect(untouched.result).toMatchObject({ title_zh: null, summary: 'New summary.' });
  });

  it('keeps existing figures with empty captions and refuses new ones', async () => {
    const id = await createArticle(t);
    const figure = {
      id: 'pfig0001',
      kind: 'figure' as const,
      html: '<figure><img src="https://img.example/a.png" alt=""></figure>',
      text: '',
      sentences: [],
      zh: null,
    };
    const row = (await t.db.kysely.selectFrom('articles').select('content').where('id', '=', id).executeTakeFirstOrThrow()).content;
    await t.db.kysely
      .updateTable('articles')
      .set({ content: JSON.stringify([...JSON.parse(row), figure]) })
      .where('id', '=', id)
      .execute();
    const current = (await t.call('article.edit', { id }, as())).result!.paragraphs;
    const sent = current.map((p) => ({ id: p.id, kind: p.kind, text: p.text }));
    const saved = await t.call('article.update', { id, article: { paragraphs: sent } }, as());
    expect(saved.result!.paragraphs.at(-1)).toMatchObject({ id: 'pfig0001', kind: 'figure', html: figure.html });
    const added = await t.call('article.update', { id, article: { paragraphs: [...sent, { kind: 'figure', text: '' }] } }, as());
    expect(added).toMatchObject({ http: 400, msg: '图片段落只能保留原有的，不能手动新建' });
  });

  it('gives the reader a figure whose image loads lazily, and keeps the stored figure as it was', async () => {
    const id = await createArticle(t);
    const html = '<figure><img src="https://img.example/a.png" alt="A heron"></figure>';
    const row = (await t.db.kysely.selectFrom('articles').select('content').where('id', '=', id).executeTakeFirstOrThrow()).content;
    const figure = { id: 'pfig0002', kind: 'figure', html, text: '', sentences: [], zh: null };
    await t.db.kysely
      .updateTable('articles')
      .set({ content: JSON.stringify([...JSON.parse(row), figure]) })
      .where('id', '=', id)
      .execute();
    const shown = (await t.call('article.show', { id })).result!.paragraphs.at(-1)!;
    expect(shown.html).toBe('<figure><img loading="lazy" decoding="async" src="https://img.example/a.png" alt="A heron"></figure>');
    expect((await t.call('article.edit', { id }, as())).result!.paragraphs.at(-1)!.html).toBe(html);
  });

  it('refuses an update without an article and unknown ids', async () => {
    const id = await createArticle(t);
    expect(await t.call('article.update', { id } as never, as())).toMatchObject({ http: 400, msg: '请提供要修改的文章内容（article）' });
    expect((await t.call('article.update', { id: 9999, article: { title: 'x' } }, as())).http).toBe(404);
    expect((await t.call('article.delete', { id: 9999 }, as())).http).toBe(404);
    expect(await t.call('article.show', { id: 'abc' as never })).toMatchObject({ http: 400, msg: '文章 id 必须是数字' });
  });

  it('deletes an article', async () => {
    const id = await createArticle(t);
    expect((await t.call('article.delete', { id }, as())).result).toEqual({ ok: true });
    expect((await t.call('article.show', { id })).http).toBe(404);
  });

  it('filters the manager’s table by status and keyword', async () => {
    await createArticle(t, { title: 'Published About Owls' });
    await createArticle(t, { title: 'Draft About Owls', status: 'draft' });
    await createArticle(t, { title: 'Draft About Bees', status: 'draft' });
    const drafts = await t.call('article.manage', { status: 'draft' }, as());
    expect(drafts.result?.list.map((a) => a.title).sort()).toEqual(['Draft About Bees', 'Draft About Owls']);
    const owls = await t.call('article.manage', { q: 'owls' }, as());
    expect(owls.result?.list.map((a) => a.title).sort()).toEqual(['Draft About Owls', 'Published About Owls']);
  });
});

describe('views', () => {
  const views = async (id: number) => (await t.db.kysely.selectFrom('articles').select('views').where('id', '=', id).executeTakeFirstOrThrow()).views;

  it('counts a reader once per half hour, even when the same reader opens an article twice at once', async () => {
    const id = await createArticle(t);
    const reader = await t.createUser();
    const open = () => t.call('article.show', { id }, { token: reader.token });
    expect((await Promise.all([open(), open(), open()])).map((r) => r.http)).toEqual([200, 200, 200]);
    expect(await views(id)).toBe(1);
    await open();
    expect(await views(id)).toBe(1);
    t.clock.advance(31 * 60_000);
    await open();
    expect(await views(id)).toBe(2);
    // A visitor without an account is told apart by the app's client id; one with neither is not counted.
    const visitor = { headers: { 'x-bb-cuid': 'visitor-cuid-0001' } };
    await Promise.all([t.call('article.show', { id }, visitor), t.call('article.show', { id }, visitor)]);
    await t.call('article.show', { id });
    expect(await views(id)).toBe(3);
    expect(await t.db.kysely.selectFrom('article_views').select('id').where('article_id', '=', id).execute()).toHaveLength(3);
  });
});

describe('members-only articles', () => {
  it('show non-members the opening third and members everything', async () => {
    const id = await createArticle(t, { paragraphs: paragraphs(9), is_lock: true });
    const anonymous = (await t.call('article.show', { id })).result!;
    expect(anonymous).toMatchObject({ preview: true, paragraph_total: 9, is_lock: true });
    expect(anonymous.paragraphs).toHaveLength(3);
    const reader = await t.createUser();
    expect((await t.call('article.show', { id }, { token: reader.token })).result!.paragraphs).toHaveLength(3);

    const member = await t.createUser();
    await t.db.kysely
      .updateTable('users')
      .set({ member_level: 1, member_expires_at: new Date(t.clock.now().getTime() + 30 * DAY).toISOString() })
      .where('id', '=', member.user.id)
      .execute();
    const full = (await t.call('article.showWaikan', { id }, { token: member.token })).result!;
    expect(full).toMatchObject({ preview: false, paragraph_total: 9, me: { starred: false, finished: false }, words: [] });
    expect(anonymous.me).toBeNull();
    expect(full.paragraphs).toHaveLength(9);
    expect((await t.call('article.show', { id }, as())).result!.paragraphs).toHaveLength(9);
  });

  it('are locked and unlocked by managers, with history', async () => {
    const id = await createArticle(t);
    expect((await t.call('article.lock', { id, is_lock: true }, as())).result).toMatchObject({ is_lock: true });
    const unlocked = await t.call('article.lock', { id, is_lock: false }, as());
    expect(unlocked.result?.is_lock).toBe(false);
    expect(unlocked.result?.events.map((e) => e.action)).toEqual(['unlock', 'lock']);
    // A JSON body takes only JSON booleans: the string "false" is refused like any other.
    for (const value of ['maybe', 'false', 0]) {
      expect(await t.call('article.lock', { id, is_lock: value as never }, as())).toMatchObject({
        http: 400,
        msg: 'is_lock必须是 true 或 false',
      });
    }
  });
});

describe('search', () => {
  it('ranks title matches first, marks the words, escapes the rest, and leaves drafts out', async () => {
    await createArticle(t, { title: 'Notes on city life', paragraphs: ['People talk about volcanoes now and then <b>here</b>.'] });
    const titled = await createArticle(t, { title: 'Volcanoes of Iceland', paragraphs: ['A tour of the island.'] });
    await createArticle(t, { title: 'Secret volcanoes', status: 'draft' });
    const res = await t.call('search.articles', { q: 'volcano' });
    const list = res.result!.list;
    expect(list.map((h) => h.id)[0]).toBe(titled);
    expect(list).toHaveLength(2);
    const body = list[1]!;
    expect(body.snippet).toContain('<mark>volcanoes</mark>');
    // SQLite keeps the text and it is escaped; PostgreSQL's headline drops tag-like text. Either way no markup gets through.
    expect(body.snippet).toMatch(/&lt;b&gt;here&lt;\/b&gt;|then\s+here/);
    expect(body.snippet.replace(/<\/?mark>/g, '')).not.toMatch(/[<>]/);
  });

  it('finds Chinese titles and translations', async () => {
    const id = await createArticle(t, { title: 'Tea', title_zh: '关于喝茶', paragraphs: [{ en: 'Tea is old.', zh: '茶的历史很悠久。' }] });
    const byTitle = await t.call('search.articles', { q: '喝茶' });
    expect(byTitle.result!.list.map((h) => [h.id, h.snippet])).toEqual([[id, '关于<mark>喝茶</mark>']]);
    const byTranslation = await t.call('search.articles', { q: '历史' });
    expect(byTranslation.result!.list[0]!.snippet).toBe('茶的<mark>历史</mark>很悠久。');
  });

  it('finds an article by its new words the moment an editor saves them, and forgets deleted ones', async () => {
    const id = await createArticle(t, { title: 'Harbour notes', paragraphs: ['Boats come and go.'] });
    const found = async (q: string) => (await t.call('search.articles', { q })).result!.list.map((h) => h.id);
    expect(await found('harbour')).toEqual([id]);

    const edit = { title: 'Lighthouse keepers', paragraphs: [{ kind: 'p' as const, text: 'Keepers tend the lamp through storms.' }] };
    expect((await t.call('article.update', { id, article: edit }, as())).code).toBe('200');
    expect(await found('harbour')).toEqual([]);
    expect(await found('lighthouse')).toEqual([id]);
    expect(await found('storms')).toEqual([id]);

    expect((await t.call('article.delete', { id }, as())).code).toBe('200');
    expect(await found('lighthouse')).toEqual([]);
  });

  it('orders equal ranks newest first across pages, and drops what was taken offline or locked after it was indexed', async () => {
    // Thirteen bodies alike rank alike: the date orders them, across the page boundary at ten.
    const alike = [];
    for (let day = 1; day <= 13; day++) alike.push(await createArticle(t, { paragraphs: ['The tide rose over the harbour wall at dusk.'], daysAgo: day }));
    const titled = await createArticle(t, { title: 'Tide tables', paragraphs: ['Read them before you sail.'], daysAgo: 40 });
    const [offline, locked] = [alike[3]!, alike[5]!];
    await t.call('article.publish', { id: offline, status: 'offline' }, as());
    await t.call('article.lock', { id: locked, is_lock: true }, as());
    const member = await t.createUser();
    await t.db.kysely
      .updateTable('users')
      .set({ member_level: 1, member_expires_at: new Date(t.clock.now().getTime() + 30 * DAY).toISOString() })
      .where('id', '=', member.user.id)
      .execute();
    const all = async (token?: string) => {
      const first = (await t.call('search.articles', { q: 'tide' }, token ? { token } : {})).result!;
      const next = (await t.call('search.articles', { q: 'tide', offset: first.next_offset! }, token ? { token } : {})).result!;
      expect(first.list).toHaveLength(10);
      expect(next.next_offset).toBeNull();
      return [...first.list, ...next.list];
    };
    const anonymous = await all();
    // The locked body matched only in its body: a non-member neither finds it nor reads it.
    expect(anonymous.map((h) => h.id)).toEqual([titled, ...alike.filter((id) => id !== offline && id !== locked)]);
    const members = await all(member.token);
    expect(members.map((h) => h.id)).toEqual([titled, ...alike.filter((id) => id !== offline)]);
    expect(members.find((h) => h.id === locked)!.snippet).toContain('<mark>tide</mark>');
  });

  it('needs a query', async () => {
    expect(await t.call('search.articles', { q: ' ' })).toMatchObject({ http: 400, msg: '请填写搜索内容' });
    expect((await t.call('search.articles', { q: '!!!' })).result).toEqual({ list: [], next_offset: null });
  });
});

describe('lists, topics, authors and recommendations', () => {
  it('lists published articles newest first, ten a page', async () => {
    for (let i = 0; i < 12; i++) await createArticle(t, { title: `Story ${i}`, daysAgo: i + 1 });
    const first = await t.call('article.list', {});
    expect(first.result?.list.map((a) => a.title).slice(0, 2)).toEqual(['Story 0', 'Story 1']);
    expect(first.result?.next_offset).toBe(10);
    expect((await t.call('article.list', { offset: 10 })).result?.list.map((a) => a.title)).toEqual(['Story 10', 'Story 11']);
    const card = first.result!.list[0]!;
    expect(card).toMatchObject({ cover: null, reading_minutes: 1 });
    expect(card.placeholder).toBeGreaterThanOrEqual(1);
    expect(card.placeholder).toBeLessThanOrEqual(26);
  });

  it('counts what is new since the reader last opened the list', async () => {
    const headers = { 'x-bb-cuid': 'reader-device-1' };
    await t.call('log.add', { name: 'OPEN_APP' }, { headers });
    await createArticle(t, { daysAgo: 2 });
    await createArticle(t, { daysAgo: 20 });
    // A first-time visitor gets no "new" badge for what was there before they came.
    expect((await t.call('article.newCount', {}, { headers })).result).toEqual({ count: 0, since: null });
    t.clock.advance(60_000);
    const fresh = await createArticle(t, { status: 'draft' });
    await t.call('article.publish', { id: fresh, status: 'published' }, as());
    expect((await t.call('article.newCount', {}, { headers })).result?.count).toBe(1);
    await t.call('article.list', {}, { headers });
    expect((await t.call('article.newCount', {}, { headers })).result?.count).toBe(0);
    t.clock.advance(60_000);
    const id = await createArticle(t, { status: 'draft' });
    await t.call('article.publish', { id, status: 'published' }, as());
    expect((await t.call('article.newCount', {}, { headers })).result?.count).toBe(1);
  });

  it('lists a topic, the labels with counts, and an author', async () => {
    await createArticle(t, { topics: ['science', 'health'], author: 'Ada Writer' });
    await createArticle(t, { topics: ['science'], author: 'Ada Writer' });
    await createArticle(t, { topics: ['travel'], status: 'draft', author: 'Ada Writer' });
    expect((await t.call('article.topic', { q: 'science' })).result?.list).toHaveLength(2);
    const labels = (await t.call('article.labels')).result!.list;
    expect(labels[0]).toEqual({ topic: 'science', label: '科学', count: 2 });
    expect(labels.find((l) => l.topic === 'travel')?.count).toBe(0);
    const authorId = (await t.call('article.list')).result!.list[0]!.author!.id;
    expect((await t.call('author.show', { id: authorId })).result).toMatchObject({ name: 'Ada Writer', article_count: 2 });
    expect((await t.call('article.topic', { author: authorId })).result?.list).toHaveLength(2);
    await createArticle(t, { topics: ['science'], level: 'VERY_DIFFICULT' });
    expect((await t.call('article.topic', { q: 'science', level: 'VERY_DIFFICULT' })).result?.list).toHaveLength(1);
    expect((await t.call('author.show', { id: 999 })).http).toBe(404);
  });

  it('recommends approachable fresh articles to a newcomer and the reader’s own topics to a reader', async () => {
    const hard = await createArticle(t, { title: 'Hard old', level: 'VERY_DIFFICULT', daysAgo: 40 });
    const easy = await createArticle(t, { title: 'Easy new', level: 'EASY', daysAgo: 1, topics: ['travel'] });
    const science = await createArticle(t, { title: 'Science new', level: 'EASY', daysAgo: 2, topics: ['science'] });
    const anonymous = (await t.call('article.forYou', {})).result!.list.map((a) => a.id);
    expect(anonymous[0]).toBe(easy);
    expect(anonymous.at(-1)).toBe(hard);

    const reader = await t.createUser();
    for (const topic of ['science', 'science']) {
      const read = await createArticle(t, { topics: [topic], level: 'EASY', daysAgo: 10 });
      await t.call('article.show', { id: read }, { token: reader.token });
    }
    const mine = (await t.call('article.forYou', {}, { token: reader.token })).result!.list.map((a) => a.id);
    expect(mine[0]).toBe(science);
  });
});

describe('images', () => {
  it('serves placeholders resized, cached for good, and refuses bad names', async () => {
    const res = await t.app.inject({ url: '/api/image/placeholder-7.webp?w=120' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('image/webp');
    expect(res.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(res.rawPayload.subarray(0, 4).toString()).toBe('RIFF');
    expect((await t.app.inject({ url: '/api/image/placeholder-27.webp' })).statusCode).toBe(404);
    expect((await t.app.inject({ url: '/api/image/cover-missing.webp' })).statusCode).toBe(404);
    const bad = await t.app.inject({ url: '/api/image/..%2Fsecret.webp' });
    expect(bad.json().status).toEqual({ code: '400', msg: '图片名格式不正确' });
    expect((await t.app.inject({ url: '/api/image/placeholder-1.webp?w=5000' })).json().status.msg).toBe('宽度 w 最多 1600');
  });
});
