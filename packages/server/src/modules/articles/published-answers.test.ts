import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createArticle } from '../../../test/factories.js';
import { createTestApp, type TestApp } from '../../../test/test-app.js';
import { articlesRepo } from './articles.repo.js';
import { PublishedAnswers } from './published-answers.js';

let t: TestApp;
let manager: { token: string };
beforeEach(async () => {
  t = await createTestApp();
  manager = await t.createUser({ role: 'manager' });
});
afterEach(() => t.close());

const as = () => ({ token: manager.token });
const listed = async () => (await t.call('article.list', { offset: 0 })).result!.list.map((a) => a.title);
const found = async (q: string) => (await t.call('search.articles', { q, offset: 0 })).result!.list.map((a) => a.title);

describe('the newest list and search, kept between writes', () => {
  it('list and find an article the moment it is published, and drop it the moment it is withdrawn or deleted', async () => {
    await createArticle(t, { title: 'Herons return to the marsh' });
    expect(await listed()).toEqual(['Herons return to the marsh']);
    expect(await found('herons')).toEqual(['Herons return to the marsh']);

    const draft = await createArticle(t, { title: 'Herons nest early this spring', status: 'draft' });
    expect(await listed()).toEqual(['Herons return to the marsh']);
    expect((await t.call('article.publish', { id: draft, status: 'published' }, as())).code).toBe('200');
    expect(await listed()).toEqual(['Herons nest early this spring', 'Herons return to the marsh']);
    expect(await found('herons')).toHaveLength(2);

    expect((await t.call('article.publish', { id: draft, status: 'offline' }, as())).code).toBe('200');
    expect(await listed()).toEqual(['Herons return to the marsh']);
    expect(await found('herons')).toEqual(['Herons return to the marsh']);

    const edited = await t.call('article.update', { id: draft, article: { title: 'Egrets nest early' } }, as());
    expect(edited.code, edited.msg).toBe('200');
    expect((await t.call('article.publish', { id: draft, status: 'published' }, as())).code).toBe('200');
    expect(await found('egrets')).toEqual(['Egrets nest early']);

    expect((await t.call('article.delete', { id: draft }, as())).code).toBe('200');
    expect(await listed()).toEqual(['Herons return to the marsh']);
    expect(await found('egrets')).toEqual([]);
  });

  it('answers the same page to every caller until an article is written', async () => {
    const kept = new PublishedAnswers(t.db);
    let made = 0;
    const page = () => kept.answer('page', async () => ({ made: ++made }));
    const first = await page();
    expect(await page()).toBe(first);
    expect(Object.isFrozen(first)).toBe(true);
    // Two callers at once share one answer.
    const [a, b] = await Promise.all([
      kept.answer('other', async () => ({ made: ++made })),
      kept.answer('other', async () => ({ made: ++made })),
    ]);
    expect(a).toBe(b);
    expect(made).toBe(2);

    const id = await createArticle(t, { title: 'A write' });
    expect(await page()).toEqual({ made: 3 });
    await articlesRepo(t.db).update(id, { title: 'Another write' });
    expect(await page()).toEqual({ made: 4 });
    expect(await page()).toEqual({ made: 4 });
  });

  it('asks again once the kept answer is older than its time: what another process wrote is seen then', async () => {
    const kept = new PublishedAnswers(t.db, { ttlMs: 40 });
    let made = 0;
    const page = () => kept.answer('page', async () => ({ made: ++made }));
    await page();
    await page();
    expect(made).toBe(1);
    await new Promise((resolve) => setTimeout(resolve, 60));
    await page();
    expect(made).toBe(2);
  });

  it('keeps nothing when keeping is turned off (LIST_KEEP_SECONDS=0)', async () => {
    const kept = new PublishedAnswers(t.db, { ttlMs: 0 });
    let made = 0;
    await kept.answer('page', async () => ({ made: ++made }));
    await kept.answer('page', async () => ({ made: ++made }));
    expect(made).toBe(2);
  });

  it('keeps no failure: the next caller asks again', async () => {
    const kept = new PublishedAnswers(t.db);
    let calls = 0;
    const failing = () =>
      kept.answer('page', async () => {
        calls++;
        if (calls === 1) throw new Error('database went away');
        return { ok: true };
      });
    await expect(failing()).rejects.toThrow('database went away');
    expect(await failing()).toEqual({ ok: true });
    expect(calls).toBe(2);
  });
});
