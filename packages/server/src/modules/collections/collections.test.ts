import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createArticle } from '../../../test/factories.js';
import { createTestApp, type TestApp } from '../../../test/test-app.js';

let t: TestApp;
type U = Awaited<ReturnType<TestApp['createUser']>>;
let owner: U;
let reader: U;
let stranger: U;
let manager: U;
const a: number[] = [];

beforeAll(async () => {
  t = await createTestApp();
  owner = await t.createUser();
  reader = await t.createUser();
  stranger = await t.createUser();
  manager = await t.createUser({ role: 'manager' });
  for (let i = 1; i <= 4; i++) a.push(await createArticle(t, { title: `Collected ${i}` }));
});
afterAll(() => t?.close());

const as = (u: U) => ({ token: u.token });
let serial = 0;

async function build(user: U, ids: number[], publish = true) {
  serial += 1;
  const made = await t.call(
    'collection.add',
    { title: `List ${serial}`, description: 'For the test', articles: ids.map((article_id) => ({ article_id })) },
    as(user),
  );
  expect(made.code, made.msg).toBe('200');
  const id = made.result!.id;
  if (publish) expect((await t.call('collection.publish', { id }, as(user))).code).toBe('200');
  return id;
}

describe('creating and editing a collection', () => {
  it('creates with ordered articles and notes, then reorders and edits them', async () => {
    const made = await t.call(
      'collection.add',
      {
        title: 'Sleep and trains',
        description: 'Night reading',
        articles: [{ article_id: a[0]!, note: '先读这篇' }, { article_id: a[1]! }, { article_id: a[2]! }],
        cover_article_id: a[1],
      },
      as(owner),
    );
    expect(made.code, made.msg).toBe('200');
    expect(made.result).toMatchObject({ title: 'Sleep and trains', is_published: false, article_count: 3, cover_article_id: a[1] });
    expect(made.result!.articles.map((x) => [x.id, x.position, x.note])).toEqual([
      [a[0], 1, '先读这篇'],
      [a[1], 2, null],
      [a[2], 3, null],
    ]);
    const id = made.result!.id;

    const edited = await t.call(
      'collection.add',
      { id, title: 'Sleep, trains', articles: [{ article_id: a[2]! }, { article_id: a[0]!, note: '后读' }] },
      as(owner),
    );
    expect(edited.result!.articles.map((x) => [x.id, x.note])).toEqual([
      [a[2], null],
      [a[0], '后读'],
    ]);
    expect(edited.result).toMatchObject({ title: 'Sleep, trains', article_count: 2, description: null });
  });

  it('refuses drafts, duplicates, a cover outside the list and a second collection of the same title', async () => {
    const draft = await createArticle(t, { status: 'draft', title: 'Not yet' });
    const withDraft = await t.call('collection.add', { title: 'Drafty', articles: [{ article_id: draft }] }, as(owner));
    expect([withDraft.http, withDraft.msg]).toEqual([400, '有 1 篇文章不存在或未发布，不能加入合集']);
    const twice = await t.call('collection.add', { title: 'Twice', articles: [{ article_id: a[0]! }, { article_id: a[0]! }] }, as(owner));
    expect(twice.http).toBe(400);
    const cover = await t.call('collection.add', { title: 'Cover', articles: [{ article_id: a[0]! }], cover_article_id: a[1] }, as(owner));
    expect(cover.msg).toBe('封面文章必须是合集中的一篇');
    await build(owner, [a[0]!], false);
    const same = await t.call('collection.add', { title: `List ${serial}`, articles: [] }, as(owner));
    expect(same.http).toBe(409);
  });

  it('keeps the order and the counts consistent under edits at once', async () => {
    const id = await build(owner, [a[0]!]);
    const orders = [[a[0]!, a[1]!, a[2]!], [a[2]!, a[1]!], [a[3]!, a[0]!, a[2]!, a[1]!], [a[1]!]];
    const results = await Promise.all(
      orders.map((ids) => t.call('collection.add', { id, title: 'Raced', articles: ids.map((article_id) => ({ article_id })) }, as(owner))),
    );
    for (const r of results) expect(r.code, r.msg).toBe('200');
    const items = await t.db.kysely
      .selectFrom('collection_items')
      .selectAll()
      .where('collection_id', '=', id)
      .orderBy('position')
      .execute();
    // Whichever edit came last, the list is exactly one of the orders sent, positions 0..n-1.
    expect(orders.map((o) => o.join())).toContain(items.map((i) => i.article_id).join());
    expect(items.map((i) => i.position)).toEqual(items.map((_, i) => i));
    const shown = await t.call('collection.show', { id }, as(reader));
    expect(shown.result!.article_count).toBe(items.length);
  });

  it('lets only the owner or a manager edit, publish or delete', async () => {
    const id = await build(owner, [a[0]!]);
    const edit = await t.call('collection.add', { id, title: 'Mine now', articles: [] }, as(stranger));
    expect([edit.http, edit.msg]).toEqual([403, '只有合集的创建者或管理员可以修改']);
    expect((await t.call('collection.publish', { id, cancel: true }, as(stranger))).http).toBe(403);
    expect((await t.call('collection.destory', { id }, as(stranger))).http).toBe(403);
    expect((await t.call('collection.add', { id, title: 'Fixed by staff', articles: [{ article_id: a[1]! }] }, as(manager))).code).toBe(
      '200',
    );
    const gone = await t.call('collection.destory', { id }, as(manager));
    expect(gone.code).toBe('200');
    expect((await t.call('collection.show', { id }, as(reader))).http).toBe(404);
    expect((await t.call('collection.show', { id }, as(owner))).http).toBe(404);
    const managed = await t.call('collection.manage', { state: 'deleted' }, as(manager));
    expect(managed.result!.list.map((c) => c.id)).toContain(id);
  });
});

describe('visibility', () => {
  it('shows a private collection only to its owner and managers, and lists only published ones', async () => {
    const id = await build(owner, [a[0]!], false);
    for (const who of [reader, null]) {
      const res = await t.call('collection.show', { id }, who ? as(who) : {});
      expect([res.http, res.msg]).toEqual([404, '合集不存在或未公开']);
      expect((await t.call('collection.next', { id, article_id: a[0]! }, who ? as(who) : {})).http).toBe(404);
    }
    expect((await t.call('collection.mark', { id, action: 'follow' }, as(reader))).http).toBe(404);
    expect((await t.call('collection.show', { id }, as(owner))).code).toBe('200');
    expect((await t.call('collection.show', { id }, as(manager))).code).toBe('200');
    const listed = async () => (await t.call('collection.list', {})).result!.list.map((c) => c.id);
    expect(await listed()).not.toContain(id);
    expect((await t.call('collection.mine', {}, as(owner))).result!.list.map((c) => c.id)).toContain(id);

    expect((await t.call('collection.publish', { id }, as(owner))).result!.is_published).toBe(true);
    expect(await listed()).toContain(id);
    expect((await t.call('collection.show', { id }, {})).code).toBe('200');
    await t.call('collection.publish', { id, cancel: true }, as(owner));
    expect(await listed()).not.toContain(id);
    expect((await t.call('collection.show', { id }, as(reader))).http).toBe(404);
  });

  it('refuses to publish an empty collection', async () => {
    const id = await build(owner, [], false);
    const res = await t.call('collection.publish', { id }, as(owner));
    expect([res.http, res.msg]).toEqual([400, '合集里至少要有一篇已发布的文章才能公开']);
  });

  it('hides an article withdrawn after it was added, and shows it again when republished', async () => {
    const later = await createArticle(t, { title: 'Withdrawn later' });
    const id = await build(owner, [a[0]!, later, a[1]!]);
    await t.db.kysely.updateTable('articles').set({ status: 'offline' }).where('id', '=', later).execute();
    const shown = await t.call('collection.show', { id }, as(reader));
    expect(shown.result!.articles.map((x) => x.id)).toEqual([a[0], a[1]]);
    expect(shown.result).toMatchObject({ article_count: 2, hidden_count: 0 });
    expect((await t.call('collection.show', { id }, as(owner))).result!.hidden_count).toBe(1);
    expect((await t.call('collection.next', { id, article_id: a[0]! }, as(reader))).result!.article?.id).toBe(a[1]);
    await t.db.kysely.updateTable('articles').set({ status: 'published' }).where('id', '=', later).execute();
    expect((await t.call('collection.show', { id }, as(reader))).result!.articles.map((x) => x.id)).toEqual([a[0], later, a[1]]);
  });
});

describe('reading through a collection', () => {
  it('answers the next article in order, and null at the end', async () => {
    const id = await build(owner, [a[2]!, a[0]!, a[1]!]);
    const steps: number[][] = [];
    let at: number | undefined = a[2]!;
    while (at !== undefined) {
      const answer: { position: number; total: number; article: { id: number } | null } = (
        await t.call('collection.next', { id, article_id: at }, {})
      ).result!;
      steps.push([answer.position, answer.total]);
      at = answer.article?.id;
    }
    expect(steps).toEqual([
      [1, 3],
      [2, 3],
      [3, 3],
    ]);
    const outside = await t.call('collection.next', { id, article_id: a[3]! }, {});
    expect([outside.http, outside.msg]).toEqual([404, '这篇文章不在这个合集里']);
  });

  it('shows my read marks, my progress and where to continue', async () => {
    const id = await build(owner, [a[0]!, a[1]!, a[2]!]);
    const r = await t.createUser();
    await t.call('article.mark', { id: a[0]!, action: 'finish', status: true }, as(r));
    const shown = await t.call('collection.show', { id }, as(r));
    expect(shown.result!.articles.map((x) => x.finished)).toEqual([true, false, false]);
    expect(shown.result!.me).toMatchObject({ finished_count: 1, continue_article_id: a[1], followed: false, can_edit: false });
    expect((await t.call('collection.show', { id }, {})).result!.me).toBeNull();
  });
});

describe('stars and follows', () => {
  it('are idempotent and keep the counts right', async () => {
    const id = await build(owner, [a[0]!]);
    const r = await t.createUser();
    await Promise.all([1, 2, 3].map(() => t.call('collection.mark', { id, action: 'follow' }, as(r))));
    const starred = await t.call('collection.mark', { id, action: 'star' }, as(r));
    expect(starred.result).toEqual({ starred: true, followed: true, star_count: 1, follower_count: 1 });
    expect((await t.call('collection.mark', { id, action: 'star' }, as(r))).result!.star_count).toBe(1);
    await Promise.all([1, 2].map(() => t.call('collection.mark', { id, action: 'unfollow' }, as(r))));
    const after = await t.call('collection.mark', { id, action: 'unstar' }, as(r));
    expect(after.result).toEqual({ starred: false, followed: false, star_count: 0, follower_count: 0 });
  });

  it('lists what I follow with the articles added since I last opened it, and what I starred', async () => {
    const id = await build(owner, [a[0]!]);
    const r = await t.createUser();
    await t.call('collection.mark', { id, action: 'follow' }, as(r));
    await t.call('collection.mark', { id, action: 'star' }, as(r));
    t.clock.advance(60_000);
    await t.call(
      'collection.add',
      { id, title: 'Growing', articles: [a[0]!, a[1]!, a[2]!].map((article_id) => ({ article_id })) },
      as(owner),
    );
    const follow = await t.call('collection.follow', {}, as(r));
    expect(follow.result!.list.find((c) => c.id === id)).toMatchObject({ new_count: 2, title: 'Growing' });
    t.clock.advance(60_000);
    await t.call('collection.show', { id }, as(r));
    expect((await t.call('collection.follow', {}, as(r))).result!.list.find((c) => c.id === id)!.new_count).toBe(0);
    expect((await t.call('collection.mystar', {}, as(r))).result!.list.map((c) => c.id)).toEqual([id]);
    // Withdrawn by the owner: gone from the follower's lists.
    await t.call('collection.publish', { id, cancel: true }, as(owner));
    expect((await t.call('collection.mystar', {}, as(r))).result!.list).toEqual([]);
  });
});

describe('lists', () => {
  it('paginates the published collections, offers random picks and filters the managers’ list', async () => {
    const p = await createTestApp();
    try {
      const u = await p.createUser();
      const m = await p.createUser({ role: 'manager' });
      const art = await createArticle(p, { title: 'Only one' });
      const ids: number[] = [];
      for (let i = 0; i < 23; i++) {
        p.clock.advance(1000);
        const made = await p.call('collection.add', { title: `Page ${i}`, articles: [{ article_id: art }] }, { token: u.token });
        await p.call('collection.publish', { id: made.result!.id }, { token: u.token });
        ids.push(made.result!.id);
      }
      const first = await p.call('collection.list', {});
      expect(first.result!.list).toHaveLength(20);
      expect(first.result!.next_offset).toBe(20);
      expect(first.result!.list[0]!.id).toBe(ids[22]);
      const second = await p.call('collection.list', { offset: 20 });
      expect(second.result!.list.map((c) => c.id)).toEqual([ids[2], ids[1], ids[0]]);
      expect(second.result!.next_offset).toBeNull();
      const random = await p.call('collection.random', { size: 5 });
      expect(random.result!.list).toHaveLength(5);
      expect(new Set(random.result!.list.map((c) => c.id)).size).toBe(5);
      await p.call('collection.publish', { id: ids[0]!, cancel: true }, { token: u.token });
      const priv = await p.call('collection.manage', { state: 'private' }, { token: m.token });
      expect(priv.result!.list.map((c) => c.id)).toEqual([ids[0]]);
      const byTitle = await p.call('collection.manage', { q: 'page 1' }, { token: m.token });
      expect(byTitle.result!.list.map((c) => c.title).sort()).toEqual([
        'Page 1',
        'Page 10',
        'Page 11',
        'Page 12',
        'Page 13',
        'Page 14',
        'Page 15',
        'Page 16',
        'Page 17',
        'Page 18',
        'Page 19',
      ]);
      expect((await p.call('collection.manage', {}, { token: u.token })).http).toBe(403);
    } finally {
      await p.close();
    }
  });
});
