import { meaningLines, rankSenses } from './context.js';
import type { Ecdict } from './ecdict.js';
import { lineItems } from './ecdict-clean.js';
import { hanAgreement } from './sense-order.js';
import type { TokenInContext } from './lemmatizer.js';
import { TIME_NOUNS } from './verb-group.js';
import type { WnPos, WordNet } from './wordnet.js';
import { PARTICLES, type PhraseIndex } from './phrase-index.js';
import {
  POSSESSIVES,
  REFLEXIVES,
  ADVERB_PARTICLES,
  PLACES,
  MOTION_VERBS,
  PARTICIPLE_PREPOSITIONS,
  SELECTED_PREPOSITIONS,
  PLACING_VERBS,
  SPATIAL,
  PUTTING_VERBS,
  PLACE_PREPOSITIONS,
  ORDINALS,
  RELATIVE_OPENERS,
  INFINITIVE_HEADWORDS,
  BE_FORMS,
} from './phrase-words.js';

/** Where a phrase sits in a sentence's tokens, and its key in the index ("turn down"). */
export interface PhraseMatch {
  key: string;
  /** Token positions the phrase covers (a separated object is not among them). */
  positions: number[];
}

/** Whether a noun names a thing or place (an artifact, a location, an object, a body part, a substance), not a person or an idea. */
export type IsThing = (noun: string) => boolean;

/** Whether a headword's Chinese says what its first or last word does ("point of view" 观点: view 观点). */
export type Composes = (key: string) => boolean;

/** WordNet's noun files of things and places: artifact 6, body 8, location 15, object 17, substance 27. */
const THING_FILES = new Set([6, 8, 15, 17, 27]);
/** Words before a noun's own phrase: after them a verb-looking word is a noun ("his break up with", "three points up", "a 23% drop in"). */
const BEFORE_A_NOUN = new Set(['DET', 'ADJ', 'NUM', 'SYM']);
const FINITE_BE = new Set(['is', 'are', 'was', 'were']);
const NOUNISH = new Set(['NOUN', 'PROPN', 'PRON', 'NUM']);
const OBJECT_PARTS = new Set(['DET', 'ADJ', 'NOUN', 'PROPN', 'PRON', 'NUM']);
const NP_START = new Set(['DET', 'ADJ', 'NOUN', 'PROPN', 'PRON', 'NUM']);

const isWord = (t: TokenInContext) => /^[\p{L}][\p{L}'’-]*$/u.test(t.text) || /^'s$|^n't$/.test(t.text);

/**
 * Forms a token may take in a headword: a verb as its lemma first ("carried out" → "carry out"),
 * then as written; other words only as written, because nouns in an idiom are fixed ("take turns",
 * and "gave the keys to" is not "give the key to"); possessives and reflexives also as slots.
 */
function formsOf(
  t: TokenInContext,
  next: TokenInContext | undefined,
  lemmaOf: (word: string) => string | null,
  compoundHead: boolean,
): string[] {
  const lower = t.text.toLowerCase().replace(/’/g, "'");
  const forms: string[] = [];
  const add = (f: string | null | undefined) => {
    if (f && !forms.includes(f)) forms.push(f);
  };
  if (isVerb(t)) {
    add(t.lemma);
    add(lemmaOf(lower));
  }
  add(lower);
  // The tagger reads some verbs before a particle as nouns ("Chesley points out that", "Tokyo step
  // up its spending"): such a word may still begin a phrasal verb, as its lemma (`holds` decides).
  if (t.pos === 'NOUN' && next && ADVERB_PARTICLES.has(next.text.toLowerCase())) add(lemmaOf(lower));
  // "interest rates", "stock markets": a compound noun's plural head is its headword's singular.
  if (compoundHead) add(t.lemma);
  if (POSSESSIVES.has(lower)) add("one's");
  if (REFLEXIVES.has(lower)) add('oneself');
  return forms.slice(0, 3);
}

/**
 * Every key a run of tokens can spell. Only the run's first word may stand as its lemma: a phrase's
 * verb leads it ("carried out" → "carry out"), and a verb later in a run is as written ("process of
 * sorting out" holds "sort out", not the idiom "of sorts" spelt "of sort").
 */
function keysOf(run: string[][], written: string[], compoundHeads: boolean[]): string[] {
  let keys = [''];
  run.forEach((options, i) => {
    const allowed = i === 0 || compoundHeads[i] ? options : options.filter((o) => o === written[i] || o === "one's" || o === 'oneself');
    keys = keys.flatMap((k) => allowed.map((o) => (k ? `${k} ${o}` : o)));
  });
  return keys;
}

/** The noun a noun phrase starting at `start` ends in (the head), or null when none starts there. */
function nounPhraseHead(tokens: readonly TokenInContext[], start: number): TokenInContext | null {
  let i = start;
  while (i < tokens.length && i < start + 4 && OBJECT_PARTS.has(tokens[i]!.pos)) {
    if (NOUNISH.has(tokens[i]!.pos) && !(i + 1 < tokens.length && ['NOUN', 'PROPN'].includes(tokens[i + 1]!.pos))) return tokens[i]!;
    i++;
  }
  return null;
}

function isVerb(t: TokenInContext | undefined): boolean {
  return !!t && (t.pos === 'VERB' || t.pos === 'AUX');
}

/**
 * Whether a contiguous match reads as the phrase in this sentence. A headword beginning with a
 * verb needs a verb there ("a turn down the road" holds no "turn down"); a verb + particle
 * followed by a place is motion ("ran down the street"); a verb + preposition that WordNet does
 * not list as a verb ("sit on", "walk into") is a verb and its prepositional phrase.
 */
function holds(
  index: PhraseIndex,
  key: string,
  tokens: readonly TokenInContext[],
  start: number,
  end: number,
  isThing: IsThing,
  composes: Composes,
): boolean {
  const parts = key.split(' ');
  const first = tokens[start]!;
  // "as it is", "as was": the clause stands alone ("Leave it as it is."); followed by what it is, the
  // copula has its own complement ("counts money as it is spent" holds no "as it is").
  const following = tokens[end + 1];
  // "see that" is 确保 only as an instruction or a promise ("See that the door is locked", "I'll see
  // that it is done"); "she sees that she is…", "we can see that…" is seeing.
  // "Do you get it?" is 了解; "you get it from seedy characters" is getting something.
  if (key === 'get it' && following && following.pos !== 'PUNCT') return false;
  if (key === 'see that') {
    const before = tokens[start - 1];
    const instruction = !before || before.pos === 'PUNCT' || /^(will|'ll|must|should|shall|please)$/i.test(before.text);
    if (!instruction || tokens[start]!.text.toLowerCase() !== 'see') return false;
  }
  // "a sense of purpose", "a change of course": "of" + noun after a noun is that noun's phrase, not
  // the idiom (of purpose 有意地, of course 当然).
  if (parts.length === 2 && parts[0] === 'of' && ['NOUN', 'PROPN'].includes(tokens[start - 1]?.pos ?? '')) return false;
  // "the impact it does in America": an adverb particle before a place's name is its preposition ("do in" 杀害).
  if (parts.length === 2 && ADVERB_PARTICLES.has(parts[1]!) && following?.pos === 'PROPN' && isThing(following.text)) return false;
  // "ran about 2%", "rose over 10%": before a number the word says how much, it is no particle.
  if (
    parts.length === 2 &&
    /^(about|around|over|under)$/.test(parts[1]!) &&
    following &&
    (following.pos === 'NUM' || /^[$£€¥]/.test(following.text))
  )
    return false;
  // "closed down 3/4 to 44 1/4", "ended up 2.5%": before a price's change "up"/"down" says which way it moved.
  if (parts.length === 2 && /^(up|down)$/.test(parts[1]!) && following?.pos === 'NUM' && isAmountMoved(tokens, end + 1)) return false;
  // "made only in years when the grapes ripen": a preposition + noun idiom (in years 年老) is the
  // noun's phrase when a relative clause tells which.
  if (
    parts.length === 2 &&
    PARTICLES.has(parts[0]!) &&
    tokens[end]!.pos === 'NOUN' &&
    /^(when|where|which|that|who|whose)$/i.test(following?.text ?? '')
  )
    return false;
  // "be well" (保重), "be about" (从事于), "be over": the copula's phrase ends its clause ("She is well.");
  // "was well below the average", "is about love" are the copula and what follows.
  if (parts.length === 2 && parts[0] === 'be' && following && !['PUNCT', 'CCONJ'].includes(following.pos)) return false;
  if (parts[parts.length - 1] === 'to') {
    // "in order to locally produce": an adverb may split the infinitive.
    const verb = following?.pos === 'ADV' && /ly$/i.test(following.text) ? tokens[end + 2] : following;
    const infinitive = isVerb(verb) && verb!.text.toLowerCase() === verb!.lemma;
    if (INFINITIVE_HEADWORDS.has(key)) {
      // "was used to make paper" is the passive of use (被用来); "going to school" goes somewhere.
      if (!infinitive) return false;
      // "I am really going to try": an adverb may stand between be and the headword.
      let b = start - 1;
      while (tokens[b]?.pos === 'ADV' && b > start - 3) b--;
      const before = tokens[b]?.text.toLowerCase() ?? '';
      if (key === 'used to') return !BE_FORMS.has(before);
      if (key === 'going to') return BE_FORMS.has(before);
      return true;
    }
    if (infinitive) return false;
  }
  const asClause = parts[0] === 'as' && FINITE_BE.has(parts[parts.length - 1]!);
  if (asClause && following && !['PUNCT', 'CCONJ', 'SCONJ'].includes(following.pos)) return false;
  // "taking a drop of blood" holds no "take a drop": a noun that ends the headword goes on in "of …".
  if (parts.length >= 3 && tokens[end]!.pos === 'NOUN' && following?.text.toLowerCase() === 'of') return false;
  // "held the baby on her lap" holds no "hold the baby" (干苦差): a verb + determiner + noun idiom that
  // WordNet does not list, whose noun is then put somewhere, is the literal act.
  const nextWord = following?.text.toLowerCase() ?? '';
  if (parts.length === 3 && /^(the|a|an)$/.test(parts[1]!) && !index.wordnetPos(key) && PLACE_PREPOSITIONS.has(nextWord)) return false;
  // "the first person who climbed it" is one of a series, not the grammar's first person.
  if (parts.length === 2 && ORDINALS.has(parts[0]!) && tokens[end]!.pos === 'NOUN' && RELATIVE_OPENERS.has(nextWord)) return false;
  // "a release coming on Monday", "met in the morning": a particle before a time is its preposition.
  if (parts.length === 2 && ADVERB_PARTICLES.has(parts[1]!) && !PARTICLES.has(parts[0]!) && isTime(tokens, end + 1)) return false;
  // "advances in stock prices", "adults over age 65": a preposition + noun idiom (in stock 现有, over
  // age 超龄) whose noun goes on into another or a number is the preposition and its noun phrase.
  if (parts.length === 2 && PARTICLES.has(parts[0]!) && tokens[end]!.pos === 'NOUN' && ['NOUN', 'NUM'].includes(following?.pos ?? ''))
    return false;
  // "in particular parts of the Congo", "with young wines": a preposition + adjective idiom (特别,
  // 怀胎) before a noun is the preposition and the noun's adjective.
  if (parts.length === 2 && PARTICLES.has(parts[0]!) && tokens[end]!.pos === 'ADJ' && ['NOUN', 'PROPN'].includes(following?.pos ?? ''))
    return false;
  // "turn right on the Via": an adverb + preposition idiom ("right on" 对啊) before a noun phrase is
  // the adverb and the preposition's phrase.
  if (parts.length === 2 && first.pos === 'ADV' && ADVERB_PARTICLES.has(parts[1]!) && NP_START.has(following?.pos ?? '')) return false;
  // "point of view", "cost of living", "line of credit": a noun, "of" and its noun name one thing,
  // after a determiner too, when the Chinese says its words (观点, 生活费); "a piece of cake" on a
  // plate is cake (小菜一碟 says neither).
  const nominal =
    parts.length >= 3 &&
    parts[1] === 'of' &&
    first.pos === 'NOUN' &&
    (tokens[end]!.pos === 'NOUN' || /ing$/i.test(tokens[end]!.text)) &&
    composes(key);
  // After a determiner the first word heads a noun phrase ("the back of the house", "a turn down the road").
  if (start > 0 && tokens[start - 1]!.pos === 'DET' && PARTICLES.has(parts[1]!) && !nominal && !afterRelativeThat(tokens, start))
    return false;
  const verbal = parts.length >= 2 && PARTICLES.has(parts[1]!) && !PARTICLES.has(parts[0]!) && !nominal;
  if (!verbal) return true;
  if (!isVerb(first) && !verbBeforeParticle(index, key, tokens, start)) return !['NOUN', 'PROPN', 'DET', 'NUM', 'PRON'].includes(first.pos);
  const last = parts[parts.length - 1]!;
  const after = nounPhraseHead(tokens, end + 1);
  const place = after && PLACES.has(after.text.toLowerCase());
  const motion =
    (MOTION_VERBS.has(parts[0]!) && after && (place || (PLACING_VERBS.has(parts[0]!) && SPATIAL.has(last) && isThing(after.text)))) ||
    (PUTTING_VERBS.has(parts[0]!) && place && /^(on|onto|in)$/.test(last));
  if (parts.length === 2 && (motion || (after && last === 'by'))) return false;
  // "working in shifts", "lives in fear": after a verb of being somewhere "in" + a noun phrase is a
  // preposition unless the dictionary marks the pair as taking its object ("turn in the report").
  if (parts.length === 2 && last === 'in' && after && MOTION_VERBS.has(parts[0]!) && !index.separable(key)) return false;
  // "the question to be asked in this situation": a passive's object is its subject, so the noun phrase
  // after "in"/"on" is the preposition's; "the pages he held in his left hand": a possessive thing
  // after "in" is where something is ("depend on their phones" keeps its verb's preposition).
  const passive =
    BE_FORMS.has(tokens[start - 1]?.text.toLowerCase() ?? '') && first.text.toLowerCase() !== first.lemma && !/ing$/i.test(first.text);
  // "transfusions were given over a period of four years": in a passive a determiner after the
  // particle opens the preposition's phrase, whichever particle it is.
  if (parts.length === 2 && passive && tokens[end + 1]?.pos === 'DET' && after) return false;
  if (parts.length === 2 && /^(in|on)$/.test(last) && after && !index.separable(key)) {
    const owned = last === 'in' && POSSESSIVES.has(tokens[end + 1]?.text.toLowerCase() ?? '') && isThing(after.text);
    if (passive || owned) return false;
  }
  if (PARTICIPLE_PREPOSITIONS.has(key)) return true;
  if (parts.length === 2 && !ADVERB_PARTICLES.has(last) && !/v/.test(index.wordnetPos(key)) && !SELECTED_PREPOSITIONS.has(key))
    return false;
  return true;
}

const WHEN =
  /^(monday|tuesday|wednesday|thursday|friday|saturday|sunday|january|february|march|april|may|june|july|august|september|october|november|december|today|tomorrow|tonight|yesterday)$/i;

/** Whether a time begins at `at`: "Monday", "the morning", "this week", "1990". */
function isTime(tokens: readonly TokenInContext[], at: number): boolean {
  const t = tokens[at];
  if (!t) return false;
  if (WHEN.test(t.text) || /^1[89]\d\d$|^20\d\d$/.test(t.text)) return true;
  const noun = /^(the|this|that|next|last|every|each)$/i.test(t.text) ? tokens[at + 1] : t;
  return !!noun && TIME_NOUNS.has(noun.text.toLowerCase());
}

/** Whether the number at `at` is a price's or a figure's move: a fraction or decimal, or followed by "to", "at", %, points or cents. */
function isAmountMoved(tokens: readonly TokenInContext[], at: number): boolean {
  const next = tokens[at + 1]?.text.toLowerCase() ?? '';
  return /[./]/.test(tokens[at]!.text) || /^(to|at|%|percent|points?|cents?|,|\.)$/.test(next) || next === '';
}

/**
 * "that" before a plural-looking word is no determiner ("that breaks" is not English) but a relative
 * pronoun before its verb ("a laser that breaks up kidney stones").
 */
function afterRelativeThat(tokens: readonly TokenInContext[], at: number): boolean {
  return at > 0 && tokens[at - 1]!.text.toLowerCase() === 'that' && /[^s]s$/i.test(tokens[at]!.text);
}

/**
 * A word the tagger read as a noun that is the verb of a phrasal verb here: the phrase is a verb
 * (WordNet lists it, or the dictionary marks it separable), its particle is an adverb, and nothing
 * before the word makes it a noun phrase's head (a determiner, an adjective, a number, a possessive).
 */
function verbBeforeParticle(index: PhraseIndex, key: string, tokens: readonly TokenInContext[], start: number): boolean {
  const [, particle, ...rest] = key.split(' ');
  if (tokens[start]!.pos !== 'NOUN' || rest.length > 0 || !ADVERB_PARTICLES.has(particle!)) return false;
  if (!/v/.test(index.wordnetPos(key)) && !index.separable(key)) return false;
  const before = tokens[start - 1];
  if (!before) return true;
  if (afterRelativeThat(tokens, start)) return true;
  const word = tokens[start]!.text.toLowerCase();
  if (BEFORE_A_NOUN.has(before.pos) || POSSESSIVES.has(before.text.toLowerCase())) return false;
  // After a verb or a preposition a noun is its object ("reported breaks in the pipe"); a gerund
  // there is still a verb ("began building up", "by opening up").
  return !(before.pos === 'VERB' || before.pos === 'ADP') || word.endsWith('ing');
}

/**
 * The multi-word headword that holds the token at `at`: the longest contiguous one, else a verb
 * and its particle around a short object ("turned the offer down", "figure it out") when the
 * particle does not head a phrase of its own ("put the book on the table" holds no "put on").
 */
export function phraseAt(
  index: PhraseIndex,
  tokens: readonly TokenInContext[],
  at: number,
  lemmaOf: (word: string) => string | null,
  isThing: IsThing = () => false,
  composes: Composes = () => true,
): PhraseMatch | null {
  // A plural noun after a noun or an adjective heads a compound ("interest rates" → "interest rate").
  const compoundHeads = tokens.map(
    (t, i) => i > 0 && t.pos === 'NOUN' && /[^s]s$/i.test(t.text) && ['NOUN', 'ADJ'].includes(tokens[i - 1]!.pos),
  );
  const forms = tokens.map((t, i) => (isWord(t) ? formsOf(t, tokens[i + 1], lemmaOf, compoundHeads[i]!) : null));
  let fallback: PhraseMatch | undefined;
  for (let length = 5; length >= 2; length--) {
    // Of two matches of one length, the one that ends in its noun: "a line of credit" is "line of
    // credit" (信用额度), not "a line of" (一行); "a bit part" is "bit part", not "a bit".
    let open: PhraseMatch | undefined;
    for (let start = Math.max(0, at - length + 1); start <= at && start + length <= tokens.length; start++) {
      const run = forms.slice(start, start + length);
      if (run.some((f) => f === null)) continue;
      const written = tokens.slice(start, start + length).map((t) => t.text.toLowerCase().replace(/’/g, "'"));
      for (const key of keysOf(run as string[][], written, compoundHeads.slice(start, start + length))) {
        if (index.has(key) && holds(index, key, tokens, start, start + length - 1, isThing, composes)) {
          const match = { key, positions: Array.from({ length }, (_, k) => start + k) };
          // "was due to": "due to" rather than "be due", which only borrows the copula.
          if (key.startsWith('be ')) fallback ??= match;
          else if ((/ (of|to)$/.test(key) && tokens[start + length]?.pos === 'NOUN') || /^(a|an|the) /.test(key)) open ??= match;
          else return match;
        }
      }
    }
    if (open) return open;
    if (fallback) return fallback;
  }
  return separated(index, tokens, at, forms);
}

/** A verb, an object of one to three words, then an adverb particle that ends the verb phrase. */
function separated(index: PhraseIndex, tokens: readonly TokenInContext[], at: number, forms: (string[] | null)[]): PhraseMatch | null {
  for (let verb = Math.max(0, at - 4); verb <= at; verb++) {
    if (!isVerb(tokens[verb]) || !forms[verb]) continue;
    // "check this driving test out": after a determiner the word modifies a noun; it is no verb.
    const before = tokens[verb - 1];
    const determiner = before && (before.pos === 'DET' || /^(this|these|those|every|each|another)$/i.test(before.text));
    if (before && (determiner || POSSESSIVES.has(before.text.toLowerCase())) && !afterRelativeThat(tokens, verb)) continue;
    for (let particle = verb + 2; particle <= verb + 4 && particle < tokens.length; particle++) {
      if (at !== verb && at !== particle) continue;
      const word = tokens[particle]!.text.toLowerCase();
      if (!ADVERB_PARTICLES.has(word)) continue;
      const object = tokens.slice(verb + 1, particle);
      if (!object.every((t) => OBJECT_PARTS.has(t.pos)) || !NOUNISH.has(object[object.length - 1]!.pos)) continue;
      // "take a step up": the particle is the object noun's own ("step up"), not the verb's.
      const noun = object[object.length - 1]!;
      if ((forms[particle - 1] ?? [noun.text.toLowerCase()]).some((f) => index.has(`${f} ${word}`))) continue;
      // "put the book on the table", "has gains on publicly traded shares": the particle heads a
      // phrase with its own object (an adverb in -ly may stand before it).
      let after = particle + 1;
      while (tokens[after]?.pos === 'ADV' && /ly$/i.test(tokens[after]!.text)) after++;
      const next = tokens[after];
      const opens = next && (NP_START.has(next.pos) || (next.pos === 'VERB' && tokens[after + 1]?.pos === 'NOUN'));
      if (opens || next?.text.toLowerCase() === 'of') continue;
      for (const v of forms[verb]!) {
        const key = `${v} ${word}`;
        if (!index.has(key)) continue;
        // A pronoun object always goes between; a longer one only for verbs the dictionary marks
        // separable ("turn sth down") or that WordNet lists as phrasal verbs.
        const pronoun = object.length === 1 && object[0]!.pos === 'PRON';
        if (pronoun || index.separable(key) || /v/.test(index.wordnetPos(key))) return { key, positions: [verb, particle] };
      }
    }
  }
  return null;
}

/** A phrase as the sheet shows it: the headword as ECDICT spells it, its Chinese meanings and an English definition. */
export interface PhraseInSentence {
  text: string;
  meanings: { pos: string | null; text: string }[];
  definition: string | null;
}

/** A tapped word's phrase, and the verb the word is when the tagger read it as a noun ("points out" → "point"). */
export interface FoundPhrase {
  phrase: PhraseInSentence;
  /** Set when the tapped word (its first occurrence) begins a phrasal verb the tagger read as a noun. */
  verb: string | null;
}

/**
 * Finds the phrase a tapped word belongs to in its sentence (the first occurrence of the word
 * that is inside one), or null: single words answer no phrase.
 */
export function phraseFinder(dict: Ecdict, wordnet: WordNet, index: PhraseIndex, tag: (sentence: string) => readonly TokenInContext[]) {
  const lemmaOf = (word: string) => dict.lemma(word)?.word.toLowerCase() ?? null;
  const isThing: IsThing = (noun) => {
    const lower = noun.toLowerCase();
    const first = wordnet.senses(lemmaOf(lower) ?? lower, 'n')[0] ?? wordnet.senses(lower, 'n')[0];
    return !!first && THING_FILES.has(first.lexfile);
  };
  const chinese = (entry: { translation: string | null } | null) =>
    entry ? meaningLines(entry as Parameters<typeof meaningLines>[0]).flatMap((l) => lineItems(l.text.replace(/^\[[^\]]+\]\s*/, ''))) : [];
  const composes: Composes = (key) => {
    const said = chinese(dict.lookup(key));
    const words = key.split(' ');
    return [words[0]!, words[words.length - 1]!].some((w) =>
      chinese(dict.lookup(lemmaOf(w) ?? w)).some((item) => hanAgreement(item, said) >= 1),
    );
  };
  return (word: string, sentence: string | undefined): FoundPhrase | null => {
    if (!sentence) return null;
    const lower = word.toLowerCase().replace(/’/g, "'");
    const tokens = tag(sentence);
    const first = tokens.findIndex((t) => t.text.toLowerCase().replace(/’/g, "'") === lower);
    for (let at = 0; at < tokens.length; at++) {
      if (tokens[at]!.text.toLowerCase().replace(/’/g, "'") !== lower) continue;
      const match = phraseAt(index, tokens, at, lemmaOf, isThing, composes);
      // "old fashioned bribery": before its noun the words are ECDICT's hyphenated adjective
      // (old-fashioned 老式的), not the spaced headword (old fashioned 古典鸡尾酒).
      const last = match ? tokens[match.positions[match.positions.length - 1]! + 1] : undefined;
      const attributive = match && last?.pos === 'NOUN' && !isVerb(tokens[match.positions[0]!]);
      const hyphened = attributive ? dict.lookup(match.key.replace(/ /g, '-')) : null;
      const entry = match && (hyphened && meaningLines(hyphened).some((l) => !l.text.startsWith('[')) ? hyphened : dict.lookup(match.key));
      if (!match || !entry) continue;
      const lines = meaningLines(entry);
      // A finance term ECDICT files for the trade only ("line of credit": [经] 信用额度) shows that line,
      // its tag dropped (phrase-index.ts keeps these terms); a phrasal verb's trade line is not shown.
      const general = lines.filter((m) => !m.text.startsWith('['));
      const financeTerm = !general.length && / of /.test(match.key);
      const meanings = (financeTerm ? lines.filter((m) => m.text.startsWith('[经]')) : general).map((m) => ({
        pos: m.pos,
        text: m.text
          .replace(/^\[经\]\s*/, '')
          .replace(/\s+/g, ' ')
          .trim(),
      }));
      const wnPos = index.wordnetPos(match.key);
      const order: WnPos[] = isVerb(tokens[match.positions[0]!]) ? ['v', 'r', 'a', 'n'] : ['r', 'a', 'n', 'v'];
      const pos = order.find((p) => wnPos.includes(p));
      const definition = pos ? (rankSenses(wordnet.senses(match.key, pos), sentence, word, match.key)[0]?.text ?? null) : null;
      // `holds` takes a noun-tagged first word only as the verb of a phrasal verb (verbBeforeParticle).
      const [lead, second, ...rest] = match.key.split(' ');
      const verbal = !!second && rest.length === 0 && ADVERB_PARTICLES.has(second) && !PARTICLES.has(lead!);
      const verb = at === first && match.positions[0] === at && tokens[at]!.pos === 'NOUN' && verbal ? lead! : null;
      return { phrase: { text: entry.word, meanings, definition }, verb };
    }
    return null;
  };
}
