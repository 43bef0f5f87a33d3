import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/test-app.js';
import { compiledOnce } from './compiled-once.js';

let t: TestApp;
beforeEach(async () => {
  t = await createTestApp();
});
afterEach(() => t.close());

describe('a statement compiled once', () => {
  it('runs with each call’s values, constants of the statement kept in place', async () => {
    const user = await t.createUser();
    const now = t.clock.now().toISOString();
    const insert = compiledOnce<{ userId: number; word: string; now: string }, never>(['userId', 'word', 'now'], (v) =>
      t.db.kysely
        .insertInto('word_book')
        .values({ user_id: v.userId, word: v.word, due: v.now, reps: 3, created_at: v.now, updated_at: v.now }),
    );
    for (const word of ['tide', 'gale']) await t.db.kysely.executeQuery(insert({ userId: user.user.id, word, now }));
    const rows = await t.db.kysely
      .selectFrom('word_book')
      .select(['word', 'reps', 'due'])
      .where('user_id', '=', user.user.id)
      .orderBy('word')
      .execute();
    expect(rows).toEqual([
      { word: 'gale', reps: 3, due: now },
      { word: 'tide', reps: 3, due: now },
    ]);
  });

  it('refuses a statement that leaves a named value out', () => {
    const unused = compiledOnce<{ id: number; word: string }, never>(['id', 'word'], (v) =>
      t.db.kysely.selectFrom('word_book').selectAll().where('id', '=', v.id),
    );
    expect(() => unused({ id: 1, word: 'x' })).toThrow(/word did not become parameters/);
  });
});
