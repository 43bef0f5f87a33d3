import { LRUCache } from 'lru-cache';
import { meaningLines, uposOfLabel } from './context.js';
import type { Ecdict } from './ecdict.js';

/**
 * `has(word, upos)`: whether the dictionary gives the word a meaning of that universal part of
 * speech; `has(word, 'VBN')` whether it is a verb's past participle. The tagging rules and the
 * second pass ask it before they switch a word to another reading.
 */
export type HasPos = (word: string, upos: string) => boolean;

/**
 * Whether the dictionary gives a word (or its headword) a meaning of a universal part of speech:
 * the lexical check the tagging rules make before they switch a word to another reading.
 */
export function dictionaryHasPos(dict: Ecdict): HasPos {
  // The tagger asks for every token of every sentence, several parts of speech each, and the
  // dictionary never changes while the server runs: each answer is kept (a key and a boolean).
  const answers = new LRUCache<string, boolean>({ max: 50_000 });
  const has = (word: string, upos: string): boolean => {
    // 'HEADWORD': the dictionary has the words as one headword with a general meaning ("related to").
    if (upos === 'HEADWORD') {
      const entry = dict.lookup(word);
      return !!entry && meaningLines(entry).some((m) => !m.text.startsWith('['));
    }
    const entries = [dict.lookup(word), dict.lemma(word)];
    // 'VBN': the word is some verb's past participle (ECDICT's form `d`): run, cut, hurt, torn.
    if (upos === 'VBN') return entries.some((e) => e !== null && e.exchange.d?.toLowerCase() === word.toLowerCase());
    // 'VBD': the word is some verb's past tense (ECDICT's form `p`): read, cut, rose.
    if (upos === 'VBD') return entries.some((e) => e !== null && e.exchange.p?.toLowerCase() === word.toLowerCase());
    return entries.some((e) => e !== null && meaningLines(e).some((m) => uposOfLabel(m.pos).includes(upos)));
  };
  return (word, upos) => {
    const key = `${word}\u0000${upos}`;
    let answer = answers.get(key);
    if (answer === undefined) {
      answer = has(word, upos);
      answers.set(key, answer);
    }
    return answer;
  };
}
