import { LRUCache } from 'lru-cache';
import { analyse, type TokenInContext } from './lemmatizer.js';

/**
 * Sentences already tagged, by their text: a reader taps several words of one sentence, and
 * every reader of an article taps in the same sentences, so the tagger (the costliest step of
 * a lookup) runs once per sentence. Bounded by count; a token list is a few hundred bytes.
 * Callers must not change the tokens they get (refineTags copies before it corrects).
 */
const tagged = new LRUCache<string, readonly TokenInContext[]>({ max: 4000 });

/** `analyse` (lemmatizer.ts) with the sentence's tagging cached: the same answer, without re-tagging. */
export function analyseCached(sentence: string): readonly TokenInContext[] {
  let tokens = tagged.get(sentence);
  if (!tokens) {
    tokens = analyse(sentence);
    tagged.set(sentence, tokens);
  }
  return tokens;
}
