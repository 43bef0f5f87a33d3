import { afterEach, describe, expect, it } from 'vitest';
import { createArticle } from '../../../test/factories.js';
import { createTestApp, type TestApp } from '../../../test/test-app.js';
import { rankedPage, searchRepo } from './search.repo.js';

/** `n` candidates of a ranked list, as the index would give them (scores ascending, then `date` descending), and how many were asked for. */
function index(rows: { id: number; score: number; date: number; ok: boolean }[]) {
  const sorted = [...rows].sort((a, b) => a.score - b.score || b.date - a.date);
  const asked: number[] = [];
  // The index gives the n lowest scores in an order of its own (here: by id) among equal ones; the query sorts them by date.
  const byIndex = [...rows].sort((a, b) => a.score - b.score || a.id - b.id);
  const top = async (n: number) => {
    asked.push(n);
    return byIndex.slice(0, n).sort((a, b) => a.score - b.score || b.date - a.date);
  };
  return { sorted, asked, top };
}

describe('rankedPage', () => {
  it('returns what ranking every match would, reading past n when a run of equal scores crosses it', async () => {
    // 100 rows of one score, the newest with the highest id (past the first n = 2 × 11 + 32).
    const rows = Array.from({ length: 100 }, (_, i) => ({ id: i + 1, score: -2, date: i, ok: i % 7 !== 0 }));
    rows.push({ id: 500, score: -3, date: 0, ok: true });
    const { sorted, asked, top } = index(rows);
    const page = await rankedPage(11, top);
    expect(page.map((r) => r.id)).toEqual(
      sorted
        .filter((r) => r.ok)
        .slice(0, 11)
        .map((r) => r.id),
    );
    expect(page[1]!.id).toBe(100);
    expect(asked).toEqual([54, 216]);
  });

  it('reads further when too few of the best are the caller’s to see, and stops at the end of the list', async () => {
    const rows = Array.from({ length: 80 }, (_, i) => ({ id: i + 1, score: -100 + i, date: 0, ok: i >= 60 }));
    const { sorted, asked, top } = index(rows);
    expect((await rankedPage(11, top)).map((r) => r.id)).toEqual(
      sorted
        .filter((r) => r.ok)
        .slice(0, 11)
        .map((r) => r.id),
    );
    expect(asked).toEqual([54, 216]);
    expect(await rankedPage(0, top)).toEqual([]);
  });

  it('reads the best n once when they hold the page and the run of its last score ends inside them', async () => {
    const rows = Array.from({ length: 1000 }, (_, i) => ({ id: i + 1, score: -1000 + Math.floor(i / 3), date: i, ok: true }));
    const { sorted, asked, top } = index(rows);
    expect((await rankedPage(21, top)).map((r) => r.id)).toEqual(sorted.slice(0, 21).map((r) => r.id));
    expect(asked).toEqual([74]);
  });
});

describe('search on a large library', () => {
  let t: TestApp | undefined;
  afterEach(() => t?.close());

  it('ranks only the newest matches when there are more than it scores, and all of them when fewer', async () => {
    t = await createTestApp();
    // The oldest has the best rank (the word in its title): beyond the newest three it is not scored.
    const oldest = await createArticle(t, { title: 'Tide tables', paragraphs: ['Read them before you sail.'] });
    const bodies = [];
    for (let i = 0; i < 4; i++) bodies.push(await createArticle(t, { paragraphs: [`The tide rose over wall number ${i + 1}.`] }));
    const anonymous = { role: 'anonymous' } as const;
    const capped = await searchRepo(t.db, { rankedAtMost: 3 }).english(['tide'], 0, 10, anonymous);
    expect(capped.map((r) => r.id).sort((a, b) => a - b)).toEqual(bodies.slice(1));
    const whole = await searchRepo(t.db, { rankedAtMost: 10 }).english(['tide'], 0, 10, anonymous);
    expect(whole.map((r) => r.id)[0]).toBe(oldest);
    expect(whole).toHaveLength(5);
  });
  it('within the newest it ranks, an older title match still beats newer matches in the body; past them nothing is ranked', async () => {
    t = await createTestApp();
    const past = await createArticle(t, { title: 'Lantern festival', paragraphs: ['The lantern makers met.'] });
    const strong = await createArticle(t, { title: 'Lantern light', paragraphs: ['Lanterns hang in the lane.'] });
    const weak = [];
    for (let i = 0; i < 4; i++) weak.push(await createArticle(t, { paragraphs: [`A lantern hung by door number ${i + 1}.`] }));
    const anonymous = { role: 'anonymous' } as const;
    const found = await searchRepo(t.db, { rankedAtMost: 5 }).english(['lantern'], 0, 10, anonymous);
    expect(found.map((r) => r.id)[0]).toBe(strong);
    expect(found.map((r) => r.id).sort((a, b) => a - b)).toEqual([strong, ...weak]);
    expect(found.map((r) => r.id)).not.toContain(past);
  });

  it('matches the last word as a prefix while the library holds no such word, and as the word once it does', async (ctx) => {
    t = await createTestApp();
    if (t.db.dialect !== 'sqlite') ctx.skip();
    const paper = await createArticle(t, { paragraphs: ['The newspaper came late.'] });
    const anonymous = { role: 'anonymous' } as const;
    const ids = async (terms: string[]) =>
      (await searchRepo(t!.db).english(terms, 0, 10, anonymous)).map((r) => r.id).sort((a, b) => a - b);
    expect(await ids(['new'])).toEqual([paper]);
    const fresh = await createArticle(t, { paragraphs: ['A new bridge opened.'] });
    expect(await ids(['new'])).toEqual([fresh]);
    expect(await ids(['newsp'])).toEqual([paper]);
    expect(await ids(['bridge', 'open'])).toEqual([fresh]);
  });

  it('finds a members-only article by its title for everyone and by its body for members only, quoting the body to members alone', async (ctx) => {
    t = await createTestApp();
    if (t.db.dialect !== 'sqlite') ctx.skip();
    const titled = await createArticle(t, { title: 'Harbour seals', paragraphs: ['Seals sleep on the secret rocks.'], is_lock: true });
    const body = await createArticle(t, { title: 'Coast walk', paragraphs: ['We counted seals near the secret cove.'], is_lock: true });
    const open = await createArticle(t, { title: 'Beach day', paragraphs: ['Two seals swam by.'] });
    const anonymous = await searchRepo(t.db).english(['seals'], 0, 10, { role: 'anonymous' });
    expect(anonymous.map((r) => r.id).sort((a, b) => a - b)).toEqual([titled, open]);
    expect(anonymous.find((r) => r.id === titled)!.snippet).not.toContain('secret');
    const members = await searchRepo(t.db).english(['seals'], 0, 10, { role: 'member' });
    expect(members.map((r) => r.id).sort((a, b) => a - b)).toEqual([titled, body, open]);
    expect(members.find((r) => r.id === body)!.snippet).toContain('secret');
  });
});
