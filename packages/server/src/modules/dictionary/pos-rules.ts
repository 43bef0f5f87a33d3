import { analyseCached } from './context-cache.js';
import type { TokenInContext } from './lemmatizer.js';

/**
 * Corrections of the tagger's part of speech where a small model errs in ways a learner notices
 * (each rule is covered by a case in `context-senses.cases.json`). `has(word, upos)` says whether
 * the dictionary gives the word a meaning of that part of speech, so a rule only switches to a
 * reading the dictionary knows.
 */
export type HasPos = (word: string, upos: string) => boolean;

const BE = new Set(['is', 'are', 'was', 'were', 'be', 'been', "'s", "'re", 'am']);
const LINKING = new Set([
  ...BE,
  'feel', 'feels', 'felt', 'seem', 'seems', 'seemed', 'look', 'looks', 'looked', 'become', 'becomes', 'became',
  'remain', 'remains', 'remained', 'stay', 'stays', 'stayed', 'get', 'gets', 'got', 'sound', 'sounds', 'grow', 'grew',
]);
const MODALS = new Set(['can', 'could', 'will', 'would', 'may', 'might', 'must', 'shall', 'should']);
const OBJECT_PRONOUNS = new Set(['it', 'them', 'him', 'her', 'us', 'me', 'you', 'this', 'these', 'those']);
const SUBJECT_PRONOUNS = new Set(['i', 'you', 'we', 'they', 'he', 'she', 'it', 'who', 'people']);
const PARTICIPLE = /(ed|en|wn|ing|lost|left|kept|built|broke|made|held|known)$/;

const isWord = (t: TokenInContext | undefined) => !!t && /\p{L}/u.test(t.text);

export function refineTags(tokens: readonly TokenInContext[], has: HasPos): TokenInContext[] {
  const out = tokens.map((t) => ({ ...t }));
  const lower = (t: TokenInContext | undefined) => t?.text.toLowerCase() ?? '';
  const hasVerb = out.some((t) => t.pos === 'VERB' || t.pos === 'AUX');
  for (let i = 0; i < out.length; i++) {
    const t = out[i]!;
    const word = lower(t);
    const prev = out[i - 1];
    const next = out[i + 1];
    // Skip adverbs back to the word that governs this one ("remain uncomfortably warm", "can not last").
    let j = i - 1;
    while (j >= 0 && /ly$|^(not|n't|never|also|all|still|now|just|already|always|often|both)$/.test(lower(out[j]))) j--;
    const governor = out[j];

    // A sentence needs a verb: "The shops close at six."
    if (!hasVerb && (t.pos === 'ADJ' || t.pos === 'NOUN') && prev && (prev.pos === 'NOUN' || prev.pos === 'PRON') && has(word, 'VERB')) {
      t.pos = 'VERB';
      continue;
    }
    // "like water" after a verb is a preposition; "we like", "to like", "would like" are verbs.
    if (word === 'like' && t.pos === 'VERB' && prev && !SUBJECT_PRONOUNS.has(lower(prev)) && prev.pos !== 'AUX' && prev.pos !== 'PART' && prev.pos !== 'PRON' && prev.pos !== 'NOUN' && prev.pos !== 'PROPN') {
      t.pos = 'ADP';
      continue;
    }
    // After a modal: "can last", "will rise".
    if ((t.pos === 'ADJ' || t.pos === 'NOUN') && governor && MODALS.has(lower(governor)) && has(word, 'VERB')) {
      t.pos = 'VERB';
      continue;
    }
    // "are waiting": a gerund-looking noun right after "be" is a progressive verb.
    if (t.pos === 'NOUN' && /ing$/.test(word) && governor && BE.has(lower(governor)) && next && (next.pos === 'ADP' || next.pos === 'DET' || next.pos === 'PRON' || !isWord(next))) {
      t.pos = 'VERB';
      continue;
    }
    // A noun with a pronoun object after it is a verb: "release it gradually".
    if (t.pos === 'NOUN' && next && OBJECT_PRONOUNS.has(lower(next)) && next.pos === 'PRON' && prev && (prev.pos === 'CCONJ' || prev.pos === 'PART' || prev.pos === 'AUX') && has(word, 'VERB')) {
      t.pos = 'VERB';
      continue;
    }
    // A base-form verb right after "is" is a noun: "The main reason is concern about…".
    if (t.pos === 'VERB' && t.lemma === word && prev && BE.has(lower(prev)) && !/ing$|ed$/.test(word) && has(word, 'NOUN')) {
      t.pos = 'NOUN';
      continue;
    }
    // After a linking verb, a word that can be an adjective is one: "felt lost", "is light enough", "remain warm".
    if ((t.pos === 'ADV' || t.pos === 'VERB') && !/ly$/.test(word) && governor && LINKING.has(lower(governor)) && governor.pos !== 'NOUN' && has(word, 'ADJ')) {
      const objectFollows = next && ['NOUN', 'DET', 'PRON', 'PROPN', 'NUM'].includes(next.pos);
      const modifiesNext = next && ['VERB', 'ADJ'].includes(next.pos);
      if ((t.pos === 'ADV' && !modifiesNext) || (t.pos === 'VERB' && PARTICIPLE.test(word) && !/ing$/.test(word) && !objectFollows)) {
        t.pos = 'ADJ';
        t.lemma = word;
        continue;
      }
    }
    // A participle between a determiner/adjective/start and a noun describes it: "broken things", "most pressing challenges".
    if (t.pos === 'VERB' && PARTICIPLE.test(word) && next && (next.pos === 'NOUN' || next.pos === 'PROPN') && (!prev || ['DET', 'ADJ', 'ADV', 'ADP', 'PUNCT', 'CCONJ'].includes(prev.pos)) && has(word, 'ADJ')) {
      t.pos = 'ADJ';
      t.lemma = word;
      continue;
    }
    // An adjective closing a noun phrase is a noun: "a present for her", "a fine for parking".
    if (t.pos === 'ADJ' && prev && prev.pos === 'DET' && (!next || !isWord(next) || next.pos === 'ADP') && has(word, 'NOUN')) {
      t.pos = 'NOUN';
      continue;
    }
    // "right before", "right after": an intensifying adverb.
    if (word === 'right' && t.pos !== 'ADV' && next && (next.pos === 'ADP' || next.pos === 'SCONJ' || /^(now|away|here|there|back)$/.test(lower(next)))) {
      t.pos = 'ADV';
      continue;
    }
    // "live close to": after a verb and before a preposition, a word with an adverb reading is one.
    if (t.pos === 'ADJ' && prev && prev.pos === 'VERB' && !LINKING.has(lower(prev)) && next?.pos === 'ADP' && has(word, 'ADV')) {
      t.pos = 'ADV';
      continue;
    }
  }
  return out;
}

/**
 * The tapped word in its sentence with a corrected part of speech. A capitalised first word the
 * tagger takes for a name ("Cheap flights…") is read again with a lower-case initial.
 */
export function tokenInSentence(word: string, sentence: string | undefined, has: HasPos): TokenInContext | null {
  if (!sentence) return null;
  const lower = word.toLowerCase();
  let tokens = analyseCached(sentence);
  let index = tokens.findIndex((t) => t.text.toLowerCase() === lower);
  if (index < 0) return null;
  const first = tokens.findIndex((t) => isWord(t));
  if (index === first && tokens[index]!.pos === 'PROPN' && ['ADJ', 'NOUN', 'VERB', 'ADV'].some((p) => has(lower, p))) {
    const at = sentence.indexOf(tokens[index]!.text);
    const again = analyseCached(sentence.slice(0, at) + lower + sentence.slice(at + lower.length));
    if (again.length === tokens.length) tokens = again;
    index = tokens.findIndex((t) => t.text.toLowerCase() === lower);
  }
  return refineTags(tokens, has)[index] ?? null;
}
