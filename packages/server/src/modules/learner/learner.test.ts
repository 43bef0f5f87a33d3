import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createArticle } from '../../../test/factories.js';
import { createTestApp, type TestApp } from '../../../test/test-app.js';
import { DAY } from '../../lib/clock.js';

let t: TestApp;
let reader: { token: string; user: { id: number } };
beforeEach(async () => {
  t = await createTestApp();
  reader = await t.createUser();
});
afterEach(() => t.close());

const mark = (words: string[], status: 'known' | 'ignored' | 'new', token: string | null = reader.token) =>
  t.call('learner.words', { words, status }, token ? { token } : {});
const profile = async (token = reader.token) => (await t.call('learner.profile', {}, { token })).result!;
const panel = (id: number, token = reader.token) => t.call('learner.article', { id }, { token });

const STORY = [
  'The farmer walked to the market with three baskets of apples. He sold the apples quickly.',
  'Later the farmer counted his money and walked home happily, whistling a cheerful tune.',
];

describe('marking words', () => {
  it('resolves forms to headwords and counts what changed', async () => {
    expect((await mark(['walked', 'Apples', 'walk', 'mice'], 'known')).result).toEqual({ changed: 3 });
    expect((await profile()).known_words).toBe(3);
    // Again: nothing new to change.
    expect((await mark(['walking', 'apple'], 'known')).result).toEqual({ changed: 0 });
    expect((await mark(['mouse'], 'ignored')).result).toEqual({ changed: 1 });
    expect((await mark(['apple'], 'new')).result).toEqual({ changed: 1 });
    const p = await profile();
    expect([p.known_words, p.learning_words, p.vocabulary_estimate, p.level]).toEqual([1, 0, null, null]);
    expect(p.known_by_day).toEqual([{ day: expect.stringMatching(/^\d{4}-\d{2}-\d{2}$/), known: 1 }]);
  });

  it.each([
    [['你好'], '只能标记英文单词（字母、连字符或撇号）'],
    [['apple', 'café'], '只能标记英文单词（字母、连字符或撇号）'],
    [[], '请至少提供一个单词'],
    [Array.from({ length: 2001 }, () => 'apple'), '一次最多标记 2000 个单词，请分批导入'],
    [['qzxqzxq'], '词典里没有找到“qzxqzxq”'],
  ])('refuses %#: 400 with a message, and changes nothing', async (words, msg) => {
    await mark(['banana'], 'known');
    const res = await mark(words, 'known');
    expect([res.http, res.code, res.msg]).toEqual([400, '400', msg]);
    expect((await profile()).known_words).toBe(1);
  });

  it('refuses an anonymous caller with 401 on every learner call', async () => {
    const id = await createArticle(t, { paragraphs: STORY });
    for (const res of [
      await mark(['apple'], 'known', null),
      await t.call('learner.profile', {}),
      await t.call('learner.article', { id }),
      await t.call('learner.articleKnown', { id }),
      await t.call('learner.placement', {}),
      await t.call('learner.placementAnswer', { answers: [{ word: 'apple', known: true }] }),
    ]) {
      expect([res.http, res.msg]).toEqual([401, '请先登录']);
    }
  });

  it('counts a graduated card (stability of 90 days or more) as known, a younger one as learning', async () => {
    await t.call('words.add', { word: 'farmer' }, { token: reader.token });
    await t.call('words.add', { word: 'market' }, { token: reader.token });
    expect(await profile()).toMatchObject({ known_words: 0, learning_words: 2 });
    await t.db.kysely
      .updateTable('word_book')
      .set({ stability: 120, updated_at: new Date(t.clock.now().getTime() + 1000).toISOString() })
      .where('word', '=', 'market')
      .execute();
    expect(await profile()).toMatchObject({ known_words: 1, learning_words: 1 });
  });
});

describe('an article before reading', () => {
  it('shows the known share, the learning share and the new words with meanings fitting their sentence', async () => {
    const id = await createArticle(t, { paragraphs: STORY });
    const before = (await panel(id)).result!;
    expect(before).toMatchObject({ article_id: id, known_pct: 0, learning_pct: 0 });
    expect(before.tokens).toBeGreaterThan(20);
    const farmer = before.new_words.find((w) => w.word === 'farmer')!;
    expect(farmer).toMatchObject({ count: 2, sentence: STORY[0]!.split('. ')[0] + '.' });
    expect(farmer.meaning).toMatch(/农/);
    expect(before.new_words.map((w) => w.word)).toContain('walk');
    expect(before.new_words.map((w) => w.word)).not.toContain('walked');
    expect(before.new_words.length).toBeLessThanOrEqual(20);
    // Function words are counted but never offered as words to learn.
    expect(before.new_words.map((w) => w.word)).not.toContain('the');

    await mark(['the', 'farmer', 'walk'], 'known');
    await t.call('words.add', { word: 'apple' }, { token: reader.token });
    const after = (await panel(id)).result!;
    expect(after.known_pct).toBeGreaterThan(15);
    expect(after.learning_pct).toBeGreaterThan(5);
    expect(after.new_words.map((w) => w.word)).not.toContain('farmer');
    expect(after.new_words.map((w) => w.word)).not.toContain('apple');
  });

  it('answers 404 for a draft or missing article, as the article page does', async () => {
    const draft = await createArticle(t, { status: 'draft', paragraphs: STORY });
    for (const id of [draft, 9999]) {
      expect([(await panel(id)).http, (await panel(id)).msg]).toEqual([404, '文章不存在或已下线']);
      const known = await t.call('learner.articleKnown', { id }, { token: reader.token });
      expect(known.http).toBe(404);
    }
    expect((await profile()).known_words).toBe(0);
  });

  it('gives a non-member the figures of the part of a members-only article they may read', async () => {
    const paragraphs = [
      STORY[0]!,
      'Astronomers observed a distant galaxy.',
      'Telescopes captured nebulae spectra.',
      'Quasars emit radiation.',
      'Pulsars rotate rapidly.',
      'Comets orbit the sun.',
    ];
    const id = await createArticle(t, { paragraphs, is_lock: true });
    const member = await t.createUser();
    await t.db.kysely
      .updateTable('users')
      .set({ member_level: 1, member_expires_at: new Date(t.clock.now().getTime() + 30 * DAY).toISOString() })
      .where('id', '=', member.user.id)
      .execute();
    const preview = (await panel(id)).result!;
    const full = (await panel(id, member.token)).result!;
    expect(preview.tokens).toBeLessThan(full.tokens);
    expect(preview.unique_words).toBeLessThan(full.unique_words);
    // "I know the rest" marks only what the reader could read.
    await t.call('learner.articleKnown', { id }, { token: reader.token });
    expect((await panel(id, reader.token)).result!.known_pct).toBe(100);
    const again = (await panel(id, member.token)).result!;
    expect(again.known_pct).toBe(0);
  });

  it('marks every word not in the word book known when the reader knows the rest', async () => {
    const id = await createArticle(t, { paragraphs: STORY });
    await t.call('words.add', { word: 'basket' }, { token: reader.token });
    await mark(['cheerful'], 'ignored');
    const res = await t.call('learner.articleKnown', { id }, { token: reader.token });
    expect(res.result!.changed).toBeGreaterThan(15);
    const after = (await panel(id)).result!;
    expect(after.new_words).toEqual([]);
    expect(after.known_pct + after.learning_pct).toBe(100);
    expect(after.learning_pct).toBeGreaterThan(0);
    expect((await t.call('learner.articleKnown', { id }, { token: reader.token })).result).toEqual({ changed: 0 });
    // The ignored word stays ignored, the word book's word stays learning.
    expect(await profile()).toMatchObject({ learning_words: 1, known_words: res.result!.changed });
  });
});

describe('new words marked in the text', () => {
  const marks = async (id: number, token = reader.token) => (await t.call('learner.articleMarks', { id }, { token })).result!.new_forms;

  it('gives every form of each new headword, and drops words once known, learning or ignored', async () => {
    const id = await createArticle(t, {
      paragraphs: ['The farmer walks to the market. He walked home and counted the apples, one apple at a time.'],
    });
    const before = await marks(id);
    expect(before).toEqual(expect.arrayContaining(['farmer', 'walks', 'walked', 'market', 'apples', 'apple', 'counted']));
    // Function words are learned by reading: never underlined.
    for (const w of ['the', 'to', 'he', 'and', 'at', 'one']) expect(before).not.toContain(w);
    await mark(['walk'], 'known');
    await t.call('words.add', { word: 'market' }, { token: reader.token });
    await mark(['apple'], 'ignored');
    const after = await marks(id);
    for (const w of ['walks', 'walked', 'market', 'apples', 'apple']) expect(after).not.toContain(w);
    expect(after).toEqual(expect.arrayContaining(['farmer', 'counted']));
  });

  it('makes a set stored before forms were kept again, with all its forms', async () => {
    const id = await createArticle(t, { paragraphs: ['She walks daily. Yesterday she walked further.'] });
    const version = (await t.db.kysely.selectFrom('articles').select('version').where('id', '=', id).executeTakeFirstOrThrow()).version;
    // The old stored form: one form per headword, no header line.
    await t.db.kysely
      .insertInto('learner_article_words')
      .values({ article_id: id, part: 'full', version: Number(version), tokens: 6, words: 'walk 2 s1 walks\ndaily 1 s1 daily' })
      .execute();
    expect(await marks(id)).toEqual(expect.arrayContaining(['walks', 'walked', 'daily']));
  });

  it('answers 404 for a draft and 401 without a login', async () => {
    const draft = await createArticle(t, { status: 'draft', paragraphs: STORY });
    expect((await t.call('learner.articleMarks', { id: draft }, { token: reader.token })).http).toBe(404);
    expect((await t.call('learner.articleMarks', { id: draft })).http).toBe(401);
  });
});

describe('article sets made at ingest', () => {
  const stored = (id: number) =>
    t.db.kysely.selectFrom('learner_article_words').select(['part', 'version']).where('article_id', '=', id).orderBy('part').execute();
  const versionOf = async (id: number) =>
    Number((await t.db.kysely.selectFrom('articles').select('version').where('id', '=', id).executeTakeFirstOrThrow()).version);

  it('makes the set of an article an editor publishes or edits, before any reader asks', async () => {
    const editor = await t.createUser({ role: 'super' });
    const draft = await createArticle(t, { status: 'draft', paragraphs: STORY });
    await t.call('article.publish', { id: draft, status: 'published' }, { token: editor.token });
    await t.app.jobs.drain();
    expect(await stored(draft)).toEqual([{ part: 'full', version: await versionOf(draft) }]);
    // Made members-only: the part a non-member reads is made too, at the new version.
    await t.call('article.lock', { id: draft, is_lock: true }, { token: editor.token });
    await t.app.jobs.drain();
    const v = await versionOf(draft);
    expect(await stored(draft)).toEqual([
      { part: 'full', version: v },
      { part: 'preview', version: v },
    ]);
  });

  it('sweeps the newest published articles without sets (imports, demo content), and leaves drafts alone', async () => {
    const published = await createArticle(t, { paragraphs: STORY });
    const draft = await createArticle(t, { status: 'draft', paragraphs: STORY });
    await t.app.queueLearnerSets();
    await t.app.jobs.drain();
    expect(await stored(published)).toHaveLength(1);
    expect(await stored(draft)).toEqual([]);
  });
});

describe("an article's words", () => {
  const words = async (id: number) =>
    (
      await t.db.kysely
        .selectFrom('learner_article_words')
        .select('words')
        .where('article_id', '=', id)
        .where('part', '=', 'full')
        .executeTakeFirstOrThrow()
    ).words;

  it('counts a form as the lemma ECDICT lists it under ("stared" is stare, "stars" star), and makes a set of older rules again', async () => {
    const id = await createArticle(t, { paragraphs: ['The children stared at the stars for an hour while their father was riding home.'] });
    await t.app.queueLearnerSets();
    await t.app.jobs.drain();
    const lines = (await words(id)).split('\n');
    expect(lines).toContainEqual(expect.stringMatching(/^stare 1 \S+ stared$/));
    expect(lines).toContainEqual(expect.stringMatching(/^star 1 \S+ stars$/));
    expect(lines).toContainEqual(expect.stringMatching(/^ride 1 \S+ riding$/));
    // A set stored by the rules before (star counted twice, no rid/ride line of its own) is made again.
    await t.db.kysely
      .updateTable('learner_article_words')
      .set({ words: '#forms\nstar 2 p1-s1 stared,stars' })
      .where('article_id', '=', id)
      .execute();
    await t.app.queueLearnerSets();
    await t.app.jobs.drain();
    expect((await words(id)).split('\n')).toContainEqual(expect.stringMatching(/^stare 1 \S+ stared$/));
  });
});

describe('known shares on article cards', () => {
  it('fills known_pct for a reader, leaves it null for anonymous visitors, and follows the reader’s marks', async () => {
    const id = await createArticle(t, { paragraphs: STORY });
    const card = async (token?: string) =>
      (await t.call('article.list', { offset: 0 }, token ? { token } : {})).result!.list.find((c) => c.id === id)!;
    expect((await card()).known_pct).toBeNull();
    expect((await card(reader.token)).known_pct).toBe(0);
    await t.call('learner.articleKnown', { id }, { token: reader.token });
    expect((await card(reader.token)).known_pct).toBe(100);
    await mark(['farmer'], 'new');
    const share = (await card(reader.token)).known_pct!;
    expect(share).toBeGreaterThan(80);
    expect(share).toBeLessThan(100);
    // Other lists carry it too: the topic list and a star list.
    const topic = (await t.call('article.topic', { offset: 0 }, { token: reader.token })).result!.list.find((c) => c.id === id)!;
    expect(topic.known_pct).toBe(share);
  });

  it('makes missing article sets for a list’s first cards first, a few per request, the rest on the next', async () => {
    // Newest last created: the list's order is not the ids' order.
    for (let i = 0; i < 6; i++) await createArticle(t, { paragraphs: STORY, daysAgo: 6 - i });
    const shares = async () => (await t.call('article.list', { offset: 0 }, { token: reader.token })).result!.list.map((c) => c.known_pct);
    expect(await shares()).toEqual([0, 0, 0, 0, null, null]);
    expect(await shares()).toEqual([0, 0, 0, 0, 0, 0]);
  });

  it('follows an edit of the article (a new version)', async () => {
    const id = await createArticle(t, { paragraphs: STORY });
    await t.call('learner.articleKnown', { id }, { token: reader.token });
    const card = async () => (await t.call('article.list', { offset: 0 }, { token: reader.token })).result!.list.find((c) => c.id === id)!;
    expect((await card()).known_pct).toBe(100);
    const editor = await t.createUser({ role: 'super' });
    const edit = (await t.call('article.edit', { id }, { token: editor.token })).result!;
    await t.call(
      'article.update',
      { id, article: { paragraphs: [...edit.paragraphs.map((p) => ({ id: p.id, text: p.text })), { text: 'Zebras graze peacefully.' }] } },
      { token: editor.token },
    );
    expect((await card()).known_pct).toBeLessThan(100);
  });
});

describe('recommendations at the reader’s level', () => {
  it('puts an article the reader knows 90–98% of first and says why', async () => {
    const easy = await createArticle(t, { paragraphs: ['The cat sat. The cat ran.'], title: 'Easy' });
    const hard = await createArticle(t, { paragraphs: ['Ephemeral quixotic perspicacity obfuscates epistemology.'], title: 'Hard' });
    const fit = await createArticle(t, {
      title: 'Fit',
      paragraphs: ['The farmer walked to the market with apples and sold them to the people in the town for money today.'],
    });
    await t.call('learner.articleKnown', { id: easy }, { token: reader.token });
    await t.call('learner.articleKnown', { id: fit }, { token: reader.token });
    await mark(['farmer'], 'new');
    const list = (await t.call('article.forYou', { offset: 0 }, { token: reader.token })).result!.list;
    expect(list[0]!.id).toBe(fit);
    expect(list[0]!.reason).toMatch(/^你认识其中 9\d% 的词$/);
    expect(list.find((c) => c.id === hard)!.reason).toBe('你认识其中 0% 的词');
    const anonymous = (await t.call('article.forYou', { offset: 0 })).result!.list;
    expect(anonymous.every((c) => c.reason === null && c.known_pct === null)).toBe(true);
  });
});

describe('placement test', () => {
  it('gives 48 items across bands, a quarter of them pseudo-words, different on a retake', async () => {
    const items = (await t.call('learner.placement', {}, { token: reader.token })).result!.items.map((i) => i.word);
    expect(items).toHaveLength(48);
    expect(new Set(items).size).toBe(48);
    const again = (await t.call('learner.placement', {}, { token: reader.token })).result!.items.map((i) => i.word);
    expect(again).toEqual(items);
    const answers = items.map((word) => ({ word, known: true }));
    await t.call('learner.placementAnswer', { answers }, { token: reader.token });
    const retake = (await t.call('learner.placement', {}, { token: reader.token })).result!.items.map((i) => i.word);
    expect(retake).not.toEqual(items);
  });

  it('estimates a vocabulary corrected for guessing and marks the common words known', async () => {
    const items = (await t.call('learner.placement', {}, { token: reader.token })).result!.items.map((i) => i.word);
    const dict = (await import('../../../test/test-app.js')).testDict();
    const pseudo = items.filter((w) => !dict.lookup(w));
    expect(pseudo).toHaveLength(12);
    const rankOf = (w: string) => dict.lookup(w)?.frq ?? Infinity;
    // Knows the words up to rank 5,000, says no to every pseudo-word.
    const honest = items.map((word) => ({ word, known: rankOf(word) <= 5000 }));
    const res = (await t.call('learner.placementAnswer', { answers: honest }, { token: reader.token })).result!;
    expect(res.vocabulary_estimate).toBeGreaterThan(3000);
    expect(res.vocabulary_estimate).toBeLessThan(6500);
    const p = await profile();
    expect(p).toMatchObject({ vocabulary_estimate: res.vocabulary_estimate, level: res.level });
    expect(p.estimated_at).toBe(t.clock.now().toISOString());
    expect(p.known_words).toBeGreaterThan(2500);

    // A reader who says yes to everything, pseudo-words included, is corrected down to nothing.
    const other = await t.createUser();
    const items2 = (await t.call('learner.placement', {}, { token: other.token })).result!.items;
    const guess = (
      await t.call('learner.placementAnswer', { answers: items2.map((i) => ({ word: i.word, known: true })) }, { token: other.token })
    ).result!;
    expect(guess).toEqual({ vocabulary_estimate: 0, level: 'A1' });
    expect((await profile(other.token)).known_words).toBe(0);
  });

  it('refuses too few answers and changes nothing', async () => {
    const res = await t.call('learner.placementAnswer', { answers: [{ word: 'apple', known: true }] }, { token: reader.token });
    expect([res.http, res.msg]).toEqual([400, '答题太少，无法估计词汇量，请完成全部题目']);
    expect(await profile()).toMatchObject({ known_words: 0, vocabulary_estimate: null });
  });

  it('keeps each estimate with its date, the latest shown, and a retake replaces the test’s marks', async () => {
    const dict = (await import('../../../test/test-app.js')).testDict();
    const take = async (upTo: number) => {
      const items = (await t.call('learner.placement', {}, { token: reader.token })).result!.items.map((i) => i.word);
      return (
        await t.call(
          'learner.placementAnswer',
          { answers: items.map((word) => ({ word, known: (dict.lookup(word)?.frq ?? Infinity) <= upTo })) },
          { token: reader.token },
        )
      ).result!;
    };
    const first = await take(10000);
    const wide = (await profile()).known_words;
    t.clock.advance(DAY);
    const second = await take(2000);
    expect(second.vocabulary_estimate).toBeLessThan(first.vocabulary_estimate);
    const p = await profile();
    expect(p.vocabulary_estimate).toBe(second.vocabulary_estimate);
    expect(p.estimated_at).toBe(t.clock.now().toISOString());
    expect(p.known_words).toBeLessThan(wide);
    expect(
      await t.db.kysely.selectFrom('learner_estimates').select('estimate').where('user_id', '=', reader.user.id).execute(),
    ).toHaveLength(2);
  });
});
