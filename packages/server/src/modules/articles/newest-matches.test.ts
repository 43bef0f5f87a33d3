import { sql, type Kysely } from 'kysely';
import { afterEach, describe, expect, it } from 'vitest';
import { createArticle } from '../../../test/factories.js';
import { createTestApp, type TestApp } from '../../../test/test-app.js';
import { tablesOf } from '../../db/ownership.js';
import { articlesWhere } from '../../lib/policy.js';
import { inNewestMatches, lexemes, readStats, walkRows, type Stats } from './newest-matches.js';
import { searchRepo } from './search.repo.js';

const stats = (rows: number, share: Record<string, number> | null, rare = 0.001): Stats => ({
  at: 0,
  rows,
  share: share && new Map(Object.entries(share)),
  rare,
});

describe('choosing between the walk and the index', () => {
  it('reads the lexemes of a parsed query, prefixes marked', () => {
    expect(lexemes(`'council' & 'budget':*`)).toEqual([
      { lexeme: 'council', prefix: false },
      { lexeme: 'budget', prefix: true },
    ]);
    expect(lexemes(`'o''brien'`)).toEqual([{ lexeme: "o'brien", prefix: false }]);
  });

  it('walks for a query most rows hold and asks the index for a rare one, or when there are no statistics', () => {
    const library = stats(100_000, { council: 0.14, budget: 0.14, new: 0.137, york: 0.0725, market: 0.0086 });
    // Every match holds "york": the walk gives up after three times the rows its share needs.
    expect(walkRows(library, lexemes(`'new' & 'york':*`), 1000)).toBe(Math.ceil(3000 / 0.0725));
    expect(walkRows(library, lexemes(`'council' & 'budget':*`), 1000)).toBe(Math.ceil(3000 / 0.14));
    expect(walkRows(library, lexemes(`'market'`), 1000)).toBeNull();
    expect(walkRows(library, lexemes(`'zanzibar'`), 1000)).toBeNull();
    // Two common words that, if independent, would rarely meet: the index.
    expect(walkRows(library, lexemes(`'market' & 'york'`), 1000)).toBeNull();
    expect(walkRows(stats(100_000, null), lexemes(`'new'`), 1000)).toBeNull();
    expect(walkRows(stats(1000, { new: 0.137 }), lexemes(`'new'`), 1000)).toBeNull();
    // A prefix holds every listed word it starts.
    expect(walkRows(stats(100_000, { budget: 0.04, budgetari: 0.06 }), lexemes(`'budget':*`), 1000)).toBe(Math.ceil(3000 / 0.1));
    // A name in 200 of 100,000 articles, for its newest 48: the index visits 200 rows, a walk ~24,000.
    expect(walkRows(stats(100_000, { zanzibar: 0.002 }), lexemes(`'zanzibar'`), 48)).toBeNull();
    expect(walkRows(stats(100_000, { new: 0.137, york: 0.0725 }), lexemes(`'new' & 'york'`), 48)).toBe(Math.ceil(144 / 0.0725));
  });
});

describe('the newest matches on PostgreSQL', () => {
  let t: TestApp | undefined;
  afterEach(() => t?.close());

  it('ranks and finds the newest matches whichever way they are read, and asks the index when a walk ends short', async (ctx) => {
    t = await createTestApp();
    if (t.db.dialect !== 'postgres') ctx.skip();
    const db = t.db.kysely as unknown as Kysely<unknown>;
    // The oldest has the best rank (the word in its title); the three oldest are open to everyone, the rest members-only.
    const oldest = await createArticle(t, { title: 'Tide tables', paragraphs: ['Read the tide tables before you sail.'], daysAgo: 30 });
    const open = [oldest];
    for (let i = 0; i < 2; i++)
      open.push(await createArticle(t, { paragraphs: [`The tide rose over the old wall ${i + 1}.`], daysAgo: 29 - i }));
    const locked = [];
    for (let i = 0; i < 20; i++)
      locked.push(await createArticle(t, { paragraphs: [`The tide rose over new wall ${i + 1}.`], is_lock: true, daysAgo: 20 - i }));
    const anonymous = { role: 'anonymous' } as const;
    const member = { role: 'member' } as const;

    const answers = async () => ({
      ranked: (await searchRepo(t!.db, { rankedAtMost: 3 }).english(['tide'], 0, 10, member)).map((r) => r.id).sort((a, b) => a - b),
      all: (await searchRepo(t!.db, { rankedAtMost: 100 }).english(['tide'], 0, 10, member)).map((r) => r.id)[0],
      // The newest two open to everyone: the walk of the newest rows meets only members-only ones.
      named: await inNewestMatches(
        tablesOf(t!.db, 'articles'),
        { kind: 'plainto_tsquery', text: 'tide rose' },
        articlesWhere(anonymous, 'quote', 's'),
        2,
        async (newest) => {
          const { rows } = await sql<{ id: string }>`select n.article_id as id from (${newest}) n`.execute(db);
          return { matched: rows.length, answer: rows.map((r) => Number(r.id)).sort((a, b) => a - b) };
        },
      ),
    });
    const expected = { ranked: locked.slice(-3), all: oldest, named: open.slice(1) };
    // No statistics yet: the index.
    expect(walkRows(await readStats(db, 0), lexemes(`'tide':*`), 3)).toBeNull();
    expect(await answers()).toEqual(expected);

    await sql`analyze article_search`.execute(db);
    // Every row holds "tide": now walked newest first, for the same answers; the walk for `named`
    // ends short of two (it gives up after six rows), so the index answers it.
    expect(walkRows(await readStats(db, 0), lexemes(`'tide':*`), 3)).toBe(9);
    expect(await answers()).toEqual(expected);
  });
});
