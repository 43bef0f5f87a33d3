import type { Kysely } from 'kysely';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createArticle } from '../../../test/factories.js';
import { createTestApp, type TestApp } from '../../../test/test-app.js';
import { rankWeeks } from './2026_11_28_0026_rank_weeks.js';

let t: TestApp;
beforeEach(async () => {
  t = await createTestApp();
});
afterEach(() => t.close());

const log = (entryId: number, userId: number, review: string) => ({
  entry_id: entryId,
  user_id: userId,
  rating: 3,
  state: 0,
  due: review,
  stability: 0,
  difficulty: 0,
  elapsed_days: 0,
  last_elapsed_days: 0,
  scheduled_days: 0,
  learning_steps: 0,
  review,
  spent_ms: 1000,
});

describe('migration 0026 (weekly rank totals)', () => {
  it('makes the totals of weeks recorded before it as the ranks computed them: capped per article and week, China-time weeks', async () => {
    const migration = rankWeeks(t.db.dialect);
    const raw = t.db.kysely as unknown as Kysely<unknown>;
    await migration.down(raw);
    const a = await t.createUser();
    const b = await t.createUser();
    const [a1, a2] = [await createArticle(t), await createArticle(t)];
    const k = t.db.kysely;
    await k
      .insertInto('read_article_days')
      .values([
        // Week of Monday 16 Nov: a1 read 20 + 20 minutes (counts 30), a2 5 minutes.
        { user_id: a.user.id, article_id: a1, day: '2026-11-16', seconds: 1200 },
        { user_id: a.user.id, article_id: a1, day: '2026-11-22', seconds: 1200 },
        { user_id: a.user.id, article_id: a2, day: '2026-11-18', seconds: 300 },
        // Monday 23 Nov starts the next week: a1 counts again there.
        { user_id: a.user.id, article_id: a1, day: '2026-11-23', seconds: 600 },
        { user_id: b.user.id, article_id: a2, day: '2026-11-20', seconds: 2400 },
      ])
      .execute();
    await k
      .insertInto('reading_days')
      .values([
        { user_id: a.user.id, day: '2026-11-16', seconds: 1200, finished: 1 },
        { user_id: a.user.id, day: '2026-11-22', seconds: 1200, finished: 1 },
        { user_id: b.user.id, day: '2026-11-20', seconds: 2400, finished: 0 },
        // A book's time (no article row) is not in the rank; a finish without seconds is.
        { user_id: b.user.id, day: '2026-11-30', seconds: 0, finished: 2 },
      ])
      .execute();
    expect((await t.call('words.add', { word: 'zebra' }, { token: a.token })).code).toBe('200');
    expect((await t.call('words.add', { word: 'river' }, { token: a.token })).code).toBe('200');
    const entries = await k.selectFrom('word_book').select(['id', 'word']).where('user_id', '=', a.user.id).orderBy('word').execute();
    const [river, zebra] = entries.map((e) => e.id);
    await k
      .insertInto('review_logs')
      .values([
        // Sunday 22 Nov 23:30 and Monday 23 Nov 00:30 China time: two weeks.
        log(zebra!, a.user.id, '2026-11-22T15:30:00.000Z'),
        log(zebra!, a.user.id, '2026-11-22T16:30:00.000Z'),
        log(zebra!, a.user.id, '2026-11-23T01:00:00.000Z'),
        log(river!, a.user.id, '2026-11-16T00:00:00.000Z'),
      ])
      .execute();

    await migration.up(raw);

    const weeks = await k.selectFrom('reading_weeks').selectAll().orderBy('user_id').orderBy('week').execute();
    expect(weeks.map((w) => [w.user_id, w.week, Number(w.seconds), Number(w.finished)])).toEqual([
      [a.user.id, '2026-11-16', 1800 + 300, 2],
      [a.user.id, '2026-11-23', 600, 0],
      [b.user.id, '2026-11-16', 1800, 0],
      [b.user.id, '2026-11-30', 0, 2],
    ]);
    const reviews = await k.selectFrom('review_weeks').selectAll().orderBy('week').execute();
    expect(reviews.map((w) => [w.user_id, w.week, Number(w.cards)])).toEqual([
      [a.user.id, '2026-11-16', 2],
      [a.user.id, '2026-11-23', 1],
    ]);
  });
});
