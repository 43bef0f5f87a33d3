import type { TokenInContext } from './lemmatizer.js';
import type { HasPos } from './pos-lexicon.js';
import { BE } from './verb-group.js';

/**
 * Two groups of pos-rules.ts#refineTags's rules, kept apart because each asks one question: what
 * stands after be, "and" or an infinitive's to (complementReading), and whether a form in -ing or -ed
 * is the verb, the noun or the adjective here (formReading). refineTags applies each at its place in
 * its order of rules.
 */

/** A part of speech for a token, and its lemma when the reading changes it. */
export interface Reading {
  pos: string;
  lemma?: string;
}

/** The token at `i` and its neighbours, as each group of rules reads them. */
export function wordAt(out: readonly TokenInContext[], i: number) {
  const lower = (t: TokenInContext | undefined) => t?.text.toLowerCase() ?? '';
  const t = out[i]!;
  return { lower, t, word: lower(t), prev: out[i - 1], next: out[i + 1] };
}

export const POSSESSIVE = new Set(['my', 'his', 'its', 'our', 'their', 'your']);

/**
 * What stands after be, joined to an adjective by "and", or after an infinitive's to: the adjective
 * ("The show is live", "are related to", "cold and stiff") or the verb ("to veto entire bills").
 */
export function complementReading(
  out: readonly TokenInContext[],
  i: number,
  governor: TokenInContext | undefined,
  has: HasPos,
): Reading | null {
  const { lower, t, word, prev, next } = wordAt(out, i);
  // "The show is live", "the differences are minute", "have been relatively level": a base form after be is no verb (a
  // participle spelt like its base, "is run by", "was cut", stays one).
  const endsClause = !next || next.pos === 'PUNCT';
  if (
    (t.pos === 'VERB' || (t.pos === 'NOUN' && endsClause)) &&
    governor &&
    BE.has(lower(governor)) &&
    t.text.toLowerCase() === t.lemma &&
    !/ing$/.test(word) &&
    !has(word, 'VBN') &&
    has(word, 'ADJ')
  ) {
    return { pos: 'ADJ' };
  }
  // "We are related to…", "is interested in", "was involved in": a participle after be whose own
  // entry is an adjective and which the dictionary lists with its preposition is that adjective
  // (有关系的, 感兴趣的), not a passive (讲述, 使感兴趣); "was killed in" has no such headword.
  if (
    t.pos === 'VERB' &&
    word !== t.lemma &&
    // "is used for meetings": used's adjective is second-hand (用过的); its headwords are the verb's.
    word !== 'used' &&
    governor &&
    BE.has(lower(governor)) &&
    next &&
    (next.pos === 'ADP' || (lower(next) === 'to' && !['VERB', 'AUX'].includes(out[i + 2]?.pos ?? ''))) &&
    lower(next) !== 'by' &&
    has(word, 'VBN') &&
    has(word, 'ADJ') &&
    has(`${word} ${lower(next)}`, 'HEADWORD')
  ) {
    return { pos: 'ADJ', lemma: word };
  }
  // "looked cold and stiff": a word joined by "and"/"or" to an adjective, with no clause of its own
  // after it, is an adjective too when the dictionary has it as one.
  if (
    t.pos === 'NOUN' &&
    /^(and|or)$/.test(lower(prev)) &&
    out[i - 2]?.pos === 'ADJ' &&
    (!next || !['NOUN', 'PROPN', 'VERB', 'AUX', 'PART'].includes(next.pos)) &&
    has(word, 'ADJ')
  ) {
    return { pos: 'ADJ' };
  }
  // "authorizes the president to veto entire bills": after the "to" of an infinitive, a word with its object is the verb.
  if (
    t.pos === 'NOUN' &&
    t.lemma === word &&
    lower(prev) === 'to' &&
    prev!.pos === 'PART' &&
    next &&
    (['DET', 'PRON', 'NUM'].includes(next.pos) || (next.pos === 'ADJ' && out[i + 2]?.pos === 'NOUN')) &&
    has(word, 'VERB')
  ) {
    return { pos: 'VERB' };
  }
  // "in order to finalize loan terms": after that "to" a word the dictionary has only as a verb is
  // one, whatever follows (the second pass read "finalize" as a noun before "loan terms").
  if (t.pos === 'NOUN' && t.lemma === word && lower(prev) === 'to' && prev!.pos === 'PART' && has(word, 'VERB') && !has(word, 'NOUN')) {
    return { pos: 'VERB' };
  }
  return null;
}

/** The reading of token `i` when one of the rules applies; `governor` is the word before it past adverbs. */
export function formReading(out: readonly TokenInContext[], i: number, governor: TokenInContext | undefined, has: HasPos): Reading | null {
  const { lower, t, word, prev, next } = wordAt(out, i);
  // "after spending three years", "by cutting the price": a gerund with its object after a preposition is a verb.
  if (
    t.pos === 'NOUN' &&
    /ing$/.test(word) &&
    prev?.pos === 'ADP' &&
    next &&
    ['DET', 'NUM', 'PRON'].includes(next.pos) &&
    has(word, 'VERB')
  ) {
    return { pos: 'VERB' };
  }
  // "the surrounding culture", "a smiling child": a participle in -ing between a determiner and its
  // noun is an adjective when the word has its own adjective entry (周围的, not 包围).
  if (
    t.pos === 'VERB' &&
    /ing$/.test(word) &&
    next?.pos === 'NOUN' &&
    prev &&
    (prev.pos === 'DET' || POSSESSIVE.has(lower(prev))) &&
    has(word, 'ADJ')
  ) {
    return { pos: 'ADJ', lemma: word };
  }
  // "Any reading below 50%", "abrupt faulting", "the administration's handling of": a form in -ing
  // read as a verb where a noun phrase stands (after a determiner, an adjective or a possessive) and
  // with no object is the noun.
  if (
    t.pos === 'VERB' &&
    /ing$/.test(word) &&
    prev &&
    (['DET', 'ADJ', 'NUM'].includes(prev.pos) || POSSESSIVE.has(lower(prev)) || /^['’]s$/.test(prev.text)) &&
    // "They are all waiting for…": after be the form is progressive, whatever stands between.
    !(governor && BE.has(lower(governor))) &&
    (!next || !['DET', 'PRON', 'NUM', 'NOUN', 'PROPN'].includes(next.pos)) &&
    has(word, 'NOUN')
  ) {
    return { pos: 'NOUN', lemma: word };
  }
  // "The pricing also pressured Treasury bonds": a form in -ed read as an adjective right after its
  // subject (an adverb may stand between) and before an object is the sentence's verb.
  if (t.pos === 'ADJ' && /ed$/.test(word) && next && ['DET', 'PROPN', 'PRON'].includes(next.pos) && has(word, 'VERB')) {
    const subject = prev?.pos === 'ADV' ? out[i - 2] : prev;
    if (subject && ['NOUN', 'PROPN', 'PRON'].includes(subject.pos) && !POSSESSIVE.has(lower(subject))) {
      return { pos: 'VERB' };
    }
  }
  // "at the very thought": after "the very" a verb's form is the noun it also is.
  if (t.pos === 'VERB' && lower(prev) === 'very' && out[i - 2]?.pos === 'DET' && has(word, 'NOUN')) {
    return { pos: 'NOUN', lemma: word };
  }
  return null;
}
