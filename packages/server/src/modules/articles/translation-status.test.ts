import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createArticle } from '../../../test/factories.js';
import { createTestApp, type TestApp } from '../../../test/test-app.js';

let t: TestApp;
let token: string;
beforeEach(async () => {
  t = await createTestApp();
  token = (await t.createUser({ role: 'manager' })).token;
});
afterEach(() => t.close());

describe('articles without Chinese', () => {
  it('the editor view says which parts are untranslated', async () => {
    const id = await createArticle(t, { status: 'draft', paragraphs: ['One sentence here.', { en: 'Two.', zh: '二。' }, 'Three.'] });
    const view = (await t.call('article.edit', { id }, { token })).result!;
    expect(view.translation).toEqual({ title: false, summary: true, paragraphs: 3, translated: 1 });
    expect(view.warning).toBeNull();
  });

  it('publishing is allowed and answers a warning naming what readers will miss', async () => {
    const id = await createArticle(t, { status: 'draft' });
    const res = await t.call('article.publish', { id, status: 'published' }, { token });
    expect(res.code).toBe('200');
    expect(res.result!.status).toBe('published');
    expect(res.result!.warning).toBe('已发布，但还没有译文：中文标题、3 段正文（共 3 段）。读者打开“双语”会看到这篇文章还没有译文。');
    // Approving in review publishes too, with the same warning.
    const other = await createArticle(t, { status: 'pending' });
    expect((await t.call('article.audit', { id: other, action: 'approve' }, { token })).result!.warning).toMatch(/还没有译文/);
  });

  it('a fully translated article publishes without a warning, and taking one offline never warns', async () => {
    const id = await createArticle(t, { status: 'draft', title_zh: '标题', paragraphs: [{ en: 'One.', zh: '一。' }] });
    expect((await t.call('article.publish', { id, status: 'published' }, { token })).result!.warning).toBeNull();
    const bare = await createArticle(t, { status: 'published' });
    expect((await t.call('article.publish', { id: bare, status: 'offline' }, { token })).result!.warning).toBeNull();
  });
});

describe('an emptied Chinese title', () => {
  it('is no title: lists carry null, not an empty subtitle', async () => {
    const id = await createArticle(t, { status: 'published', title_zh: '旧标题' });
    await t.call('article.update', { id, article: { title_zh: '  ' } }, { token });
    const list = (await t.call('article.list', {}, {})).result!;
    const card = list.list.find((a) => a.id === id)!;
    expect(card.title_zh).toBeNull();
  });
});
