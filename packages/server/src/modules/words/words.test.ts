import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createArticle } from '../../../test/factories.js';
import { createTestApp, type TestApp } from '../../../test/test-app.js';
import { DAY, MINUTE } from '../../lib/clock.js';

let t: TestApp;
let reader: { token: string; user: { id: number } };
beforeEach(async () => {
  t = await createTestApp();
  reader = await t.createUser();
});
afterEach(() => t.close());

const add = (word: string, extra: Record<string, unknown> = {}, token = reader.token) => t.call('words.add', { word, ...extra }, { token });

describe('adding and removing words', () => {
  it('stores the headword once and keeps each new context sentence', async () => {
    const article = await createArticle(t, { title: 'Deals' });
    const first = await add('negotiated', { sentence: 'They negotiated a deal.', article_id: article });
    expect(first.result).toMatchObject({ word: 'negotiate', state: 'new', added: true, reps: 0 });
    // "negotiated a deal" takes an object: the vt. line (谈妥, a deal reached by talks) comes first.
    expect(first.result!.meaning).toMatch(/谈判|商议|谈妥/);
    const again = await add('negotiating', { sentence: 'Negotiating takes patience.' });
    expect(again.result).toMatchObject({ id: first.result!.id, added: false });
    await add('negotiate', { sentence: 'They negotiated a deal.', article_id: article });
    const detail = (await t.call('words.detail', { word: 'negotiate' }, { token: reader.token })).result!;
    expect(detail.contexts.map((c) => [c.form, c.sentence, c.article_title])).toEqual([
      ['negotiating', 'Negotiating takes patience.', null],
      ['negotiated', 'They negotiated a deal.', 'Deals'],
    ]);
    expect(detail.entry?.word).toBe('negotiate');
    expect(detail.intervals.map((i) => i.label)).toEqual(['忘记', '模糊', '记得', '简单']);
  });

  it.each([
    [{ word: '' }, '请填写单词'],
    [{ word: '学习' }, '只能添加英文单词'],
    [{ word: 'qzxqzxq' }, '词典里没有找到“qzxqzxq”，无法加入生词本'],
    [{ word: 'deal', article_id: 999 }, '文章不存在或已下线'],
  ])('refuses %j and adds nothing', async (input, msg) => {
    const res = await t.call('words.add', input as never, { token: reader.token });
    expect(res.msg).toBe(msg);
    expect([400, 404]).toContain(res.http);
    expect((await t.call('words.overview', {}, { token: reader.token })).result!.total).toBe(0);
  });

  it('refuses a draft article as a context, exactly as a missing one, so drafts cannot be probed', async () => {
    const draft = await createArticle(t, { status: 'draft', title: 'Secret draft' });
    const res = await add('deal', { sentence: 'A deal.', article_id: draft });
    expect([res.http, res.msg]).toEqual([404, '文章不存在或已下线']);
    expect((await t.call('words.ofArticle', { article_id: draft }, { token: reader.token })).http).toBe(404);
    expect((await t.call('words.overview', {}, { token: reader.token })).result!.total).toBe(0);
  });

  it('answers a double tap (concurrent adds of one word) with one entry and no error', async () => {
    const results = await Promise.all(Array.from({ length: 8 }, () => add('zebra', { sentence: 'A zebra ran.' })));
    expect(results.map((r) => r.code)).toEqual(Array(8).fill('200'));
    expect(results.filter((r) => r.result!.added)).toHaveLength(1);
    expect(new Set(results.map((r) => r.result!.id)).size).toBe(1);
    expect((await t.call('words.overview', {}, { token: reader.token })).result!.total).toBe(1);
  });

  it('deletes by any form of the word', async () => {
    await add('mice');
    expect((await t.call('words.delete', { word: 'mouse' }, { token: reader.token })).result).toEqual({ ok: true });
    expect((await t.call('words.delete', { word: 'mouse' }, { token: reader.token })).http).toBe(404);
  });
});

describe('lists and overview', () => {
  it('orders by new, old, due and alphabet, and searches by prefix', async () => {
    for (const w of ['banana', 'apple', 'cherry']) {
      await add(w);
      t.clock.advance(MINUTE);
    }
    const order = async (o: 'new' | 'old' | 'due' | 'alpha', q?: string) =>
      (await t.call('words.list', { order: o, ...(q ? { q } : {}) }, { token: reader.token })).result!.list.map((w) => w.word);
    expect(await order('new')).toEqual(['cherry', 'apple', 'banana']);
    expect(await order('old')).toEqual(['banana', 'apple', 'cherry']);
    expect(await order('alpha')).toEqual(['apple', 'banana', 'cherry']);
    expect(await order('due')).toEqual(['banana', 'apple', 'cherry']);
    expect(await order('new', 'ch')).toEqual(['cherry']);
    // Searching a form finds its headword.
    await add('mice');
    expect(await order('alpha', 'mice')).toEqual(['mouse']);
    expect((await t.call('words.list', { order: 'random' as never }, { token: reader.token })).msg).toBe(
      '排序只能是 new、old、due 或 alpha',
    );
  });

  it('keeps every reader’s book to themselves', async () => {
    const mine = (await add('apple')).result!;
    const other = await t.createUser();
    expect((await t.call('words.list', {}, { token: other.token })).result!.list).toEqual([]);
    expect((await t.call('words.review', { id: mine.id, rating: 3 }, { token: other.token })).http).toBe(404);
    expect((await t.call('words.detail', { word: 'apple' }, { token: other.token })).http).toBe(404);
    expect((await t.call('words.delete', { word: 'apple' }, { token: other.token })).http).toBe(404);
    expect((await t.call('words.list', {}, { token: reader.token })).result!.list).toHaveLength(1);
  });
});

describe('reviewing with FSRS', () => {
  it('rates a card, logs the review, and answers the new state with next intervals', async () => {
    const card = (await add('apple')).result!;
    t.clock.advance(5000);
    const reviewed = await t.call('words.review', { id: card.id, rating: 3, spent: 4200 }, { token: reader.token });
    expect(reviewed.result).toMatchObject({ state: 'learning', reps: 1 });
    expect(reviewed.result!.intervals).toHaveLength(4);
    const log = await t.db.kysely.selectFrom('review_logs').selectAll().executeTakeFirstOrThrow();
    expect(log).toMatchObject({ entry_id: card.id, rating: 3, state: 0, spent_ms: 4200 });
    expect(await t.call('words.review', { id: card.id, rating: 5 }, { token: reader.token })).toMatchObject({
      http: 400,
      msg: 'rating 必须是 1–4',
    });
    expect((await t.call('words.review', { id: 9999, rating: 3 }, { token: reader.token })).http).toBe(404);
  });

  it('reviews a card once when the same rating is tapped twice at once', async () => {
    const card = (await add('apple')).result!;
    const [a, b] = await Promise.all([1, 2].map(() => t.call('words.review', { id: card.id, rating: 3 }, { token: reader.token })));
    expect([a!.code, b!.code]).toEqual(['200', '200']);
    expect([a!.result!.reps, b!.result!.reps]).toEqual([1, 1]);
    expect(await t.db.kysely.selectFrom('review_logs').select('id').execute()).toHaveLength(1);
  });

  it('applies a review sent again later (the offline outbox) once, by the reps the reader saw', async () => {
    const card = (await add('apple')).result!;
    const first = await t.call('words.review', { id: card.id, rating: 3, reps: 0 }, { token: reader.token });
    expect(first.result).toMatchObject({ reps: 1 });
    t.clock.advance(30 * MINUTE);
    const again = await t.call('words.review', { id: card.id, rating: 3, reps: 0 }, { token: reader.token });
    expect(again.code).toBe('200');
    expect(again.result).toMatchObject({ reps: 1 });
    expect(await t.db.kysely.selectFrom('review_logs').select('id').execute()).toHaveLength(1);
    // The next review, of the card as it is now, counts.
    expect((await t.call('words.review', { id: card.id, rating: 3, reps: 1 }, { token: reader.token })).result).toMatchObject({ reps: 2 });
  });

  it('over a simulated week, brings each card back when FSRS says, with review on demand when nothing is due', async () => {
    for (const w of ['apple', 'banana', 'cherry']) await add(w);
    const next = async (force = false) => (await t.call('words.next', { force }, { token: reader.token })).result!;
    expect((await next()).list.map((c) => c.word).sort()).toEqual(['apple', 'banana', 'cherry']);

    // Day 1: learn them (Good, Good) until each graduates to the review state.
    for (let round = 0; round < 4 && (await next()).list.length > 0; round++) {
      for (const card of (await next()).list) await t.call('words.review', { id: card.id, rating: 3 }, { token: reader.token });
      t.clock.advance(11 * MINUTE);
    }
    expect((await next()).list).toEqual([]);
    const overview = (await t.call('words.overview', {}, { token: reader.token })).result!;
    expect(overview).toMatchObject({ total: 3, due_now: 0, streak: 1 });
    expect(overview.by_state.review).toBe(3);
    expect(overview.reviewed_today).toBeGreaterThanOrEqual(6);

    // Nothing due: force brings the soonest cards anyway.
    expect((await next(true)).list).toHaveLength(3);

    // A week later all three are due again; forgetting one sends it to relearning.
    t.clock.advance(7 * DAY);
    const due = (await next()).list;
    expect(due).toHaveLength(3);
    const forgotten = await t.call('words.review', { id: due[0]!.id, rating: 1 }, { token: reader.token });
    expect(forgotten.result).toMatchObject({ state: 'relearning', lapses: 1 });
    await t.call('words.review', { id: due[1]!.id, rating: 3 }, { token: reader.token });
    const after = (await t.call('words.overview', {}, { token: reader.token })).result!;
    expect(after.retention_30d).toBe(0.5);
    expect((await next()).list.map((c) => c.id)).toEqual([due[2]!.id]);
  });

  it('lists the reader’s words that occur in an article, with the forms used', async () => {
    const id = await createArticle(t, { paragraphs: ['The mice negotiated with the cat.', 'Nobody expected apples.'] });
    await add('mouse');
    await add('negotiate');
    await add('banana');
    const res = (await t.call('words.ofArticle', { article_id: id }, { token: reader.token })).result!;
    expect(res.list.map((w) => [w.word, w.forms])).toEqual([
      ['mouse', ['mice']],
      ['negotiate', ['negotiated']],
    ]);
  });
});

describe('exports', () => {
  it('writes a CSV and an Anki file with fixed Chinese names, also from a plain link', async () => {
    const article = await createArticle(t, { title: 'Deals, "big" ones' });
    await add('negotiated', { sentence: 'They negotiated, at last, a "deal".', article_id: article });
    const csv = await t.app.inject({
      url: '/reader/myword/export',
      cookies: { bb_token: reader.token },
      // An allowed Host (loopback by default) is used for the links; an unknown one never is.
      headers: { host: 'localhost:3000' },
    });
    expect(csv.statusCode).toBe(200);
    expect(csv.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(csv.headers['content-disposition']).toContain(`filename*=UTF-8''${encodeURIComponent('畅读生词本.csv')}`);
    const lines = csv.body.replace(/^\uFEFF/, '').split('\r\n');
    expect(lines[0]).toBe('单词 word,音标 phonetic,释义 meaning,例句 sentence,文章 article,链接 link,加入 added,到期 due');
    expect(lines[1]).toMatch(
      /^negotiate,\/.+\/,"?.*谈判.*"?,"They negotiated, at last, a ""deal"".","Deals, ""big"" ones",http:\/\/localhost:3000\/article\/\d+,2026-11-21,2026-11-21$/,
    );

    const anki = await t.app.inject({ url: '/reader/myword/export?format=anki', cookies: { bb_token: reader.token } });
    expect(anki.headers['content-type']).toBe('text/plain; charset=utf-8');
    expect(anki.headers['content-disposition']).toContain(encodeURIComponent('畅读生词本-Anki.txt'));
    const rows = anki.body.trim().split('\n');
    expect(rows.slice(0, 3)).toEqual(['#separator:tab', '#html:true', '#columns:Front\tBack']);
    expect(rows[3]).toMatch(
      /^negotiate\t\/.+\/<br>.*谈判.*<br><i>They negotiated, at last, a &quot;deal&quot;.<\/i><br>— Deals, &quot;big&quot; ones$/,
    );
    expect((await t.app.inject({ url: '/reader/myword/export' })).statusCode).toBe(401);
  });
});
