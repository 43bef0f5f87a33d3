import { describe, expect, it } from 'vitest';
import { openEcdict } from './ecdict.js';
import { dictionaryHasPos } from './pos-lexicon.js';
import { tokenInSentence } from './pos-rules.js';
import { TAGGER_CASES, type Coarse } from './tagger.cases.js';

const has = dictionaryHasPos(openEcdict());
const COARSE: Record<string, Coarse> = { NOUN: 'noun', PROPN: 'noun', VERB: 'verb', AUX: 'verb', ADJ: 'adj', ADV: 'adv' };

// The corpus figure is bench/measure-tagger.ts's (docs/reading.md § Part of speech); this set keeps
// the slips real text showed from coming back.
const THRESHOLD = 0.95;

describe('the part of speech a tap is told (our own sentences of the kinds the corpora showed)', () => {
  it('has at least 100 taps, each word in its sentence', () => {
    expect(TAGGER_CASES.length).toBeGreaterThanOrEqual(100);
    for (const [word, sentence] of TAGGER_CASES) expect(sentence, word).toContain(word);
  });

  it(`tags at least ${THRESHOLD * 100}% of the taps right`, () => {
    const misses: string[] = [];
    for (const [word, sentence, want] of TAGGER_CASES) {
      const token = tokenInSentence(word, sentence, has);
      const got = token ? (COARSE[token.pos] ?? token.pos) : 'none';
      if (got !== want) misses.push(`${word}: want ${want}, got ${got} in: ${sentence}`);
    }
    const right = TAGGER_CASES.length - misses.length;
    console.info(`tagger taps: ${right}/${TAGGER_CASES.length} right (${((100 * right) / TAGGER_CASES.length).toFixed(1)}%)\n  ${misses.join('\n  ')}`);
    expect(right / TAGGER_CASES.length, misses.join('\n')).toBeGreaterThanOrEqual(THRESHOLD);
  });
});
