import { analyseCached } from './context-cache.js';
import { coarseModel, correctTags, type CoarseModel } from './coarse-tagger.js';
import type { TokenInContext } from './lemmatizer.js';
import type { HasPos } from './pos-lexicon.js';
import { POSSESSIVE, complementReading, formReading } from './form-rules.js';
import { BE, LINKING, markVerbGroups } from './verb-group.js';
import { OBJECT_PRONOUNS, isWord, modifierReading } from './modifier-rules.js';
import { tappedToken } from './tapped-token.js';

export type { HasPos };

/**
 * Corrections of the tagger's part of speech where a small model errs in ways a learner notices
 * (each rule is covered by a case in `context-senses.cases.json` or `tagger.cases.ts`). `has(word, upos)`
 * says whether the dictionary gives the word a meaning of that part of speech, so a rule only
 * switches to a reading the dictionary knows; `has(word, 'VBN')` whether it is a verb's past participle.
 */

/** Places named without an article after "to" when one goes there for what is done there ("go to school", "went to court"). */
const INSTITUTIONS = new Set(
  'school court church bed college university hospital prison jail sea war market town class lunch dinner breakfast camp mass'.split(' '),
);
/** Verbs of going and sending that take "to" + such a place. */
const GOING = new Set('go come return get head walk drive ride run hurry rush send take bring'.split(' '));
export const MODALS = new Set(['can', 'could', 'will', 'would', 'may', 'might', 'must', 'shall', 'should']);
const SUBJECT_PRONOUNS = new Set(['i', 'you', 'we', 'they', 'he', 'she', 'it', 'who', 'people']);
const CAUSATIVE = new Set(['make', 'let', 'have', 'help', 'watch', 'hear']);
const NATIONALITY = /(an|ese|ish|ch|sh|i)$/;
/** Prepositions after which a verb takes -ing ("of finishing"): a base form right after one is a noun. */
const PREPOSITIONS = new Set(
  'of in on at for with by from into onto about under over without through during against between among within upon toward towards across despite via'.split(
    ' ',
  ),
);
/** Adjectives that pick out which one(s) a noun means, never standing for people themselves ("the only", "its first"). */
const SELECTING = /^(only|first|last|next|same|other|whole|sole|final|entire|single|usual|second|third|very|main|real|best|worst)$/;
/** Adjectives that stand for people after "the" and take a verb ("the poor live on", "the young leave"). */
const PEOPLE =
  /^(rich|poor|young|old|elderly|wealthy|unemployed|dead|sick|homeless|blind|deaf|injured|wounded|living|brave|weak|strong|former|latter|accused|faithful|jobless|disabled|needy|powerful|many|few)$/;
/** Indefinite pronouns; ECDICT lists some as nouns too (anybody: n. 重要人物; nobody: n. 小人物): only a determiner makes them one. */
const INDEFINITE_PRONOUNS = new Set('anybody anyone somebody someone everybody everyone nobody'.split(' '));

/**
 * "Goldman Sachs estimates the market will…", "The Senate plans to take up…": token `i`, a word in
 * -s read as a noun right after a name (or after the sentence's opening article + noun), before a
 * determiner or "to" + a verb, with no verb before it, is the sentence's verb. The caller checks the
 * dictionary has it as one (the lookup's rules here, the offline analysis's main clause).
 */
export function verbInSAfterName(tokens: readonly TokenInContext[], i: number): boolean {
  const t = tokens[i];
  const prev = tokens[i - 1];
  const next = tokens[i + 1];
  if (!t || !prev || !next || t.pos !== 'NOUN' || !/[^s]s$/i.test(t.text)) return false;
  const afterName = prev.pos === 'PROPN' || (i === 2 && prev.pos === 'NOUN' && tokens[0]!.pos === 'DET');
  const beforeObject =
    (next.pos === 'DET' && next.text.toLowerCase() !== 'that') || (next.text.toLowerCase() === 'to' && tokens[i + 2]?.pos === 'VERB');
  return afterName && beforeObject && !tokens.slice(0, i).some((x) => x.pos === 'VERB' || x.pos === 'AUX');
}

export function refineTags(tokens: readonly TokenInContext[], has: HasPos): TokenInContext[] {
  const out = tokens.map((t) => ({ ...t }));
  const lower = (t: TokenInContext | undefined) => t?.text.toLowerCase() ?? '';
  const hasVerb = out.some((t) => t.pos === 'VERB' || t.pos === 'AUX');
  const determinerAt = (k: number) =>
    /^(a|an|the|this|that|these|those|each|every|another|any|no)$/.test(lower(out[k])) || POSSESSIVE.has(lower(out[k]));
  for (let i = 0; i < out.length; i++) {
    const t = out[i]!;
    const word = lower(t);
    const prev = out[i - 1];
    const next = out[i + 1];
    // Skip adverbs back to the word that governs this one ("remain uncomfortably warm", "can not last").
    let j = i - 1;
    while (j >= 0 && /ly$|^(not|n't|never|also|all|still|now|just|already|always|often|both)$/.test(lower(out[j]))) j--;
    // A possessive 's ("the administration's handling") governs nothing: it is no "is".
    const governor = out[j]?.pos === 'PART' && /^['’]s$/.test(out[j]!.text) ? undefined : out[j];

    // "threw an object", "a live show": right after an article a base form is no verb (a participle
    // there is the rules' call: "the proposed plan").
    if (t.pos === 'VERB' && t.text.toLowerCase() === t.lemma && !/(ing|ed)$/.test(word) && /^(a|an|the)$/.test(lower(prev))) {
      const modifier = next?.pos === 'NOUN' && has(word, 'ADJ');
      if (modifier || has(word, 'NOUN')) {
        t.pos = modifier ? 'ADJ' : 'NOUN';
        continue;
      }
    }
    // "the only answer for", "their first move", "the same return": after a determiner and an adjective
    // that only ever picks out which one (never "the rich", "the young", which stand for people and
    // take a verb: "the young need help"), a base form is the noun.
    if (
      t.pos === 'VERB' &&
      t.text.toLowerCase() === t.lemma &&
      !/(ing|ed)$/.test(word) &&
      // ("the usual level, and…", "the year-ago level in": any other adjective or a hyphened compound
      // too, when the word closes its phrase.)
      ((prev?.pos === 'ADJ' && SELECTING.test(lower(prev))) ||
        ((!next || ['PUNCT', 'ADP', 'CCONJ'].includes(next.pos)) &&
          ((prev?.pos === 'ADJ' && !PEOPLE.test(lower(prev))) || (out[i - 2]?.text === '-' && isWord(prev) && isWord(out[i - 3]))))) &&
      determinerAt(out[i - 2]?.text === '-' && isWord(prev) ? i - 4 : i - 2) &&
      has(word, 'NOUN')
    ) {
      t.pos = 'NOUN';
      continue;
    }
    // "the order of finish for the dancers", "with help from": right after a preposition a base form is
    // no verb (a verb there takes -ing), it is the noun.
    if (
      t.pos === 'VERB' &&
      t.text.toLowerCase() === t.lemma &&
      !/(ing|ed)$/.test(word) &&
      prev?.pos === 'ADP' &&
      PREPOSITIONS.has(lower(prev)) &&
      has(word, 'NOUN')
    ) {
      t.pos = 'NOUN';
      continue;
    }
    // "Well, it is late.": a word that opens its sentence on its own, before a comma, is the interjection
    // when the dictionary has one (interj. 好啦), not the adverb of manner (很好地).
    if (t.pos === 'ADV' && next?.text === ',' && out.slice(0, i).every((x) => !isWord(x)) && has(word, 'INTJ')) {
      t.pos = 'INTJ';
      continue;
    }
    // "(anybody wanna sequel?)": anybody, somebody, nobody are the pronouns 任何人, 有人, 无人; a determiner
    // or an adjective before one makes it the noun ("a nobody", "a real somebody"). Only words the
    // dictionary also lists as nouns: for the others (anyone: pron. only) the reading shows the same line.
    if (
      t.pos === 'NOUN' &&
      INDEFINITE_PRONOUNS.has(word) &&
      !['DET', 'ADJ'].includes(prev?.pos ?? '') &&
      has(word, 'PRON') &&
      has(word, 'NOUN')
    ) {
      t.pos = 'PRON';
      continue;
    }
    // "driving a pork chop through": a base form after "a" and a singular noun ends that noun phrase
    // (a singular subject would take -s).
    if (
      t.pos === 'VERB' &&
      t.text.toLowerCase() === t.lemma &&
      !/(ing|ed)$/.test(word) &&
      prev?.pos === 'NOUN' &&
      !/s$/i.test(prev.text) &&
      /^(a|an|each|every|another)$/.test(lower(out[i - 2])) &&
      // "make a phrase stick", "let a child play": after a causative the base form is the verb.
      !CAUSATIVE.has(out[i - 3]?.lemma ?? '') &&
      has(word, 'NOUN')
    ) {
      t.pos = 'NOUN';
      continue;
    }
    // "not very spiritual people", "a very spiritual place": before a word read as a noun that the
    // dictionary has as an adjective, with a noun after it, very is the adverb of that adjective ("the
    // very thought of" has no noun after its noun).
    if (
      word === 'very' &&
      (t.pos === 'ADJ' || t.pos === 'ADV') &&
      next?.pos === 'NOUN' &&
      ['NOUN', 'PROPN'].includes(out[i + 2]?.pos ?? '') &&
      has(lower(next), 'ADJ')
    ) {
      t.pos = 'ADV';
      next.pos = 'ADJ';
      continue;
    }
    // "well below the average", "well over a million": well before a preposition is the adverb 远远.
    if (
      word === 'well' &&
      (t.pos === 'ADJ' || t.pos === 'ADV') &&
      /^(below|above|over|under|ahead|beyond|within|before|after|behind|past|into)$/.test(lower(next))
    ) {
      t.pos = 'ADV';
      continue;
    }
    // What stands after be, after "and", after an infinitive's to (form-rules.ts).
    const complement = complementReading(out, i, governor, has);
    if (complement) {
      t.pos = complement.pos;
      if (complement.lemma) t.lemma = complement.lemma;
      continue;
    }
    // "is still at work": still before a phrase is the adverb 仍然, not the adjective 静止的.
    if (word === 'still' && (t.pos === 'ADJ' || t.pos === 'ADV') && next && isWord(next)) {
      t.pos = 'ADV';
      continue;
    }
    // A sentence needs a verb: "The shops close at six."
    if (
      !hasVerb &&
      (t.pos === 'ADJ' || t.pos === 'NOUN') &&
      prev &&
      (prev.pos === 'NOUN' || prev.pos === 'PRON') &&
      !POSSESSIVE.has(lower(prev)) &&
      lower(prev) !== 'her' &&
      has(word, 'VERB')
    ) {
      t.pos = 'VERB';
      continue;
    }
    // "Lilly shares closed yesterday at $62.25": after a name a plural read as the verb, then a form in
    // -ed read as an adjective with no noun after it, are the subject's noun and its verb.
    if (
      t.pos === 'ADJ' &&
      /ed$/.test(word) &&
      prev?.pos === 'VERB' &&
      /[^s]s$/.test(lower(prev)) &&
      ['NOUN', 'PROPN'].includes(out[i - 2]?.pos ?? '') &&
      (!['NOUN', 'PROPN'].includes(next?.pos ?? '') || /^(yesterday|today|tomorrow)$/.test(lower(next))) &&
      has(lower(prev), 'NOUN') &&
      has(word, 'VERB')
    ) {
      prev.pos = 'NOUN';
      t.pos = 'VERB';
      continue;
    }
    // "the bond rose 23/32 to 112", "Sales fell 5%", "net fell to $4.2 million": a past tense read as a
    // noun before a price's or a figure's move is the verb that moved it.
    const amount = (k: number) => out[k]?.pos === 'NUM' || (/^[$£€¥]$/.test(out[k]?.text ?? '') && out[k + 1]?.pos === 'NUM');
    const moves =
      (next?.pos === 'NUM' && (/[./]/.test(next.text) || /^(to|%|percent|points?|cents?)$/i.test(lower(out[i + 2])))) ||
      (/^(to|by)$/.test(lower(next)) && amount(i + 2) && /^[$£€¥\d]/.test(out[i + 2]?.text ?? ''));
    if (t.pos === 'NOUN' && moves && prev && ['NOUN', 'PROPN', 'NUM', 'ADJ'].includes(prev.pos) && has(word, 'VERB') && has(word, 'VBD')) {
      t.pos = 'VERB';
      continue;
    }
    // "like water" after a verb is a preposition; "we like", "to like", "would like" are verbs.
    if (
      word === 'like' &&
      t.pos === 'VERB' &&
      prev &&
      !SUBJECT_PRONOUNS.has(lower(prev)) &&
      prev.pos !== 'AUX' &&
      prev.pos !== 'PART' &&
      prev.pos !== 'PRON' &&
      prev.pos !== 'NOUN' &&
      prev.pos !== 'PROPN'
    ) {
      t.pos = 'ADP';
      continue;
    }
    // After a modal: "can last", "will rise".
    if ((t.pos === 'ADJ' || t.pos === 'NOUN') && governor && MODALS.has(lower(governor)) && has(word, 'VERB')) {
      t.pos = 'VERB';
      continue;
    }
    // "are waiting": a gerund-looking noun right after "be" is a progressive verb.
    if (
      t.pos === 'NOUN' &&
      /ing$/.test(word) &&
      governor &&
      BE.has(lower(governor)) &&
      next &&
      (next.pos === 'ADP' || next.pos === 'DET' || next.pos === 'PRON' || !isWord(next))
    ) {
      t.pos = 'VERB';
      continue;
    }
    // A noun with a pronoun object after it is a verb: "release it gradually".
    if (
      t.pos === 'NOUN' &&
      next &&
      OBJECT_PRONOUNS.has(lower(next)) &&
      next.pos === 'PRON' &&
      prev &&
      (prev.pos === 'CCONJ' || prev.pos === 'PART' || prev.pos === 'AUX') &&
      has(word, 'VERB')
    ) {
      t.pos = 'VERB';
      continue;
    }
    // "took our families and separated them": a form in -ed read as an adjective, right before an object
    // pronoun (one that is never a subject), is the verb that acts on it.
    if (t.pos === 'ADJ' && /ed$/.test(word) && /^(them|him|me|us)$/.test(lower(next)) && has(word, 'VERB')) {
      t.pos = 'VERB';
      continue;
    }
    // A participle after "be" is the passive: "Nobody was hurt", "The plan was put to a vote".
    if ((t.pos === 'NOUN' || (t.pos === 'ADJ' && lower(next) === 'by')) && governor && BE.has(lower(governor)) && has(word, 'VBN')) {
      t.pos = 'VERB';
      continue;
    }
    // "go to school", "went to court", "back to bed": a place people go to as an institution, with no article, after a verb of going.
    if (
      t.pos === 'VERB' &&
      INSTITUTIONS.has(word) &&
      lower(prev) === 'to' &&
      GOING.has(out[i - 2]?.lemma ?? '') &&
      (!next || ['PUNCT', 'ADP', 'CCONJ', 'SCONJ', 'ADV'].includes(next.pos)) &&
      has(word, 'NOUN')
    ) {
      t.pos = 'NOUN';
      t.lemma = word;
      continue;
    }
    // The bare verb after a causative's object: "make a phrase stick", "let the dog run", "made everyone in the room cry".
    if (
      t.pos === 'NOUN' &&
      t.lemma === word &&
      !/s$/.test(word) &&
      prev &&
      ['NOUN', 'PRON', 'PROPN'].includes(prev.pos) &&
      // "have its effect": a possessive opens a noun phrase, it is no causative's object.
      !POSSESSIVE.has(lower(prev)) &&
      (!next || !['NOUN', 'PROPN'].includes(next.pos)) &&
      has(word, 'VERB')
    ) {
      let k = i - 1;
      while (k > 0 && i - k < 7 && ['NOUN', 'PRON', 'PROPN', 'DET', 'ADJ', 'ADP', 'NUM'].includes(out[k]!.pos)) k--;
      const verb = out[k];
      // "has low priority on the House side": have is a causative only before a short object
      // ("have the car fixed", "had him wait"), not one that goes on into a place.
      const possession = verb?.lemma === 'have' && out.slice(k + 1, i).some((x) => x.pos === 'ADP');
      if (verb && (verb.pos === 'VERB' || verb.pos === 'AUX') && CAUSATIVE.has(verb.lemma) && !possession) {
        t.pos = 'VERB';
        continue;
      }
    }
    // A plural or pronoun subject, then a base form with its object: "Journalists report what…", "Cities face rising…".
    if (
      t.pos === 'NOUN' &&
      t.lemma === word &&
      !/s$/.test(word) &&
      prev &&
      ((prev.pos === 'NOUN' && /[^s]s$/.test(lower(prev))) || (prev.pos === 'PRON' && SUBJECT_PRONOUNS.has(lower(prev)))) &&
      next &&
      (['DET', 'PRON'].includes(next.pos) || (next.pos === 'VERB' && /ing$/.test(lower(next)))) &&
      has(word, 'VERB')
    ) {
      t.pos = 'VERB';
      continue;
    }
    if (verbInSAfterName(out, i) && has(word, 'VERB')) {
      t.pos = 'VERB';
      continue;
    }
    // Capitalised nationality words before a noun are adjectives: "Japanese history", "British government".
    if (
      (t.pos === 'PROPN' || t.pos === 'NOUN') &&
      t.text !== word &&
      NATIONALITY.test(word) &&
      next?.pos === 'NOUN' &&
      next.text === lower(next) &&
      has(word, 'ADJ')
    ) {
      t.pos = 'ADJ';
      continue;
    }
    // After a possessive, a word read as a verb or adverb, or a plural read as an adjective, is a noun:
    // "Her comment upset…", "My back hurts", "eased off its highs".
    if (
      (t.pos === 'VERB' || t.pos === 'ADV' || (t.pos === 'ADJ' && /[^s]s$/.test(word) && next?.pos !== 'NOUN')) &&
      prev &&
      (POSSESSIVE.has(lower(prev)) || (lower(prev) === 'her' && (i === 1 || !isWord(out[i - 2])))) &&
      has(word, 'NOUN')
    ) {
      t.pos = 'NOUN';
      continue;
    }
    // A plural after a verb is its object: "has plans for", "take turns".
    if (
      t.pos === 'VERB' &&
      /[^s]s$/.test(word) &&
      prev &&
      (prev.pos === 'VERB' || (prev.pos === 'AUX' && prev.lemma === 'have')) &&
      !LINKING.has(lower(prev)) &&
      has(word, 'NOUN')
    ) {
      t.pos = 'NOUN';
      continue;
    }
    // An adverb right after a determiner, not before a noun, is a noun: "Turn off the light when…".
    if (
      t.pos === 'ADV' &&
      prev?.pos === 'DET' &&
      (!next || !['NOUN', 'ADJ', 'PROPN', 'VERB', 'ADV'].includes(next.pos) || /^(when|where|while)$/.test(lower(next))) &&
      !/ly$|^(most|more|least|less|very)$/.test(word) &&
      has(word, 'NOUN')
    ) {
      t.pos = 'NOUN';
      continue;
    }
    // Forms in -ing and -ed the tagger read as the wrong part of speech (form-rules.ts).
    const form = formReading(out, i, governor, has);
    if (form) {
      t.pos = form.pos;
      if (form.lemma) t.lemma = form.lemma;
      continue;
    }
    // An adverb between a determiner and a noun is an adjective: "a fast car".
    if (t.pos === 'ADV' && prev?.pos === 'DET' && next?.pos === 'NOUN' && has(word, 'ADJ')) {
      t.pos = 'ADJ';
      continue;
    }
    // A base-form verb right after "is" is a noun: "The main reason is concern about…"; not a
    // passive whose participle looks like the base form: "is run by local people", "was cut by".
    if (
      t.pos === 'VERB' &&
      t.lemma === word &&
      prev &&
      BE.has(lower(prev)) &&
      !/ing$|ed$/.test(word) &&
      lower(next) !== 'by' &&
      !has(word, 'VBN') &&
      has(word, 'NOUN')
    ) {
      t.pos = 'NOUN';
      continue;
    }
    // "Please book two seats": the word after a polite "please" is the imperative verb, and "please"
    // itself the 请 a learner knows (the corpora tag it VB; the second pass follows them).
    if (lower(prev) === 'please' && t.pos === 'NOUN' && t.lemma === word && has(word, 'VERB') && (i === 1 || !isWord(out[i - 2]))) {
      t.pos = 'VERB';
      prev!.pos = 'INTJ';
      continue;
    }
    // "Please, sit down.", "Sit down, please.", "Could you please help?": please set off by commas, or
    // between a modal's subject and its verb, is the polite 请 too, not the verb 使高兴.
    if (
      word === 'please' &&
      t.pos !== 'INTJ' &&
      has(word, 'ADV') &&
      (i === 0 || prev?.text === ',' || (prev?.pos === 'PRON' && MODALS.has(lower(out[i - 2])))) &&
      (!next || /^[,.!?]$/.test(next.text) || (prev?.pos === 'PRON' && next.pos === 'VERB'))
    ) {
      t.pos = 'INTJ';
      continue;
    }
    // Modifiers: what a linking verb, a determiner or a verb's phrase makes of a word (modifier-rules.ts).
    const modifier = modifierReading(out, i, governor, has);
    if (modifier) {
      t.pos = modifier.pos;
      if (modifier.lemma) t.lemma = modifier.lemma;
      continue;
    }
  }
  return out;
}

/** Where each adjective stands: before its noun, or after be or a linking verb (frame-senses.ts weighs WordNet's position markers by it). */
function markPositions(tagged: TokenInContext[]): void {
  tagged.forEach((t, i) => {
    if (t.pos !== 'ADJ' || t.frame) return;
    if (['NOUN', 'PROPN'].includes(tagged[i + 1]?.pos ?? '')) t.frame = 'attributive';
    else {
      let j = i - 1;
      while (j >= 0 && tagged[j]!.pos === 'ADV') j--;
      const verb = tagged[j]?.text.toLowerCase() ?? '';
      // ("the CDC's present enrollment": a possessive 's is no "is".)
      if ((BE.has(verb) || LINKING.has(verb)) && !(tagged[j]!.pos === 'PART' || /^['’]s$/.test(verb))) t.frame = 'predicative';
    }
  });
}

/**
 * wink-nlp's tokens of a sentence. A capitalised first word the tagger takes for a name ("Cheap
 * flights…") is read again with a lower-case initial when the dictionary knows it as a common word.
 */
export function winkTags(sentence: string, has: HasPos): readonly TokenInContext[] {
  let tokens = analyseCached(sentence);
  const first = tokens.findIndex((t) => isWord(t));
  const head = tokens[first];
  if (head && head.pos === 'PROPN' && head.text !== head.text.toLowerCase()) {
    const lower = head.text.toLowerCase();
    if (['ADJ', 'NOUN', 'VERB', 'ADV'].some((p) => has(lower, p))) {
      const at = sentence.indexOf(head.text);
      const again = analyseCached(sentence.slice(0, at) + lower + sentence.slice(at + lower.length));
      if (again.length === tokens.length) tokens = again.map((t, i) => (i === first ? { ...t, text: head.text } : t));
    }
  }
  return tokens;
}

/**
 * Every token of a sentence with its corrected part of speech, as the lookup reads it: wink-nlp's
 * tags, the trained second pass over them (coarse-tagger.ts), then the rules above, which have the
 * last word where a learner needs another reading than the corpora's conventions ("felt lost").
 */
export function tagSentence(sentence: string, has: HasPos, secondPass: CoarseModel | null = coarseModel()): TokenInContext[] {
  const tagged = refineTags(correctTags(winkTags(sentence, has), has, secondPass), has);
  markVerbGroups(tagged, has);
  markPositions(tagged);
  return tagged;
}

/** The tapped word in its sentence with a corrected part of speech (its `at`-th occurrence, tapped-token.ts). */
export function tokenInSentence(
  word: string,
  sentence: string | undefined,
  has: HasPos,
  /** The sentence's tokens as tagSentence gives them (a caller may keep them per sentence). */
  tagged: (sentence: string) => readonly TokenInContext[] = (s) => tagSentence(s, has),
  at = 0,
): TokenInContext | null {
  if (!sentence) return null;
  const tokens = tagged(sentence);
  return tokens[tappedToken(tokens, sentence, word, at)] ?? null;
}
