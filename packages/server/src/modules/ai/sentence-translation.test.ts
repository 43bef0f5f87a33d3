import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { startFakeAi, type FakeAi } from '../../../test/fake-ai.js';
import { createArticle } from '../../../test/factories.js';
import { createTestApp, type TestApp } from '../../../test/test-app.js';

// Paragraphs of several sentences, one translation each (as articles store them): a selected
// sentence must get its own Chinese, not the paragraph's.
const PARAGRAPHS = [
  {
    en: 'Mr. Chen opened his bakery in 1998, when the street was still quiet. Today the queue starts before dawn. Tourists come from across the U.S. to taste his bread.',
    zh: '1998年陈先生开了这家面包店，那时这条街还很安静。如今天不亮就有人排队。游客们从美国各地赶来品尝他的面包。',
  },
  {
    en: 'The storm reached the coast on Saturday. Winds of 150 kilometres an hour tore roofs from houses, and the power failed in three towns, leaving thousands of families in the dark for two nights.',
    zh: '风暴于周六抵达海岸。时速150公里的大风掀翻了房顶。三个镇停电，数千户家庭在黑暗中度过了两个夜晚。',
  },
  // Three short sentences rendered as one Chinese sentence: no sentence alone can be found in it.
  { en: 'He came. He saw. He won.', zh: '他来了，看见了，赢了。' },
];

describe('sentence translation from the stored translation (offline)', () => {
  let t: TestApp;
  let token: string;
  let articleId: number;
  beforeAll(async () => {
    t = await createTestApp();
    articleId = await createArticle(t, { title: 'The bakery', paragraphs: PARAGRAPHS });
    token = (await t.createUser()).token;
  });
  afterAll(() => t.close());

  it('answers a selected sentence with that sentence’s Chinese, not its paragraph’s', async () => {
    const second = await t.call('ai.trans', { text: 'Today the queue starts before dawn.' }, { token });
    expect(second.result).toMatchObject({ translation: '如今天不亮就有人排队。', scope: 'sentence', from: 'article', article_id: articleId });
    // "Mr." does not end a sentence, "U.S." before a lower-case word does not either.
    const first = await t.call('ai.trans', { text: 'Mr. Chen opened his bakery in 1998, when the street was still quiet.' }, { token });
    expect(first.result).toMatchObject({ translation: '1998年陈先生开了这家面包店，那时这条街还很安静。', scope: 'sentence' });
    const third = await t.call('ai.trans', { text: 'Tourists come from across the U.S. to taste his bread.' }, { token });
    expect(third.result!.translation).toBe('游客们从美国各地赶来品尝他的面包。');
  });

  it('answers a sentence the translator split in two with both Chinese sentences', async () => {
    const res = await t.call('ai.trans', { text: 'Winds of 150 kilometres an hour tore roofs from houses' }, { token });
    expect(res.result).toMatchObject({
      translation: '时速150公里的大风掀翻了房顶。三个镇停电，数千户家庭在黑暗中度过了两个夜晚。',
      scope: 'sentence',
      source: PARAGRAPHS[1]!.en.slice(PARAGRAPHS[1]!.en.indexOf('Winds')),
    });
  });

  it('answers the paragraph’s translation, labelled, when no sentence can be aligned', async () => {
    const res = await t.call('ai.trans', { text: 'He saw.' }, { token });
    expect(res.result).toMatchObject({ translation: '他来了，看见了，赢了。', scope: 'paragraph', source: 'He came. He saw. He won.' });
  });

  it('puts each key sentence’s own Chinese under it in the offline summary', async () => {
    const res = await t.call('ai.summary', { article_id: articleId });
    expect(res.result!.offline).toBe(true);
    const byEn = new Map(res.result!.sentences.map((s) => [s.en, s]));
    const storm = byEn.get('The storm reached the coast on Saturday.');
    if (storm) expect(storm).toMatchObject({ zh: '风暴于周六抵达海岸。', zh_scope: 'sentence' });
    for (const s of res.result!.sentences) {
      const paragraph = PARAGRAPHS.find((p) => p.en.includes(s.en))!;
      // Never the whole paragraph under one sentence unless it says so.
      if (s.zh_scope === 'sentence') expect(s.zh!.length).toBeLessThan(paragraph.zh.length);
      else expect(s).toMatchObject({ zh: paragraph.zh, zh_scope: 'paragraph' });
    }
    expect(res.result!.sentences.some((s) => s.zh_scope === 'sentence')).toBe(true);
  });
});

describe('sentence translation with a provider', () => {
  let fake: FakeAi;
  let t: TestApp;
  beforeAll(async () => {
    fake = await startFakeAi();
    t = await createTestApp({ env: { AI_BASE_URL: fake.baseUrl, AI_MODEL: 'fake-model', AI_QUOTA_USER: '100000' } });
    await createArticle(t, { title: 'The bakery', paragraphs: PARAGRAPHS });
  });
  afterAll(async () => {
    await t.close();
    await fake.close();
  });
  beforeEach(() => fake.reset());

  it('translates the selection itself with the model, once per text and model', async () => {
    const { token } = await t.createUser();
    fake.set({ answer: '如今，天还没亮就排起了队。' });
    const res = await t.call('ai.trans', { text: 'Today the queue starts before dawn.' }, { token });
    expect(res.result).toMatchObject({ translation: '如今，天还没亮就排起了队。', from: 'ai', scope: 'selection', model: 'fake-model', cached: false });
    // The model is sent the selection, not its paragraph.
    expect(fake.requests[0]!.body.messages.at(-1)!.content).toBe('Today the queue starts before dawn.');
    const again = await t.call('ai.trans', { text: 'Today the queue starts before dawn.' }, { token: (await t.createUser()).token });
    expect(again.result).toMatchObject({ translation: '如今，天还没亮就排起了队。', cached: true });
    expect(fake.requests).toHaveLength(1);
  });

  it('falls back to the aligned stored translation when the model is down', async () => {
    const { token } = await t.createUser();
    fake.setDown(true);
    const res = await t.call('ai.trans', { text: 'The storm reached the coast on Saturday.' }, { token });
    expect(res.result).toMatchObject({ translation: '风暴于周六抵达海岸。', from: 'article', scope: 'sentence' });
  });
});
