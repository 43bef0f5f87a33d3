import { describe, expect, it } from 'vitest';
import { dictionaryService } from './dictionary.service.js';
import { openEcdict } from './ecdict.js';
import { FIRST_MEANING_CASES } from './first-meaning.cases.js';

const hooks = { inWordBook: async () => false, recordLookup: () => undefined };
const dict = openEcdict();

/**
 * The lookup keeps what it works out per sentence (its tags, the tagger's dictionary checks, the
 * parsed lines, word vectors, answers): a word tapped after others in the same sentence, or after
 * the same word in another sentence, must get the answer a fresh service gives it.
 */
describe('what the lookup keeps never changes an answer', () => {
  it('answers each word of a sentence as a fresh service does, in any order of taps', async () => {
    const warm = dictionaryService(dict, hooks);
    const cases = FIRST_MEANING_CASES.slice(0, 24);
    // Every word of every sentence tapped first, then the cases' words again, backwards.
    for (const [, sentence] of cases)
      for (const w of sentence.match(/[A-Za-z]+/g) ?? []) await warm.lookup(w, sentence, null).catch(() => null);
    for (const [word, sentence] of [...cases].reverse()) {
      const fresh = dictionaryService(dict, hooks);
      expect(await warm.lookup(word, sentence, null), `${word} in: ${sentence}`).toEqual(await fresh.lookup(word, sentence, null));
    }
  });

  it('answers a word in a second sentence for that sentence, not the first', async () => {
    const warm = dictionaryService(dict, hooks);
    const first = await warm.lookup('bank', 'They walked along the bank of the river.', null);
    const second = await warm.lookup('bank', 'He opened an account at the bank.', null);
    expect(second).toEqual(await dictionaryService(dict, hooks).lookup('bank', 'He opened an account at the bank.', null));
    expect(second.definition).not.toBe(first.definition);
  });
});

describe('the headword of a tapped form', () => {
  it('is the same read from a kept answer as worked out afresh, found or not', async () => {
    const warm = dictionaryService(dict, hooks);
    const taps: [string, string][] = [
      ...FIRST_MEANING_CASES.slice(0, 40).map(([word, sentence]) => [word, sentence] as [string, string]),
      // A possessive, a phrase's particle, a form of two headwords, and a word the dictionary lacks.
      ['men’s', 'It was seen in men’s eyes as a sign of strength.'],
      ['gave', 'She gave up smoking last year.'],
      ['leaves', 'He leaves the office at six.'],
      ['zzyzxq', 'The zzyzxq was nowhere to be found.'],
    ];
    for (const [word, sentence] of taps) {
      const fresh = dictionaryService(dict, hooks).headword(word, sentence);
      await warm.lookup(word, sentence, null).catch(() => null);
      expect(warm.headword(word, sentence), `${word} in: ${sentence}`).toBe(fresh);
    }
    expect(warm.headword('zzyzxq', 'The zzyzxq was nowhere to be found.')).toBeNull();
    expect(warm.headword('gave', 'She gave up smoking last year.')).toBe('give');
  });
});
