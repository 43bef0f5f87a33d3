import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createArticle } from '../../../test/factories.js';
import { createTestApp, type TestApp } from '../../../test/test-app.js';

let t: TestApp;
let reader: { token: string; user: { id: number; username: string } };
let articleId: number;
let root: string;

beforeEach(async () => {
  t = await createTestApp();
  reader = await t.createUser();
  articleId = await createArticle(t, {
    title: 'Night Trains',
    title_zh: '夜行列车',
    paragraphs: ['Sleeper trains are back. People like them.', 'They are slow but pleasant.'],
  });
  root = (await t.call('article.show', { id: articleId })).result!.paragraphs[0]!.id;
});
afterEach(() => t.close());

const note = (over: Record<string, unknown> = {}) => ({
  id: articleId,
  note_uuid: 'n-1',
  text: 'Sleeper trains are back.',
  comment: '  卧铺列车回来了  ',
  root,
  color: 'green' as const,
  data: { sentence_id: `${root}-s1`, start: 0, end: 24 },
  ...over,
});

describe('highlights and notes', () => {
  it('creates a note with a trimmed comment, then updates it by note_uuid', async () => {
    const created = await t.call('note.add', note(), { token: reader.token });
    expect(created.result).toMatchObject({
      note_uuid: 'n-1',
      comment: '卧铺列车回来了',
      color: 'green',
      mine: true,
      is_public: false,
      data: { start: 0, end: 24 },
    });
    const updated = await t.call('note.add', note({ comment: '改了', color: 'pink' }), { token: reader.token });
    expect(updated.result).toMatchObject({ id: created.result!.id, comment: '改了', color: 'pink' });
    expect((await t.call('note.mine', { id: articleId }, { token: reader.token })).result!.list).toHaveLength(1);
  });

  it('saves one note when the same new note arrives many times at once (a double tap)', async () => {
    const results = await Promise.all(Array.from({ length: 10 }, () => t.call('note.add', note(), { token: reader.token })));
    expect(results.map((r) => r.code)).toEqual(Array(10).fill('200'));
    expect(new Set(results.map((r) => r.result!.id)).size).toBe(1);
    expect((await t.call('note.mine', { id: articleId }, { token: reader.token })).result!.list).toHaveLength(1);
  });

  it('refuses a note_uuid already used on another article, and changes neither', async () => {
    const other = await createArticle(t, { paragraphs: ['Another text here.'] });
    const otherRoot = (await t.call('article.show', { id: other })).result!.paragraphs[0]!.id;
    await t.call('note.add', note(), { token: reader.token });
    const clash = await t.call('note.add', note({ id: other, root: otherRoot, text: 'Another text here.' }), { token: reader.token });
    expect([clash.http, clash.msg]).toEqual([409, '这个笔记标识已用于另一篇文章']);
    expect((await t.call('note.mine', { id: other }, { token: reader.token })).result!.list).toEqual([]);
    expect((await t.call('note.mine', { id: articleId }, { token: reader.token })).result!.list[0]!.text).toBe('Sleeper trains are back.');
  });

  it.each([
    [{ root: 'p-nowhere' }, '划线位置不在这篇文章里'],
    [{ text: '' }, '请填写划线内容'],
    [{ color: 'black' }, '颜色不在可选范围内'],
    [{ note_uuid: 'has space' }, '笔记标识格式不正确'],
    [{ data: 'somewhere' }, '位置数据格式不正确'],
    [{ data: { blob: 'x'.repeat(3000) } }, '位置数据太大'],
  ])('refuses %j and stores nothing', async (over, msg) => {
    expect(await t.call('note.add', note(over) as never, { token: reader.token })).toMatchObject({ http: 400, msg });
    expect((await t.call('note.mine', { id: articleId }, { token: reader.token })).result!.list).toEqual([]);
  });

  it('keeps notes private: others cannot see, change or delete them', async () => {
    await t.call('note.add', note(), { token: reader.token });
    const other = await t.createUser();
    expect((await t.call('note.mine', { id: articleId }, { token: other.token })).result!.list).toEqual([]);
    expect((await t.call('note.all', { id: articleId }, { token: other.token })).result).toEqual({
      list: [],
      counts: { mine: 0, public: 0 },
    });
    expect((await t.call('note.delete', { id: articleId, note_uuid: 'n-1' }, { token: other.token })).http).toBe(404);
    // The same uuid from another reader is that reader's own note, not a way into the first one.
    await t.call('note.add', note({ comment: 'mine now' }), { token: other.token });
    const first = (await t.call('note.mine', { id: articleId }, { token: reader.token })).result!.list;
    expect(first.map((n) => n.comment)).toEqual(['卧铺列车回来了']);
    expect((await t.call('note.ofArticle', { id: articleId }, { token: other.token })).result!.list.map((n) => n.comment)).toEqual([
      'mine now',
    ]);
  });

  it('shows public notes to everyone, with their author, and counts them', async () => {
    await t.call('note.add', note({ is_public: true }), { token: reader.token });
    await t.call('note.add', note({ note_uuid: 'n-2', text: 'They are slow' }), { token: reader.token });
    const other = await t.createUser();
    await t.call('note.add', note({ note_uuid: 'o-1', text: 'People like them.' }), { token: other.token });
    const seen = (await t.call('note.all', { id: articleId }, { token: other.token })).result!;
    expect(seen.counts).toEqual({ mine: 1, public: 1 });
    expect(seen.list.find((n) => !n.mine)).toMatchObject({
      text: 'Sleeper trains are back.',
      user: { id: reader.user.id, username: reader.user.username },
    });
    expect((await t.call('note.all', { id: articleId })).result!.counts).toEqual({ mine: 0, public: 1 });
  });

  it('deletes my note', async () => {
    await t.call('note.add', note(), { token: reader.token });
    expect((await t.call('note.delete', { id: articleId, note_uuid: 'n-1' }, { token: reader.token })).result).toEqual({ ok: true });
    expect((await t.call('note.delete', { id: articleId, note_uuid: 'n-1' }, { token: reader.token })).http).toBe(404);
  });

  it('lists the articles I noted and my notes on one', async () => {
    await t.call('note.add', note(), { token: reader.token });
    const other = await createArticle(t, { title: 'Other' });
    const otherRoot = (await t.call('article.show', { id: other })).result!.paragraphs[0]!.id;
    t.clock.advance(60_000);
    await t.call('note.add', note({ id: other, note_uuid: 'x-1', root: otherRoot, text: 'Paragraph one' }), { token: reader.token });
    const list = (await t.call('note.articles', {}, { token: reader.token })).result!.list;
    expect(list.map((a) => [a.title, a.note_count])).toEqual([
      ['Other', 1],
      ['Night Trains', 1],
    ]);
    expect((await t.call('note.ofArticle', { id: articleId }, { token: reader.token })).result!.article.title).toBe('Night Trains');
    expect((await t.call('note.ofArticle', { id: 9999 }, { token: reader.token })).http).toBe(404);
  });

  it('exports every note as a text file with a fixed Chinese name, also from a plain link with the login cookie', async () => {
    await t.call('note.add', note(), { token: reader.token });
    await t.call('note.add', note({ note_uuid: 'n-2', text: 'They are slow but pleasant.', comment: '' }), { token: reader.token });
    const res = await t.app.inject({ url: '/reader/mynote/export', cookies: { bb_token: reader.token } });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('text/plain; charset=utf-8');
    expect(res.headers['content-disposition']).toBe(
      `attachment; filename="changdu-notes.txt"; filename*=UTF-8''${encodeURIComponent('畅读笔记.txt')}`,
    );
    expect(res.body).toContain('Night Trains\n夜行列车\n\nSleeper trains are back.\n> 卧铺列车回来了\n\nThey are slow but pleasant.');
    expect((await t.app.inject({ url: '/reader/mynote/export' })).statusCode).toBe(401);
    // The cookie is accepted for downloads only, never for other calls.
    expect((await t.app.inject({ url: `/reader/article/${articleId}/notes`, cookies: { bb_token: reader.token } })).statusCode).toBe(401);
  });

  it('takes a note on a paragraph an edit added at once, and refuses one on a paragraph the edit removed', async () => {
    expect((await t.call('note.add', note(), { token: reader.token })).http).toBe(200);
    const manager = await t.createUser({ role: 'manager' });
    const before = (await t.call('article.edit', { id: articleId }, { token: manager.token })).result!;
    await t.call(
      'article.update',
      {
        id: articleId,
        article: {
          paragraphs: [
            { id: before.paragraphs[1]!.id, kind: 'p', text: before.paragraphs[1]!.text },
            { kind: 'p', text: 'A new closing line.' },
          ],
        },
      },
      { token: manager.token },
    );
    const added = (await t.call('article.show', { id: articleId })).result!.paragraphs[1]!.id;
    const onAdded = await t.call('note.add', note({ note_uuid: 'n-2', root: added, text: 'A new closing line.' }), { token: reader.token });
    expect(onAdded).toMatchObject({ http: 200, result: { root: added } });
    const onRemoved = await t.call('note.add', note({ note_uuid: 'n-3' }), { token: reader.token });
    expect(onRemoved).toMatchObject({ http: 400, msg: '划线位置不在这篇文章里' });
  });

  it('refuses notes on drafts', async () => {
    const draft = await createArticle(t, { status: 'draft' });
    expect((await t.call('note.add', note({ id: draft }), { token: reader.token })).http).toBe(404);
  });
});
