import { describe, expect, it } from 'vitest';
import { dictionaryService } from './dictionary.service.js';
import { openEcdict } from './ecdict.js';
import { rankSenses } from './context.js';
import { openWordNet } from './wordnet.js';

const dictionary = dictionaryService(openEcdict(), { inWordBook: async () => false, recordLookup: () => undefined });
const lookup = (word: string, sentence?: string) => dictionary.lookup(word, sentence, null);

describe('WordNet read lazily from its files', () => {
  it('answers the senses of a lemma by part of speech, in frequency order, marking names', () => {
    const wn = openWordNet();
    expect(wn.senses('begin', 'v')[0]!.definition).toBe('take the first step or steps in carrying out an action');
    const noun = wn.senses('begin', 'n');
    expect(noun).toHaveLength(1);
    expect(noun[0]).toMatchObject({ proper: true });
    expect(wn.senses('bank', 'n').length).toBeGreaterThan(5);
    expect(wn.senses('qzxqzx', 'n')).toEqual([]);
    wn.close();
  });
});

describe('the English definition of the sense the sentence means', () => {
  it("reads SemCor's count of each sense", () => {
    const wn = openWordNet();
    const bank = wn.senses('bank', 'n');
    expect(bank[0]!.count).toBeGreaterThan(10);
    expect(bank[0]!.count).toBeGreaterThan(bank.at(-1)!.count);
    wn.close();
  });

  // Sentences that share no word with the right gloss: the word vectors find the sense their words lie near.
  const TAPS: [string, string, RegExp][] = [
    ['bank', 'He opened an account at the bank.', /financial institution/],
    ['race', 'She won the race by two seconds.', /contest of speed/],
    ['record', 'She broke the world record in the final.', /best \(or worst\) performance/],
    ['paper', 'She published a paper on climate change.', /essay/],
    ['degree', 'She has a degree in economics.', /award conferred by a college/],
    ['note', 'She left a note on the kitchen table.', /short personal letter/],
  ];

  it('shows it first for taps whose sentence shares no word with its gloss', async () => {
    for (const [word, sentence, want] of TAPS) expect((await lookup(word, sentence)).definition, `${word}: ${sentence}`).toMatch(want);
  });

  it("keeps a topic's sense first when SemCor finds it far more often than any general one (filing a suit)", async () => {
    // "record in a public office or in a court of law" is filed under law, and seen 50 times against 10 for smoothing with a file.
    expect((await lookup('filed', 'The debtholders have filed a suit against the bank.')).definition).toMatch(/court of law/);
    // A topic's sense as common as a general one still needs a word of the sentence: a basketball switch is not a light's.
    expect((await lookup('switch', 'Flip the light switch by the door.')).definition).not.toMatch(/basketball/);
  });

  it('needs the word vectors for most of them (counts and shared words alone choose otherwise)', () => {
    const wn = openWordNet();
    const without = TAPS.filter(
      ([word, sentence, want]) => !want.test(rankSenses(wn.senses(word, 'n'), sentence, word, word)[0]?.text ?? ''),
    );
    expect(without.length).toBeGreaterThanOrEqual(4);
    wn.close();
  });
});

describe('a word answered for its sentence', () => {
  it('gives the verb of “begins” its verb definition, never the statesman Begin', async () => {
    const entry = await lookup('begins', "Just after nine in the evening, the platform at Vienna's main station begins to fill.");
    expect(entry.pos_in_context).toBe('VERB');
    expect(entry.meanings[0]).toMatchObject({ pos: 'v.', fits: true });
    expect(entry.definition).toBe('take the first step or steps in carrying out an action');
    expect(entry.definitions.join(' ')).not.toMatch(/statesman|Sadat/);
  });

  it('never shows a proper-noun sense for a lower-case word even without a sentence', async () => {
    expect((await lookup('begin')).definitions.join(' ')).not.toMatch(/statesman/);
  });

  it('ranks senses by the sentence: a river bank, a bank that lends', async () => {
    expect((await lookup('bank', 'We sat on the grassy bank of the river and watched the water.')).definition).toMatch(
      /sloping land|water/,
    );
    expect((await lookup('bank', 'The bank approved her loan and the deposits earned interest.')).definition).toMatch(
      /financial institution/,
    );
  });

  it('orders the meanings by the part of speech in the sentence and marks the others', async () => {
    const noun = await lookup('book', 'She is reading a book about whales.');
    expect(noun.meanings[0]).toMatchObject({ pos: 'n.', fits: true });
    expect(noun.meanings.filter((m) => !m.fits).map((m) => m.pos)).toContain('v.');
    const verb = await lookup('book', 'I need to book a table for two tonight.');
    expect(verb.meanings[0]).toMatchObject({ pos: 'v.', fits: true });
    expect(verb.meanings[0]!.text).toContain('预订');
    expect(verb.definition).toMatch(/reserve/);
  });

  it('explains a function word for a learner instead of archaic entries', async () => {
    const the = await lookup('the', 'The library now has a new sign.');
    expect(the.function_note).toMatch(/定冠词/);
    expect(the.meanings[0]).toMatchObject({ pos: 'art.', fits: true });
    expect(the.definition).toBeNull();
    expect(JSON.stringify(the)).not.toMatch(/See Thee/);
    const a = await lookup('a', 'A short nap can help.');
    expect(a.function_note).toMatch(/不定冠词/);
    expect(JSON.stringify(a.meanings)).not.toMatch(/累加器/);
    // "will" as a noun is not the modal verb.
    expect((await lookup('will', 'She wrote a will before the trip.')).function_note).toBeNull();
  });

  it('shows phonetics in standard IPA, British and American labelled', async () => {
    const entry = await lookup('unusual');
    expect(entry.phonetics).toEqual([
      { variant: 'UK', ipa: 'ˌʌnˈjuːʒuːl' },
      { variant: 'US', ipa: expect.stringMatching(/^ənˈju/) },
    ]);
    expect(entry.phonetic).toBe('ˌʌnˈjuːʒuːl');
  });
});
