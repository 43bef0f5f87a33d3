import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/test-app.js';
import { foundEntry } from '../../../test/word-entry.js';

let t: TestApp;
let reader: { token: string };
beforeEach(async () => {
  t = await createTestApp();
  reader = await t.createUser();
});
afterEach(() => t.close());

const as = {
  get token() {
    return reader.token;
  },
};
const sheet = async (word: string, sentence: string) => foundEntry((await t.call('dict.word', { word, sentence }, { token: null })).result);
const firstShown = (m: { pos: string | null; text: string } | undefined) => (m ? `${m.pos ? `${m.pos} ` : ''}${m.text}` : null);

describe('the word book keeps what the sheet showed', () => {
  it('keeps the meaning that fits the sentence, not the dictionary’s first, in the answer, the list and the card', async () => {
    const sentence = 'They book a table at the same café every Friday.';
    const shown = firstShown((await sheet('book', sentence)).meanings[0]);
    // The dictionary's first line is the noun (书); the sheet shows the verb this sentence uses.
    expect(shown).toMatch(/^v/);
    expect(shown).toContain('预订');

    const added = await t.call('words.add', { word: 'book', sentence }, as);
    expect(added.result).toMatchObject({ word: 'book', meaning: shown, added: true });
    const list = (await t.call('words.list', { order: 'new' }, as)).result!.list;
    expect(list.map((w) => [w.word, w.meaning])).toEqual([['book', shown]]);
    const card = (await t.call('words.next', { force: true }, as)).result!.list[0]!;
    expect(card.meaning).toBe(shown);
    // The other meanings are there to fold, the kept one not again among them.
    expect(card.other_meanings.some((m) => m.startsWith('n.') && m.includes('书'))).toBe(true);
    expect(card.other_meanings).not.toContain(shown);
  });

  it('keeps an inflected form’s in-context meaning under its headword', async () => {
    const sentence = 'The nurses dressed the wound and left.';
    const shown = firstShown((await sheet('dressed', sentence)).meanings[0]);
    const added = (await t.call('words.add', { word: 'dressed', sentence }, as)).result!;
    expect(added.word).toBe('dress');
    expect(added.meaning).toBe(shown);
  });

  it('takes the meaning of the newest sentence when the word is added again', async () => {
    await t.call('words.add', { word: 'book', sentence: 'I read a good book last week.' }, as);
    const noun = (await t.call('words.list', { order: 'new' }, as)).result!.list[0]!.meaning;
    expect(noun).toMatch(/^n/);
    const sentence = 'Please book two seats for Friday.';
    const again = await t.call('words.add', { word: 'book', sentence }, as);
    expect(again.result).toMatchObject({ added: false, meaning: firstShown((await sheet('book', sentence)).meanings[0]) });
    expect(again.result!.meaning).toMatch(/^v/);
  });

  it('adds the phrase the sheet showed as a phrase card with the phrase’s meaning', async () => {
    const sentence = 'After three tries he finally gave up.';
    const phrase = (await sheet('gave', sentence)).phrase!;
    expect(phrase.text).toBe('give up');
    const added = await t.call('words.add', { word: phrase.text, sentence }, as);
    expect(added.result).toMatchObject({ word: 'give up', added: true, meaning: firstShown(phrase.meanings[0]) });
    expect(added.result!.meaning).toContain('放弃');
    const card = (await t.call('words.next', { force: true }, as)).result!.list[0]!;
    expect([card.word, card.meaning, card.contexts[0]?.sentence]).toEqual(['give up', added.result!.meaning, sentence]);
    const detail = await t.call('words.detail', { word: 'give up' }, as);
    expect(detail.result?.item.word).toBe('give up');
    expect((await t.call('words.delete', { word: 'give up' }, as)).code).toBe('200');
  });

  it('answers the phrase of a separated phrasal verb, and none for a verb and its prepositional phrase', async () => {
    expect((await sheet('turned', 'She turned the offer down without a second thought.')).phrase?.text).toBe('turn down');
    expect((await sheet('put', 'Put the book on the table.')).phrase).toBeNull();
    expect((await sheet('least', 'Choose the least expensive ticket.')).phrase).toBeNull();
  });
});
