import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/test-app.js';
import { foundEntry } from '../../../test/word-entry.js';

let t: TestApp;
beforeEach(async () => {
  t = await createTestApp();
});
afterEach(() => t.close());

const look = (word: string, sentence?: string, token?: string) =>
  t.call('dict.word', { word, ...(sentence ? { sentence } : {}) }, { token: token ?? null });

/** Puts a word into a reader's word book, due now. */
const keep = async (userId: number, word: string) => {
  const now = t.clock.now().toISOString();
  await t.db.kysely.insertInto('word_book').values({ user_id: userId, word, due: now, created_at: now, updated_at: now }).execute();
};

describe('GET /api/english/word', () => {
  it.each([
    ['negotiated', 'They negotiated a new contract last week.', 'negotiate', '过去式/过去分词'],
    ['mice', 'Three mice lived behind the stove.', 'mouse', '复数'],
    ['went', 'We went home after the concert.', 'go', '过去式'],
    ['leaves', 'The leaves turn red in autumn.', 'leaf', '复数'],
    ['leaves', 'She leaves for work at seven.', 'leave', '第三人称单数'],
    ['Running', 'Running every morning keeps her calm.', 'run', '现在分词'],
  ])('resolves %s in “%s” to %s', async (word, sentence, headword, form) => {
    const res = await look(word, sentence);
    expect(res.code, res.msg).toBe('200');
    expect(foundEntry(res.result).word.toLowerCase()).toBe(headword);
    expect(foundEntry(res.result).form_of?.label ?? null).toBe(form);
  });

  it('answers phonetics, Chinese meanings by part of speech, an English definition, forms, exams and frequency', async () => {
    const res = foundEntry((await look('negotiate')).result);
    expect(res.phonetic).toBeTruthy();
    expect(res.meanings.map((m) => m.pos)).toEqual(expect.arrayContaining(['vi.', 'vt.']));
    expect(res.meanings.find((m) => m.pos === 'vi.')!.text).toContain('谈判');
    expect(res.definition).toMatch(/\w/);
    expect(res.inflections).toEqual(
      expect.arrayContaining([
        { label: '过去式', form: 'negotiated' },
        { label: '现在分词', form: 'negotiating' },
      ]),
    );
    expect(res.exams).toEqual(expect.arrayContaining(['CET-6', '考研', 'GRE', 'TEM-4']));
    expect(res.frequency).toBeGreaterThan(0);
    expect(res.in_wordbook).toBe(false);
  });

  it('handles a capital at the start of a sentence', async () => {
    const res = foundEntry((await look('Negotiations', 'Negotiations resumed on Monday.')).result);
    expect(res.word).toBe('negotiation');
  });

  it('says when the reader keeps the word, and counts the lookup once a day', async () => {
    const reader = await t.createUser();
    await keep(reader.user.id, 'negotiate');
    expect(foundEntry((await look('negotiated', 'They negotiated.', reader.token)).result).in_wordbook).toBe(true);
    await look('negotiating', undefined, reader.token);
    await look('mice', undefined, reader.token);
    expect((await t.call('history.today', {}, { token: reader.token })).result!.words_looked_up).toBe(2);
  });

  it('answers a repeated lookup the same, each reader with their own word book and count', async () => {
    const keeper = await t.createUser();
    const other = await t.createUser();
    await keep(keeper.user.id, 'negotiate');
    const sentence = 'They negotiated a new contract.';
    const first = await look('negotiated', sentence);
    const again = await look('negotiated', sentence);
    expect(again.result).toEqual(first.result);
    expect(foundEntry(first.result).in_wordbook).toBe(false);
    expect((await look('negotiated', sentence, keeper.token)).result).toEqual({ ...first.result, in_wordbook: true });
    expect((await look('negotiated', sentence, other.token)).result).toEqual(first.result);
    await look('negotiated', sentence, keeper.token);
    expect((await t.call('history.today', {}, { token: keeper.token })).result!.words_looked_up).toBe(1);
    expect((await t.call('history.today', {}, { token: other.token })).result!.words_looked_up).toBe(1);
    expect((await look('negotiatte')).result).toEqual((await look('negotiatte')).result);
  });

  it('answers an unknown word, not as an error, with close suggestions', async () => {
    const res = await look('negotiatte');
    // A 404 would be logged by the browser as a failed load on every tap of a name or a typo.
    expect([res.http, res.code]).toEqual([200, '200']);
    expect(res.result).toMatchObject({ found: false, query: 'negotiatte', suggestions: expect.arrayContaining(['negotiate']) });
    expect(res.result).toHaveProperty('message', expect.stringMatching(/^词典里没有找到“negotiatte”。你要找的是不是：.*negotiate/));
    expect((await look('qzxqzxqzx')).result).toEqual({
      found: false,
      query: 'qzxqzxqzx',
      suggestions: [],
      message: '词典里没有找到“qzxqzxqzx”',
    });
  });

  it.each([
    [{}, '请填写单词'],
    [{ word: '你好' }, '只能查询英文单词'],
    [{ word: 'a'.repeat(65) }, '单词不能超过 64 个字符'],
  ])('refuses %j', async (input, msg) => {
    expect(await t.call('dict.word', input as never)).toMatchObject({ http: 400, msg });
  });
});
