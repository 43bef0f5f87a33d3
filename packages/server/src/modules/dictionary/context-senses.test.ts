import { describe, expect, it } from 'vitest';
import cases from './context-senses.cases.json' with { type: 'json' };
import { dictionaryService } from './dictionary.service.js';
import { openEcdict } from './ecdict.js';

interface Case {
  word: string;
  sentence: string;
  /** The universal part of speech of the word in this sentence. */
  pos: string;
  /** Chinese that the first meaning shown must contain. */
  first: string;
}

const dictionary = dictionaryService(openEcdict(), { inWordBook: async () => false, recordLookup: () => undefined });

describe('meanings chosen by the sentence (held-in set from the demo articles and our own sentences)', () => {
  it('has at least 100 cases, each with a sentence that contains the word', () => {
    expect(cases.length).toBeGreaterThanOrEqual(100);
    for (const c of cases as Case[]) expect(c.sentence.toLowerCase(), c.word).toContain(c.word.toLowerCase());
  });

  it('puts the meaning of the part of speech in the sentence first in at least 95% of cases', () => {
    const misses: string[] = [];
    for (const c of cases as Case[]) {
      const senses = dictionary.senses(c.word, c.sentence);
      const first = senses?.meanings[0];
      const ok = senses?.pos === c.pos && first?.fits === true && first.text.includes(c.first);
      if (!ok)
        misses.push(
          `${c.word} (${c.pos}, want “${c.first}”) got ${senses?.pos ?? '-'} “${first?.pos ?? ''} ${first?.text ?? ''}” in: ${c.sentence}`,
        );
    }
    const correct = cases.length - misses.length;
    console.info(
      `context senses: ${correct}/${cases.length} correct (${((100 * correct) / cases.length).toFixed(1)}%)\n  ${misses.join('\n  ')}`,
    );
    expect(correct / cases.length, misses.join('\n')).toBeGreaterThanOrEqual(0.95);
  });
});
