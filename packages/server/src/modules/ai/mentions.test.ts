import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createArticle } from '../../../test/factories.js';
import { createTestApp, type TestApp } from '../../../test/test-app.js';

// Entity mentions, word examples and stored translations find their articles through the search
// index (ai.repo.ts `mentioning`), offline here: what a reader sees without an AI service.
let t: TestApp;
let token: string;

beforeEach(async () => {
  t = await createTestApp();
  token = (await t.createUser()).token;
});
afterEach(() => t.close());

const entity = async (name: string) => {
  const res = await t.call('ai.entity', { name }, { token });
  expect(res.code, res.msg).toBe('200');
  return res.result!;
};
const mentionedIn = async (name: string) => [...new Set((await entity(name)).mentions.map((m) => m.article_id))];

describe('names are found as phrases in the search index', () => {
  it('finds "New York" where the words stand together, not where both stand apart', async () => {
    const together = await createArticle(t, { paragraphs: ['She moved to New York last spring.', 'The rent was high.'], daysAgo: 3 });
    const apart = await createArticle(t, { paragraphs: ['A new road now leads to York.', 'Drivers were pleased.'], daysAgo: 2 });
    const lower = await createArticle(t, { paragraphs: ['Flights to new york were cancelled, (new york) officials said.'], daysAgo: 1 });
    expect(await mentionedIn('New York')).toEqual([lower, together]);
    expect(await mentionedIn('new york')).toEqual([lower, together]);
    expect(await mentionedIn('York')).toEqual([lower, apart, together]);
    expect((await entity('New York')).mentions.map((m) => m.sentence)).toEqual([
      'Flights to new york were cancelled, (new york) officials said.',
      'She moved to New York last spring.',
    ]);
  });

  it('keeps the exact words where the index stems: "runs" is not "running"', async () => {
    const runs = await createArticle(t, { paragraphs: ['The river runs through the valley.'], daysAgo: 2 });
    await createArticle(t, { paragraphs: ['Running water wore the stone away.'], daysAgo: 1 });
    expect(await mentionedIn('runs')).toEqual([runs]);
  });

  it('finds a name among many newer articles holding a longer word that starts with it', async () => {
    const york = await createArticle(t, { paragraphs: ['The train to York left on time.'], daysAgo: 40 });
    // Twenty newer articles mention only Yorkshire: a scan of bodies for "york", newest first,
    // stopped at the entity's 20 articles before reaching the one about York.
    for (let i = 0; i < 20; i++) await createArticle(t, { paragraphs: [`Yorkshire farms sold ${i + 2} tons of wool.`], daysAgo: 30 - i });
    expect(await mentionedIn('York')).toEqual([york]);
  });

  it('quotes only what the reader may quote: no drafts, members-only articles for members', async () => {
    const open = await createArticle(t, { paragraphs: ['Zanzibar exports cloves.'], daysAgo: 3 });
    await createArticle(t, { paragraphs: ['Zanzibar has old stone houses.'], status: 'draft' });
    const locked = await createArticle(t, { paragraphs: ['Zanzibar lies off the coast.'], is_lock: true, daysAgo: 1 });
    expect(await mentionedIn('Zanzibar')).toEqual([open]);
    const member = await t.createUser();
    await t.db.kysely
      .updateTable('users')
      .set({ member_level: 1, member_expires_at: new Date(t.clock.now().getTime() + 86_400_000).toISOString() })
      .where('id', '=', member.user.id)
      .execute();
    const res = await t.call('ai.entity', { name: 'Zanzibar' }, { token: member.token });
    expect(res.result!.mentions.map((m) => m.article_id)).toEqual([locked, open]);
  });

  it('finds names the index leaves out (stop words, punctuation) in the bodies, as before', async () => {
    const id = await createArticle(t, { paragraphs: ['The end of it all, so to speak: "we were there".'] });
    // "so to" and "we were there" are all stop words for PostgreSQL's English configuration.
    expect((await entity('so to')).mentions.map((m) => m.article_id)).toEqual([id]);
    expect((await entity('we were there')).mentions.map((m) => m.article_id)).toEqual([id]);
    expect(await mentionedIn('nowhere to be found')).toEqual([]);
  });

  it('walks the newest articles first when a name stands in more than the index hands over', async () => {
    const ids: number[] = [];
    // 210 articles mention Paris (more than the 200 confirmed one by one), one a day.
    for (let i = 0; i < 210; i++) ids.push(await createArticle(t, { paragraphs: [`Paris report number ${i + 1}.`], daysAgo: 300 - i }));
    await createArticle(t, { paragraphs: ['Nothing about the city here.'], daysAgo: 0 });
    const newest = ids.slice(-8).reverse();
    expect((await entity('Paris')).mentions.map((m) => m.article_id)).toEqual(newest);
  });

  it('keeps to what the reader may quote when a name stands in more than the index hands over', async () => {
    const open: number[] = [];
    for (let i = 0; i < 205; i++) open.push(await createArticle(t, { paragraphs: [`Lisbon report number ${i + 1}.`], daysAgo: 300 - i }));
    // The newest articles naming Lisbon are drafts and members-only ones: a reader who is no member
    // is quoted the newest published open ones behind them (the policy read from the index's rows).
    for (let i = 0; i < 6; i++) await createArticle(t, { paragraphs: [`Lisbon draft ${i + 1}.`], status: 'draft', daysAgo: 5 - i });
    for (let i = 0; i < 6; i++) await createArticle(t, { paragraphs: [`Lisbon members ${i + 1}.`], is_lock: true, daysAgo: 5 - i });
    expect((await entity('Lisbon')).mentions.map((m) => m.article_id)).toEqual(open.slice(-8).reverse());
  });

  it('finds the phrase in older articles behind many newer ones holding its words apart', async () => {
    const older: number[] = [];
    for (let i = 0; i < 3; i++)
      older.push(await createArticle(t, { paragraphs: [`A new ferry to New York sailed, trip ${i + 1}.`], daysAgo: 300 - i }));
    for (let i = 0; i < 205; i++)
      await createArticle(t, { paragraphs: [`The new bridge at York opened, report ${i + 1}.`], daysAgo: 200 - i });
    expect(await mentionedIn('New York')).toEqual(older.reverse());
  });
});

describe('stored translations are found for a selection', () => {
  const paragraph = { en: 'The harbour of New York was busy at dawn. Ships waited outside.', zh: '黎明时分纽约港很繁忙。船只在港外等候。' };

  it('answers a whole sentence and a selection cut inside its first and last words from the article', async () => {
    const id = await createArticle(t, { paragraphs: [paragraph] });
    for (const text of ['The harbour of New York was busy at dawn.', 'arbour of New York was bu']) {
      const res = await t.call('ai.trans', { text }, { token });
      expect(res.code, `${text}: ${res.msg}`).toBe('200');
      expect(res.result).toMatchObject({ from: 'article', article_id: id, translation: '黎明时分纽约港很繁忙。' });
    }
    // Words of the sentence in another order are not its text.
    expect((await t.call('ai.trans', { text: 'The harbour of York was busy' }, { token })).code).toBe('503');
  });
});
