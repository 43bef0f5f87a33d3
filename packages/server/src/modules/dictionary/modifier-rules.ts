import type { TokenInContext } from './lemmatizer.js';
import type { HasPos } from './pos-lexicon.js';
import { BE, LINKING } from './verb-group.js';
import { wordAt, type Reading } from './form-rules.js';

/**
 * A group of pos-rules.ts#refineTags's rules, kept apart because each asks one question: is this
 * word a modifier here, and of what (an adjective after a linking verb or before its noun, a noun
 * closing a noun phrase, an adverb closing a verb's phrase)? refineTags applies it at its place in
 * its order of rules; the rules here keep their own order.
 */

export const OBJECT_PRONOUNS = new Set(['it', 'them', 'him', 'her', 'us', 'me', 'you', 'this', 'these', 'those']);
const PARTICIPLE = /(ed|en|wn|ing|lost|left|kept|built|broke|made|held|known)$/;
export const isWord = (t: TokenInContext | undefined) => !!t && /\p{L}/u.test(t.text);

export function modifierReading(
  out: readonly TokenInContext[],
  i: number,
  governor: TokenInContext | undefined,
  has: HasPos,
): Reading | null {
  const { lower, t, word, prev, next } = wordAt(out, i);
  // After a linking verb, a word that can be an adjective is one: "felt lost", "is light enough", "remain warm".
  if (
    (t.pos === 'ADV' || t.pos === 'VERB') &&
    !/ly$/.test(word) &&
    governor &&
    // ("leaned forward, looking amazed": the -ing form links a participle as look does; not an adverb,
    // "looking forward to".)
    (LINKING.has(lower(governor)) || (t.pos === 'VERB' && /^(looking|seeming)$/.test(lower(governor)))) &&
    governor.pos !== 'NOUN' &&
    has(word, 'ADJ')
  ) {
    const objectFollows = next && ['NOUN', 'DET', 'PRON', 'PROPN', 'NUM'].includes(next.pos);
    // "is most often prepared", "are very likely": an adverb before another modifier modifies it.
    const modifiesNext = next && ['VERB', 'ADJ', 'ADV'].includes(next.pos);
    // After a form of "be" a participle is the passive ("is run by", "was expected to"): only other linking verbs make it an adjective ("felt lost").
    const passive = BE.has(lower(governor));
    if (
      (t.pos === 'ADV' && !modifiesNext) ||
      (t.pos === 'VERB' && PARTICIPLE.test(word) && !/ing$/.test(word) && !objectFollows && !passive)
    ) {
      return { pos: 'ADJ', lemma: word };
    }
  }
  // "a bitter, decade-long strike", "a long, cold winter": after a determiner, a word followed by a
  // comma and another modifier is the first of two adjectives of one noun (an adjective stays one:
  // it closes no noun phrase, below).
  if (
    ['ADV', 'NOUN', 'ADJ'].includes(t.pos) &&
    prev?.pos === 'DET' &&
    next?.text === ',' &&
    // (The second: an adjective, or a noun that goes on into its compound, "decade-long"; not the
    // subject of a clause after it, "In the past, people walked".)
    (out[i + 2]?.pos === 'ADJ' ||
      (out[i + 2]?.pos === 'NOUN' && (out[i + 3]?.text === '-' || ['NOUN', 'ADJ'].includes(out[i + 3]?.pos ?? '')))) &&
    !/ly$/.test(word) &&
    has(word, 'ADJ')
  ) {
    return { pos: 'ADJ', lemma: word };
  }
  // A participle between a determiner/adjective/start and a noun describes it: "broken things", "most pressing challenges".
  // Not a bare -ing form ("operating profit", "existing rules" stay verbs, as the corpora tag them).
  if (
    t.pos === 'VERB' &&
    PARTICIPLE.test(word) &&
    (!/ing$/.test(word) || prev?.pos === 'ADV' || /^(most|more|least|less|very|so|too)$/.test(lower(prev))) &&
    next &&
    (next.pos === 'NOUN' || next.pos === 'PROPN') &&
    (!prev || ['DET', 'ADJ', 'ADV', 'ADP', 'PUNCT', 'CCONJ'].includes(prev.pos)) &&
    // "The report also added evidence": an adverb after the subject precedes its verb.
    !(prev?.pos === 'ADV' && ['NOUN', 'PRON', 'PROPN'].includes(out[i - 2]?.pos ?? '')) &&
    has(word, 'ADJ')
  ) {
    return { pos: 'ADJ', lemma: word };
  }
  // An adjective closing a noun phrase is a noun: "a present for her", "a fine for parking"; not
  // before a participle and its noun ("The young married people left": 年轻的).
  const participleBeforeNoun = next?.pos === 'VERB' && /ed$/.test(lower(next)) && out[i + 2]?.pos === 'NOUN';
  if (
    t.pos === 'ADJ' &&
    prev &&
    prev.pos === 'DET' &&
    !/^(most|more|least|less|much|many|few)$/.test(word) &&
    (!next || !isWord(next) || ['ADP', 'VERB'].includes(next.pos)) &&
    !participleBeforeNoun &&
    has(word, 'NOUN')
  ) {
    return { pos: 'NOUN' };
  }
  // "on the House side,", "at the Treasury building.": after a preposition, a determiner and a name,
  // a bare verb form closing the phrase is its head noun (vt. 同意 was shown for side).
  if (
    t.pos === 'VERB' &&
    t.lemma === word &&
    prev?.pos === 'PROPN' &&
    out[i - 2]?.pos === 'DET' &&
    out[i - 3]?.pos === 'ADP' &&
    (!next || !isWord(next) || next.pos === 'ADP') &&
    has(word, 'NOUN')
  ) {
    return { pos: 'NOUN' };
  }
  // "It was kind of you": after a form of "be", "kind of" + a person is the adjective (好心的), not the noun 种类.
  if (
    word === 'kind' &&
    t.pos === 'NOUN' &&
    prev &&
    BE.has(lower(prev)) &&
    lower(next) === 'of' &&
    OBJECT_PRONOUNS.has(lower(out[i + 2]))
  ) {
    return { pos: 'ADJ' };
  }
  // "right before", "right after": an intensifying adverb.
  if (
    word === 'right' &&
    t.pos !== 'ADV' &&
    next &&
    (next.pos === 'ADP' || next.pos === 'SCONJ' || /^(now|away|here|there|back)$/.test(lower(next)))
  ) {
    return { pos: 'ADV' };
  }
  // "live close to", "left early to…", "worked hard all summer", "arrived late.": right after a verb
  // (not a linking one) and closing its phrase, a word with an adverb reading is one.
  // (A bare verb right after a verb, as the second pass may read "close" in "live close to", is such a word too.)
  if (
    (t.pos === 'ADJ' || (t.pos === 'VERB' && t.lemma === word && !/ing$|ed$/.test(word))) &&
    prev &&
    prev.pos === 'VERB' &&
    !LINKING.has(lower(prev)) &&
    !LINKING.has(prev.lemma) &&
    (!next || !isWord(next) || ['ADP', 'PART', 'SCONJ'].includes(next.pos) || lower(next) === 'all') &&
    has(word, 'ADV')
  ) {
    return { pos: 'ADV' };
  }
  return null;
}
