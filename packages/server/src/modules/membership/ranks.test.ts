import { signParams } from '@changdu/contract';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createArticle } from '../../../test/factories.js';
import { createTestApp, type TestApp } from '../../../test/test-app.js';
import { MINUTE } from '../../lib/clock.js';
import { usersRepo } from '../users/users.repo.js';
import { LIST_SIZE } from './ranks.service.js';

let t: TestApp;
let reader: Awaited<ReturnType<TestApp['createUser']>>;
let otherSerial = 0;

// Wednesday 2026-11-18 10:00 China time; the week is Monday 16th to Sunday 22nd.
const WEDNESDAY = new Date('2026-11-18T02:00:00.000Z');

beforeEach(async () => {
  t = await createTestApp();
  t.clock.set(WEDNESDAY);
  reader = await t.createUser();
});
afterEach(() => t.close());

const as = (u: { token: string }) => ({ token: u.token });

/** Reads an article for `seconds` the way the web client reports it. */
async function read(user: { token: string }, articleId: number, seconds: number, finish = false) {
  const tv = (await t.call('history.token', { article_id: articleId }, as(user))).result!.t;
  t.clock.advance(seconds * 1000);
  const params = { article_id: articleId, spent_time: seconds, is_finish: finish, t: tv };
  const res = await t.call('history.report', params, { ...as(user), headers: { 'x-bb-sign': signParams(params, t.clock.now().getTime()) } });
  expect(res.code, res.msg).toBe('200');
}

/** Readers without a login (only the list shows them), each with a week's total set directly. */
async function others(values: { seconds?: number; finished?: number }[], week = '2026-11-16') {
  const ids: number[] = [];
  for (const v of values) {
    const i = (otherSerial += 1);
    const user = await usersRepo(t.db).insert({
      phone: `137${String(10_000_000 + i).slice(-8)}`,
      username: `other_${i}`,
      password_hash: 'x',
      role: 'user',
      now: t.clock.now().toISOString(),
    });
    await t.db.kysely
      .insertInto('reading_weeks')
      .values({ user_id: user.id, week, seconds: v.seconds ?? 0, finished: v.finished ?? 0 })
      .execute();
    ids.push(user.id);
  }
  return ids;
}

const week = async (cat: 'time' | 'finish' | 'review', user = reader, rank_date = '2026-11-18') => {
  const res = await t.call('rank.week', { cat, rank_date }, as(user));
  expect(res.code, res.msg).toBe('200');
  return res.result!;
};

describe('the weekly rank reads the top and my place, not every reader', () => {
  it('counts each article at most 30 minutes a week, across days, and again in the next week', async () => {
    const a1 = await createArticle(t);
    const a2 = await createArticle(t);
    // 25 minutes on Wednesday, 10 more on Saturday: the article earns 30 of its 35.
    await read(reader, a1, 25 * 60);
    t.clock.set(new Date('2026-11-21T02:00:00.000Z'));
    await read(reader, a1, 10 * 60);
    // Another article adds its own 7 minutes; a later report on the capped one adds nothing.
    await read(reader, a2, 7 * 60);
    await read(reader, a1, 5 * 60);
    expect((await week('time')).me).toEqual({ rank: 1, value: 37 });
    // Monday of the next week: the same article counts afresh.
    t.clock.set(new Date('2026-11-23T02:00:00.000Z'));
    await read(reader, a1, 4 * 60);
    expect((await week('time', reader, '2026-11-23')).me).toEqual({ rank: 1, value: 4 });
    expect((await week('time')).me).toEqual({ rank: 1, value: 37 });
  });

  it('two reports of one article at once are capped together', async () => {
    const a1 = await createArticle(t);
    await read(reader, a1, 20 * 60);
    // Two tabs open on the article (a second apart: a t is the article, the reader and the time).
    const tokens: string[] = [];
    for (const _ of [0, 1]) {
      tokens.push((await t.call('history.token', { article_id: a1 }, as(reader))).result!.t);
      t.clock.advance(1000);
    }
    t.clock.advance(10 * MINUTE);
    const sent = await Promise.all(
      tokens.map((tv) => {
        const params = { article_id: a1, spent_time: 8 * 60, is_finish: false, t: tv };
        return t.call('history.report', params, { ...as(reader), headers: { 'x-bb-sign': signParams(params, t.clock.now().getTime()) } });
      }),
    );
    expect(sent.map((r) => r.code)).toEqual(['200', '200']);
    // 20 + 8 + 8 = 36 minutes read, 30 counted.
    expect((await week('time')).me).toEqual({ rank: 1, value: 30 });
  });

  it('ties share a rank, the list orders them by user id, and the next rank skips', async () => {
    const a1 = await createArticle(t);
    const b = await t.createUser();
    const c = await t.createUser();
    const d = await t.createUser();
    // b and c tie at 10 minutes, whoever reported first.
    await read(c, a1, 10 * 60);
    await read(b, a1, 10 * 60);
    await read(d, a1, 12 * 60);
    await read(reader, a1, 5 * 60);
    const time = await week('time', c);
    const [first, second] = [b.user.id, c.user.id].sort((x, y) => x - y);
    expect(time.list.map((r) => [r.rank, r.user_id, r.value])).toEqual([
      [1, d.user.id, 12],
      [2, first, 10],
      [2, second, 10],
      [4, reader.user.id, 5],
    ]);
    expect(time.me).toEqual({ rank: 2, value: 10 });
    const names = new Map([b, c, d, reader].map((u) => [u.user.id, u.user.username]));
    expect(time.list.map((r) => r.username)).toEqual(time.list.map((r) => names.get(r.user_id)));
  });

  it('shows my place and value beyond the top 50, ties with readers outside the list included', async () => {
    const a1 = await createArticle(t);
    // 52 readers from 100 minutes down to 49, then two more at 10 minutes, like me.
    const ahead = await others(Array.from({ length: 52 }, (_, i) => ({ seconds: (100 - i) * 60 })));
    const tied = await others([{ seconds: 600 }, { seconds: 600 }]);
    await read(reader, a1, 10 * 60);
    const time = await week('time');
    expect(time.list).toHaveLength(LIST_SIZE);
    expect(time.list[0]).toMatchObject({ rank: 1, user_id: ahead[0], value: 100 });
    expect(time.list[LIST_SIZE - 1]).toMatchObject({ rank: 50, user_id: ahead[49], value: 51 });
    expect(time.list.some((r) => r.user_id === reader.user.id || tied.includes(r.user_id))).toBe(false);
    expect(time.me).toEqual({ rank: 53, value: 10 });
    // Nobody at zero is ranked: a reader with no reading this week has no place.
    const idle = await t.createUser();
    expect((await week('time', idle)).me).toEqual({ rank: null, value: 0 });
  });

  it('ranks finished articles the same way, and places me inside the list without counting', async () => {
    const a1 = await createArticle(t);
    const a2 = await createArticle(t);
    await others([{ finished: 3 }, { finished: 1 }, { seconds: 60 }]);
    await read(reader, a1, 60, true);
    await read(reader, a2, 60, true);
    // Finishing an article again adds nothing.
    await read(reader, a2, 60, true);
    const finish = await week('finish');
    expect(finish.list.map((r) => [r.rank, r.value])).toEqual([
      [1, 3],
      [2, 2],
      [3, 1],
    ]);
    expect(finish.me).toEqual({ rank: 2, value: 2 });
  });

  it('counts a card once a week for reviews, and again the next week', async () => {
    expect((await t.call('words.add', { word: 'zebra' }, as(reader))).code).toBe('200');
    expect((await t.call('words.add', { word: 'river' }, as(reader))).code).toBe('200');
    const other = await t.createUser();
    expect((await t.call('words.add', { word: 'zebra' }, as(other))).code).toBe('200');
    const idOf = async (user: typeof reader, word: string) => (await t.call('words.detail', { word }, as(user))).result!.item.id;
    const review = async (user: typeof reader, word: string, rating: number) => {
      const res = await t.call('words.review', { id: await idOf(user, word), rating }, as(user));
      expect(res.code, res.msg).toBe('200');
      t.clock.advance(5 * MINUTE);
    };
    await review(reader, 'zebra', 1);
    await review(reader, 'zebra', 3);
    await review(reader, 'river', 3);
    await review(other, 'zebra', 3);
    const reviews = await week('review');
    expect(reviews.list.map((r) => [r.rank, r.user_id, r.value])).toEqual([
      [1, reader.user.id, 2],
      [2, other.user.id, 1],
    ]);
    expect(reviews.me).toEqual({ rank: 1, value: 2 });
    t.clock.set(new Date('2026-11-24T02:00:00.000Z'));
    await review(reader, 'zebra', 3);
    expect((await week('review', reader, '2026-11-24')).me).toEqual({ rank: 1, value: 1 });
  });

  it('awards by my own place, counted without reading the list', async () => {
    const a1 = await createArticle(t);
    await others(Array.from({ length: 9 }, (_, i) => ({ seconds: (60 - i) * 60 })));
    await read(reader, a1, 10 * 60);
    t.clock.set(new Date('2026-11-23T02:00:00.000Z'));
    const won = await t.call('rank.receiveAward', { rank_date: '2026-11-18' }, as(reader));
    expect(won.code, won.msg).toBe('200');
    expect(won.result!.awards.map((a) => a.title)).toEqual(['2026-11-16 周榜 · 阅读时长第 10 名']);
    expect(won.result!.days).toBe(3);
  });
});
