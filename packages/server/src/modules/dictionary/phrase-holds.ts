import { DEICTIC_TIME, PARTICLES, type PhraseIndex } from './phrase-index.js';
import type { TokenInContext } from './lemmatizer.js';
import { TIME_NOUNS } from './verb-group.js';
import {
  POSSESSIVES,
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

// Whether a headword found in a sentence's words is the phrase there, read from the words around it
// (phrases.ts#phraseAt finds the candidates; docs/reading.md § Phrases lists the rules' cases).

/** What the rules ask the dictionaries about a sentence's words and a headword (phrases.ts#phraseFinder answers). */
export interface PhraseLexicon {
  /** Whether a noun names a thing or place (an artifact, a location, an object, a body part, a substance), not a person or an idea. */
  isThing(noun: string): boolean;
  /** Whether a headword's Chinese says what its first or last word does ("point of view" 观点: view 观点). */
  composes(key: string): boolean;
  /** Whether WordNet's first sense of an adjective + noun headword is the two words' plain sum ("old woman": "a woman who is old"). */
  literal(key: string): boolean;
}

/** Words before a noun's own phrase: after them a verb-looking word is a noun ("his break up with", "three points up", "a 23% drop in"). */
/** Superlatives that make adverbial idioms with a preposition (at least, at most, at last, at best). */
const SUPERLATIVE = /^(least|most|last|first|best|worst)$/;
const BEFORE_A_NOUN = new Set(['DET', 'ADJ', 'NUM', 'SYM']);
const FINITE_BE = new Set(['is', 'are', 'was', 'were']);
export const NOUNISH = new Set(['NOUN', 'PROPN', 'PRON', 'NUM']);
export const OBJECT_PARTS = new Set(['DET', 'ADJ', 'NOUN', 'PROPN', 'PRON', 'NUM']);
export const NP_START = new Set(['DET', 'ADJ', 'NOUN', 'PROPN', 'PRON', 'NUM']);

/** The noun a noun phrase starting at `start` ends in (the head), or null when none starts there. */
function nounPhraseHead(tokens: readonly TokenInContext[], start: number): TokenInContext | null {
  let i = start;
  while (i < tokens.length && i < start + 4 && OBJECT_PARTS.has(tokens[i]!.pos)) {
    if (NOUNISH.has(tokens[i]!.pos) && !(i + 1 < tokens.length && ['NOUN', 'PROPN'].includes(tokens[i + 1]!.pos))) return tokens[i]!;
    i++;
  }
  return null;
}

export function isVerb(t: TokenInContext | undefined): boolean {
  return !!t && (t.pos === 'VERB' || t.pos === 'AUX');
}

/**
 * Whether a contiguous match reads as the phrase in this sentence. A headword beginning with a
 * verb needs a verb there ("a turn down the road" holds no "turn down"); a verb + particle
 * followed by a place is motion ("ran down the street"); a verb + preposition that WordNet does
 * not list as a verb ("sit on", "walk into") is a verb and its prepositional phrase.
 */
export function holds(
  index: PhraseIndex,
  key: string,
  tokens: readonly TokenInContext[],
  start: number,
  end: number,
  lexicon: PhraseLexicon,
): boolean {
  const { isThing, composes } = lexicon;
  const parts = key.split(' ');
  const first = tokens[start]!;
  // "as it is", "as was": the clause stands alone ("Leave it as it is."); followed by what it is, the
  // copula has its own complement ("counts money as it is spent" holds no "as it is").
  const following = tokens[end + 1];
  // "see that" is 确保 only as an instruction or a promise ("See that the door is locked", "I'll see
  // that it is done"); "she sees that she is…", "we can see that…" is seeing.
  // "Do you get it?" is 了解; "you get it from seedy characters" is getting something.
  if (key === 'get it' && following && following.pos !== 'PUNCT') return false;
  // "He can't walk, much less run" (更不); "others get much less" is a comparison (少得多).
  if (key === 'much less' && start > 0 && !['PUNCT', 'CCONJ'].includes(tokens[start - 1]!.pos)) return false;
  // "couldn't make it", "make it to the final" (成功, 到达); "make it easier", "makes it possible", "make
  // it stop" are make + its object + what it is made.
  if (key === 'make it' && following && !['PUNCT', 'CCONJ'].includes(following.pos) && following.text.toLowerCase() !== 'to') return false;
  // "So long!" (再见) is a farewell standing alone; "it took so long" is so + long.
  if (key === 'so long' && ((following && following.pos !== 'PUNCT') || (start > 0 && tokens[start - 1]!.pos !== 'PUNCT'))) return false;
  if (key === 'see that') {
    const before = tokens[start - 1];
    const instruction = !before || before.pos === 'PUNCT' || /^(will|'ll|must|should|shall|please)$/i.test(before.text);
    if (!instruction || tokens[start]!.text.toLowerCase() !== 'see') return false;
  }
  // "profit rose in the first quarter": a quarter of the year; ECDICT's first quarter and last quarter
  // are the moon's (上弦月, 下弦月), meant only where the moon is.
  if (/^(first|last) quarter$/.test(key) && !tokens.some((t) => /^moons?$/i.test(t.text))) return false;
  // "at last week's meeting": "last" is the time's adjective, not the idiom's (终于).
  if (key === 'at last' && TIME_NOUNS.has(following?.text.toLowerCase() ?? '')) return false;
  // "the last week of May", "his last year at school": after a determiner or a possessive the time is
  // one of a series (最后一周), not counted from today (上星期).
  if (DEICTIC_TIME.test(key) && start > 0 && (tokens[start - 1]!.pos === 'DET' || POSSESSIVES.has(tokens[start - 1]!.text.toLowerCase())))
    return false;
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
      // "Was I going to be late?", "Are you going to eat that?": in a question the subject pronoun stands between.
      const asked = tokens[b]?.pos === 'PRON' && BE_FORMS.has(tokens[b - 1]?.text.toLowerCase() ?? '');
      if (key === 'going to') return BE_FORMS.has(before) || asked;
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
  // "the assumption of $52 million in debt": after an amount "in" + noun says what the amount is of;
  // "is $5 million in debt" after a form of be is the idiom (欠债).
  if (parts.length === 2 && parts[0] === 'in' && tokens[end]!.pos === 'NOUN') {
    let b = start - 1;
    while (
      b >= 0 &&
      (tokens[b]!.pos === 'NUM' || tokens[b]!.pos === 'SYM' || /^(million|billion|thousand|hundred|[$£€¥])$/i.test(tokens[b]!.text))
    )
      b--;
    if (b < start - 1 && !BE_FORMS.has(tokens[b]?.text.toLowerCase() ?? '')) return false;
  }
  // "said to the old woman": an adjective + noun headword whose first sense is the words' plain sum
  // (old woman: "a woman who is old") names its other senses (妻子, 母亲) only in an idiom's context.
  if (parts.length === 2 && first.pos === 'ADJ' && tokens[end]!.pos === 'NOUN' && lexicon.literal(key)) return false;
  // "the first person who climbed it" is one of a series, not the grammar's first person.
  // ("said last week that…", "met last month to…": a time counted from today stays one whatever follows.)
  if (
    parts.length === 2 &&
    ORDINALS.has(parts[0]!) &&
    !DEICTIC_TIME.test(key) &&
    tokens[end]!.pos === 'NOUN' &&
    RELATIVE_OPENERS.has(nextWord)
  )
    return false;
  // "a release coming on Monday", "met in the morning": a particle before a time is its preposition.
  if (parts.length === 2 && ADVERB_PARTICLES.has(parts[1]!) && !PARTICLES.has(parts[0]!) && isTime(tokens, end + 1)) return false;
  // "advances in stock prices", "adults over age 65": a preposition + noun idiom (in stock 现有, over
  // age 超龄) whose noun goes on into another or a number is the preposition and its noun phrase.
  if (parts.length === 2 && PARTICLES.has(parts[0]!) && tokens[end]!.pos === 'NOUN' && ['NOUN', 'NUM'].includes(following?.pos ?? ''))
    return false;
  // "in particular parts of the Congo", "with young wines": a preposition + adjective idiom (特别,
  // 怀胎) before a noun is the preposition and the noun's adjective. Not a superlative: "At least
  // Astro could drink", "at best a draw" say 至少, 充其量 before any noun.
  if (
    parts.length === 2 &&
    PARTICLES.has(parts[0]!) &&
    tokens[end]!.pos === 'ADJ' &&
    !SUPERLATIVE.test(parts[1]!) &&
    ['NOUN', 'PROPN'].includes(following?.pos ?? '')
  )
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
  // "walked hand in hand", "water under the bridge": an idiom WordNet lists as no verb is no verb's phrase.
  const adverbial = parts.length >= 3 && /^[rasn]+$/.test(index.wordnetPos(key));
  const verbal = parts.length >= 2 && PARTICLES.has(parts[1]!) && !PARTICLES.has(parts[0]!) && !nominal && !adverbial;
  if (!verbal) return true;
  // A word read as no verb after a degree adverb is an adjective or adverb: "took so long for me" holds no "long for" (渴望).
  const degree = /^(so|too|very|how|as)$/i.test(tokens[start - 1]?.text ?? '');
  if (!isVerb(first) && !verbBeforeParticle(index, key, tokens, start))
    return !['NOUN', 'PROPN', 'DET', 'NUM', 'PRON'].includes(first.pos) && !degree;
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
  // "came to Portland in 1920": "come to" before a name goes to a place, not the phrase (苏醒, 共计);
  // other verbs + "to" keep theirs ("turned to Smith for help" 求助于).
  if (key === 'come to' && tokens[end + 1]?.pos === 'PROPN') return false;
  // "the energy people bring to their work": a phrasal verb with "to" that takes its object between
  // ("brought him to" 使恢复知觉) names nothing where "to" right after the verb opens a noun phrase.
  if (parts.length === 2 && last === 'to' && end === start + 1 && after && index.separable(key)) return false;
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
export function afterRelativeThat(tokens: readonly TokenInContext[], at: number): boolean {
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
