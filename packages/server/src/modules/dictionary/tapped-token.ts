import { occurrenceStart } from '@changdu/contract';
import type { TokenInContext } from './lemmatizer.js';

/** A token's text as a tapped word is compared with it: lower case, a curly apostrophe as a straight one. */
const tokenKey = (text: string) => text.toLowerCase().replace(/’/g, "'");

/** Where each token starts in its sentence (tokens are pieces of it, in order; -1 for one not found). */
export function tokenStarts(sentence: string, tokens: readonly { text: string }[]): number[] {
  let cursor = 0;
  return tokens.map((t) => {
    const found = sentence.indexOf(t.text, cursor);
    if (found < 0) return -1;
    cursor = found + t.text.length;
    return found;
  });
}

/**
 * The index of the tapped token: the `at`-th occurrence of `word` in the sentence (contract
 * word-occurrence.ts, the rule the reader counts by), matched to the token that stands there; the
 * first token spelt like the word when `at` is 0 or past the last occurrence, -1 when none is.
 * Matched by position, not by counting tokens, since the tagger's tokens and the reader's words may
 * split a sentence apart ("long-run" may be one token and two words).
 */
export function tappedToken(tokens: readonly TokenInContext[], sentence: string, word: string, at = 0): number {
  const key = tokenKey(word);
  const matching: number[] = [];
  tokens.forEach((t, i) => {
    if (tokenKey(t.text) === key) matching.push(i);
  });
  const first = matching[0] ?? -1;
  if (at === 0 || matching.length < 2) return first;
  const start = occurrenceStart(sentence, word, at);
  if (start === null) return first;
  const starts = tokenStarts(sentence, tokens);
  const distance = (i: number) => (starts[i]! < 0 ? Infinity : Math.abs(starts[i]! - start));
  return matching.reduce((best, i) => (distance(i) < distance(best) ? i : best), first);
}

/** The sentence from the tapped token on ("rose 23/32 to 112"), or undefined when the token is not found. */
export function fromToken(sentence: string, tokens: readonly TokenInContext[], index: number): string | undefined {
  if (index < 0) return undefined;
  const start = tokenStarts(sentence, tokens)[index]!;
  return start < 0 ? undefined : sentence.slice(start);
}
