import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createArticle } from '../../../test/factories.js';
import { createTestApp, type TestApp } from '../../../test/test-app.js';

let t: TestApp;
type U = Awaited<ReturnType<TestApp['createUser']>>;
let manager: U;

beforeAll(async () => {
  t = await createTestApp();
  manager = await t.createUser({ role: 'manager' });
});
afterAll(() => t?.close());

const as = (u: U) => ({ token: u.token });
const STATEMENT = '我想整理适合初学者的科学文章合集。';

/** A user whose application a manager approved. */
async function creator() {
  const u = await t.createUser();
  const applied = await t.call('creator.apply', { statement: STATEMENT, bio: '科学爱好者' }, as(u));
  expect(applied.code, applied.msg).toBe('200');
  expect((await t.call('creator.review', { id: applied.result!.id, action: 'approve' }, as(manager))).code).toBe('200');
  return u;
}

describe('creator applications', () => {
  it('goes from a reader’s application to a creator after a manager approves it', async () => {
    const u = await t.createUser();
    expect((await t.call('creator.myApplication', {}, as(u))).result).toEqual({ is_creator: false, application: null });
    const applied = await t.call('creator.apply', { statement: STATEMENT }, as(u));
    expect(applied.result).toMatchObject({ status: 'pending', statement: STATEMENT, user: { id: u.user.id } });
    const again = await t.call('creator.apply', { statement: STATEMENT }, as(u));
    expect([again.http, again.msg]).toEqual([409, '你的申请正在审核中，请耐心等待']);

    const pending = await t.call('creator.applications', {}, as(manager));
    expect(pending.result!.list.map((x) => x.id)).toContain(applied.result!.id);
    expect((await t.call('creator.applications', {}, as(u))).http).toBe(403);
    expect((await t.call('creator.review', { id: applied.result!.id, action: 'approve' }, as(u))).http).toBe(403);

    const approved = await t.call('creator.review', { id: applied.result!.id, action: 'approve' }, as(manager));
    expect(approved.result).toMatchObject({ status: 'approved' });
    const twice = await t.call('creator.review', { id: applied.result!.id, action: 'refuse', reason: '太晚了' }, as(manager));
    expect([twice.http, twice.msg]).toEqual([409, '这份申请已经审核过了']);
    expect((await t.call('creator.myApplication', {}, as(u))).result!.is_creator).toBe(true);
    const more = await t.call('creator.apply', { statement: STATEMENT }, as(u));
    expect([more.http, more.msg]).toEqual([409, '你已经是创作者了']);
    expect((await t.call('creator.show', { id: u.user.id }, {})).code).toBe('200');
  });

  it('refuses with a reason, after which the reader may apply again', async () => {
    const u = await t.createUser();
    const applied = await t.call('creator.apply', { statement: STATEMENT }, as(u));
    const noReason = await t.call('creator.review', { id: applied.result!.id, action: 'refuse' }, as(manager));
    expect([noReason.http, noReason.msg]).toEqual([400, '请写明拒绝原因']);
    const refused = await t.call('creator.review', { id: applied.result!.id, action: 'refuse', reason: '请补充作品' }, as(manager));
    expect(refused.result).toMatchObject({ status: 'refused', reason: '请补充作品' });
    expect((await t.call('creator.myApplication', {}, as(u))).result).toMatchObject({
      is_creator: false,
      application: { status: 'refused', reason: '请补充作品' },
    });
    expect((await t.call('creator.show', { id: u.user.id }, {})).http).toBe(404);
    expect((await t.call('creator.apply', { statement: STATEMENT }, as(u))).code).toBe('200');
  });

  it('needs a statement of some length', async () => {
    const u = await t.createUser();
    const short = await t.call('creator.apply', { statement: '想' }, as(u));
    expect([short.http, short.msg]).toEqual([400, '申请理由至少需要 10 个字符']);
  });
});

describe('creators', () => {
  it('shows a profile with counts and published collections only', async () => {
    const c = await creator();
    const art = await createArticle(t, { title: 'By a creator' });
    const pub = await t.call('collection.add', { title: 'Public one', articles: [{ article_id: art }] }, as(c));
    await t.call('collection.publish', { id: pub.result!.id }, as(c));
    await t.call('collection.add', { title: 'Private one', articles: [{ article_id: art }] }, as(c));
    const shown = await t.call('creator.show', { id: c.user.id }, {});
    expect(shown.result).toMatchObject({ id: c.user.id, name: c.user.username, bio: '科学爱好者', collection_count: 1, me: null });
    expect(shown.result!.collections.map((x) => x.title)).toEqual(['Public one']);
    expect(shown.result!.collections[0]!.owner.is_creator).toBe(true);
  });

  it('follows idempotently, lists the most followed first, and refuses following oneself', async () => {
    const c1 = await creator();
    const c2 = await creator();
    const fans = await Promise.all([1, 2].map(() => t.createUser()));
    for (const f of fans) await Promise.all([1, 2].map(() => t.call('creator.follow', { id: c2.user.id, status: true }, as(f))));
    const one = await t.call('creator.follow', { id: c1.user.id, status: true }, as(fans[0]!));
    expect(one.result).toEqual({ followed: true, follower_count: 1 });
    const list = await t.call('creator.list', {});
    const order = list.result!.list.map((x) => x.id);
    expect(order.indexOf(c2.user.id)).toBeLessThan(order.indexOf(c1.user.id));
    expect(list.result!.list.find((x) => x.id === c2.user.id)!.follower_count).toBe(2);
    await Promise.all([1, 2].map(() => t.call('creator.follow', { id: c2.user.id, status: false }, as(fans[1]!))));
    expect((await t.call('creator.show', { id: c2.user.id }, as(fans[1]!))).result).toMatchObject({
      follower_count: 1,
      me: { followed: false },
    });
    const self = await t.call('creator.follow', { id: c1.user.id, status: true }, as(c1));
    expect([self.http, self.msg]).toEqual([400, '不能关注自己']);
    const notCreator = await t.call('creator.follow', { id: fans[0]!.user.id, status: true }, as(fans[1]!));
    expect(notCreator.http).toBe(404);
  });

  it('puts followed creators’ new collections on the following tab', async () => {
    const c = await creator();
    const other = await creator();
    const fan = await t.createUser();
    await t.call('creator.follow', { id: c.user.id, status: true }, as(fan));
    const art = await createArticle(t, { title: 'Fresh work' });
    const made = await t.call('collection.add', { title: 'New work', articles: [{ article_id: art }] }, as(c));
    expect((await t.call('creator.following', {}, as(fan))).result!.list).toEqual([]);
    await t.call('collection.publish', { id: made.result!.id }, as(c));
    const elsewhere = await t.call('collection.add', { title: 'Not followed', articles: [{ article_id: art }] }, as(other));
    await t.call('collection.publish', { id: elsewhere.result!.id }, as(other));
    const feed = await t.call('creator.following', {}, as(fan));
    expect(feed.result!.list.map((x) => x.title)).toEqual(['New work']);
  });
});

describe('a creator’s byline', () => {
  it('lists the published articles of a byline a manager linked, and only a manager may link one', async () => {
    const c = await creator();
    const id = await createArticle(t, { title: 'Written under a byline', author: 'Mira Chen' });
    await createArticle(t, { title: 'A draft under it', author: 'Mira Chen', status: 'draft' });
    const authorId = (await t.call('article.show', { id })).result!.author!.id;
    expect((await t.call('creator.byline', { id: c.user.id, author_id: authorId }, as(c))).http).toBe(403);
    const missing = await t.call('creator.byline', { id: c.user.id, author_id: 987_654 }, as(manager));
    expect([missing.http, missing.msg]).toEqual([400, '作者不存在']);
    const linked = await t.call('creator.byline', { id: c.user.id, author_id: authorId }, as(manager));
    expect(linked.result).toEqual({ author: { id: authorId, name: 'Mira Chen' } });
    const shown = await t.call('creator.show', { id: c.user.id }, {});
    expect(shown.result).toMatchObject({ article_count: 1, byline: { id: authorId, name: 'Mira Chen' } });
    expect(shown.result!.articles.map((a) => a.title)).toEqual(['Written under a byline']);
    await t.call('creator.byline', { id: c.user.id, author_id: null }, as(manager));
    expect((await t.call('creator.show', { id: c.user.id }, {})).result).toMatchObject({ article_count: 0, articles: [], byline: null });
  });
});

describe('demo content', () => {
  it('makes the demo reader a creator with one published collection on first start, once', async () => {
    const d = await createTestApp();
    try {
      const demo = await d.createUser({ username: 'demo' });
      await d.app.seedDemoContent('http://localhost:3000/api/demo/feed.xml');
      const list = (await d.call('collection.list', {})).result!.list;
      expect(list).toHaveLength(1);
      expect(list[0]).toMatchObject({ owner: { id: demo.user.id, is_creator: true }, article_count: 4, is_published: true });
      expect(list[0]!.cover).toMatch(/^\/api\/image\//);
      expect((await d.call('creator.list', {})).result!.list.map((c) => c.id)).toEqual([demo.user.id]);
      await d.app.seedDemoContent('http://localhost:3000/api/demo/feed.xml');
      expect((await d.call('collection.list', {})).result!.list).toHaveLength(1);
    } finally {
      await d.close();
    }
  });
});
