import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { startFakeAi, type FakeAi } from '../../../test/fake-ai.js';
import { createTestApp, type TestApp } from '../../../test/test-app.js';

/*
 * Issue 26 §7: when the sentence does not settle which listed meaning is meant, the sheet asks the
 * provider (one short call, kept per word, sentence and model), and the word book keeps the
 * meaning the sheet then showed.
 */

let fake: FakeAi;
let t: TestApp;
let offline: TestApp;
// A sentence that does not settle which bank (the sheet asks the provider); a river's words would.
const BANK = 'He waited by the bank for an hour.';

beforeAll(async () => {
  fake = await startFakeAi();
  t = await createTestApp({ env: { AI_BASE_URL: fake.baseUrl, AI_MODEL: 'fake-model', AI_QUOTA_USER: '100000', AI_TIMEOUT_MS: '3000' } });
  offline = await createTestApp();
}, 60_000);
afterAll(async () => {
  await t?.close();
  await offline?.close();
  await fake?.close();
});
beforeEach(() => fake.reset());

describe('the provider chooses among the listed meanings when the sentence does not settle it', () => {
  it('marks a tap the sentence settles as sure, and one it does not as unsure', async () => {
    expect((await t.call('dict.word', { word: 'bank', sentence: BANK })).result).toMatchObject({ sense_sure: false });
    // One meaning line with one item, or a function word: nothing to choose.
    expect((await t.call('dict.word', { word: 'the', sentence: BANK })).result).toMatchObject({ sense_sure: true });
  });

  it('answers the listed item the model names, once per word, sentence and model', async () => {
    const { token } = await t.createUser();
    fake.set({ answer: (req) => {
      // The prompt lists the fitting items, numbered; answer the number of 岸.
      const prompt = req.body.messages.at(-1)!.content;
      const line = prompt.split('\n').find((l) => /^\d+\. .*岸$/.test(l));
      return line ? line.split('.')[0]! : '0';
    } });
    const first = await t.call('ai.wordSense', { word: 'bank', sentence: BANK }, { token });
    expect(first.code).toBe('200');
    expect(first.result).toMatchObject({ word: 'bank', meaning: { pos: 'n.', text: '岸' }, model: 'fake-model', cached: false });
    const again = await t.call('ai.wordSense', { word: 'bank', sentence: BANK }, { token });
    expect(again.result).toMatchObject({ meaning: { text: '岸' }, cached: true });
    expect(fake.requests).toHaveLength(1);
  });

  it('gives no meaning when the model names none of the listed ones', async () => {
    const { token } = await t.createUser();
    fake.set({ answer: '99' });
    const answer = await t.call('ai.wordSense', { word: 'bank', sentence: 'The bank was closed on Sunday morning.' }, { token });
    expect(answer.result).toMatchObject({ meaning: null });
  });

  it('keeps in the word book the meaning the sheet showed, when it is one of the word\'s own, and refuses any other', async () => {
    const { token } = await t.createUser();
    const added = await t.call('words.add', { word: 'bank', sentence: BANK, meaning: 'n. 岸' }, { token });
    expect(added.result).toMatchObject({ word: 'bank', meaning: 'n. 岸' });
    const refused = await t.call('words.add', { word: 'bank', sentence: BANK, meaning: 'n. 香蕉' }, { token });
    expect(refused.code).toBe('400');
    expect(refused.msg).toContain('不是这个词在词典里的释义');
    const kept = await t.db.kysely.selectFrom('word_book').select('meaning').where('word', '=', 'bank').execute();
    expect(kept.map((r) => r.meaning)).toEqual(['n. 岸']);
  });

  it('says the provider is needed when none is configured', async () => {
    const { token } = await offline.createUser();
    const answer = await offline.call('ai.wordSense', { word: 'bank', sentence: BANK }, { token });
    expect(answer.code).toBe('503');
    expect(answer.msg).toContain('需要配置 AI 服务');
  });

  it('needs a login', async () => {
    expect((await t.call('ai.wordSense', { word: 'bank', sentence: BANK })).code).toBe('401');
  });
});
