import type { Ecdict, TokenInContext } from '../dictionary/index.js';

/* The words and phrases the main-clause rules (main-clause.ts) the reporting-clause rules (reporting-clause.ts) and the participle rules (participle-clause.ts) read. */

export interface Span {
  start: number;
  /** Exclusive. */
  end: number;
}

export const BE_FORMS = new Set("am is are was were be been being 's 're 'm".split(' '));
export const NOMINAL = new Set(['NOUN', 'PROPN', 'PRON', 'NUM']);
export const IN_NOUN_PHRASE = new Set(['DET', 'ADJ', 'NOUN', 'PROPN', 'PRON', 'NUM', 'PART']);

/** Words that open a clause whose verb is not the sentence's main verb. */
export const SUBORDINATORS = new Set(
  'who whom whose which that what when where while whereas although though because since unless if whether after before until till once as lest than wherever whenever whoever whatever why how'.split(
    ' ',
  ),
);

export const lower = (t: TokenInContext) => t.text.toLowerCase();
export const isVerbal = (t: TokenInContext) => t.pos === 'VERB' || t.pos === 'AUX';
/** A comma or closing quotation mark between clauses. */
export const isBreak = (t: TokenInContext) => t.pos === 'PUNCT' && /^[,”"’']+$/.test(t.text);

/** The noun phrase ending just before `end` (exclusive), with "of …" attached to its head: "the president of the company". */
export function nounPhraseBefore(tokens: TokenInContext[], end: number): Span | null {
  let start = end;
  // "the agency's 240-page report": a hyphen between two words of the phrase stays in it.
  const inPhrase = (k: number) =>
    IN_NOUN_PHRASE.has(tokens[k]!.pos) || (tokens[k]!.text === '-' && k > 0 && k + 1 < end && IN_NOUN_PHRASE.has(tokens[k - 1]!.pos));
  while (start > 0 && inPhrase(start - 1)) {
    start--;
    // A determiner opens the phrase.
    if (tokens[start]!.pos === 'DET' && !(start > 0 && tokens[start - 1]!.pos === 'PART')) break;
  }
  if (start === end || !tokens.slice(start, end).some((t) => NOMINAL.has(t.pos))) return null;
  // "the president of the company", "a spokesman for the ministry": the head noun comes first.
  if (start >= 2 && tokens[start - 1]!.pos === 'ADP') {
    const head = nounPhraseBefore(tokens, start - 1);
    if (head) return { start: head.start, end };
  }
  return { start, end };
}

/** Plurals not in -s: "people", "children", "police"; ECDICT marks a plural form of its headword with `1:s`. */
const PLURAL_ALWAYS = new Set('people police cattle staff media'.split(' '));
export function pluralNoun(t: TokenInContext, dict: Ecdict): boolean {
  const w = lower(t);
  return PLURAL_ALWAYS.has(w) || (dict.lookup(w)?.exchange['1'] ?? '').includes('s');
}
