import { describe, expect, it } from 'vitest';
import { openEcdict } from './ecdict.js';
import { phraseIndex } from './phrase-index.js';
import { INSIDE, NEAR_MISSES, PRESS_SHAPES } from './phrases.cases.js';
import { phraseFinder } from './phrases.js';
import { dictionaryHasPos } from './pos-lexicon.js';
import { tagSentence } from './pos-rules.js';
import { openWordNet } from './wordnet.js';

const dict = openEcdict();
const hasPos = dictionaryHasPos(dict);
// The sentence as the lookup tags it (dictionary.service.ts): wink-nlp, the second pass and the rules.
const find = phraseFinder(dict, openWordNet(), phraseIndex(), (s) => tagSentence(s, hasPos));

describe('phrases in a sentence', () => {
  it('names the phrase of ≥ 90% of taps inside one and claims none in the near misses', () => {
    const wrong = INSIDE.flatMap(([sentence, tapped, phrase]) => {
      const found = find(tapped, sentence)?.phrase.text ?? null;
      return found === phrase ? [] : [`${tapped} in “${sentence}”: ${found ?? '—'} (want ${phrase})`];
    });
    const claims = NEAR_MISSES.flatMap(([sentence, tapped]) => {
      const found = find(tapped, sentence)?.phrase.text;
      return found ? [`${tapped} in “${sentence}”: ${found}`] : [];
    });
    const rate = (INSIDE.length - wrong.length) / INSIDE.length;
    console.log(
      `phrases: ${INSIDE.length - wrong.length}/${INSIDE.length} taps inside a phrase right (${(rate * 100).toFixed(1)}%), ` +
        `${claims.length} false claims in ${NEAR_MISSES.length} near misses` +
        [...wrong, ...claims].map((l) => `\n  ${l}`).join(''),
    );
    expect(INSIDE.length).toBeGreaterThanOrEqual(60);
    expect(NEAR_MISSES.length).toBeGreaterThanOrEqual(30);
    expect(rate).toBeGreaterThanOrEqual(0.9);
    expect(claims).toEqual([]);
  });

  it('names phrasal verbs in the shapes press text showed missing', () => {
    const named = PRESS_SHAPES.map(([sentence, tapped]) => find(tapped, sentence)?.phrase.text ?? null);
    expect(named).toEqual(PRESS_SHAPES.map(([, , phrase]) => phrase));
  });

  it('answers the phrase with its Chinese meanings and a definition', () => {
    const { phrase, verb } = find('gave', 'After three tries he finally gave up.')!;
    expect(verb).toBeNull();
    expect(phrase.text).toBe('give up');
    expect(phrase.meanings[0]!.text).toContain('放弃');
    expect(phrase.meanings.every((m) => !m.text.startsWith('['))).toBe(true);
    expect(phrase.definition).toMatch(/\w/);
  });

  it('defines a phrasal verb that closes its clause by a sense with no object (session 32)', () => {
    expect(find('came', 'Nobody knew how long it took before she came to.')!.phrase.definition).toMatch(/consciousness/);
    expect(find('came', 'The bill came to forty dollars.')!.phrase.definition).not.toMatch(/consciousness/);
  });

  it('names a phrasal verb ECDICT glosses for a specialist only with WordNet’s definition and no specialist line', () => {
    const { phrase } = find('buy', 'The board plans to buy back a tenth of its shares this year.')!;
    expect(phrase.text).toBe('buy back');
    expect(phrase.meanings).toEqual([]);
    expect(phrase.definition).toMatch(/buy/);
  });

  it('answers nothing for a word outside any phrase or without a sentence', () => {
    expect(find('offer', 'She turned the offer down without a second thought.')).toBeNull();
    expect(find('gave', undefined)).toBeNull();
  });
});
