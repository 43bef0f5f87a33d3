import { isWordMissing, type WordEntry, type WordLookup } from '@changdu/contract';

/** The entry of a lookup that must have found its word (a test fails here, naming the word, when it did not). */
export function foundEntry(answer: WordLookup | null): WordEntry {
  if (!answer) throw new Error('the lookup failed');
  if (isWordMissing(answer)) throw new Error(`the dictionary did not find “${answer.query}”`);
  return answer;
}
