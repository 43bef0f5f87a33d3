import { meaningLines, rankedSenses } from './context.js';
import { COMPLEMENT_FRAMES } from './frame-senses.js';
import type { Ecdict } from './ecdict.js';
import { lineItems } from './ecdict-clean.js';
import { hanAgreement, type MeaningLine, type RankedSense } from './sense-order.js';
import type { TokenInContext } from './lemmatizer.js';
import type { WnPos, WordNet, WordNetSense } from './wordnet.js';
import { PARTICLES, type PhraseIndex } from './phrase-index.js';
import { POSSESSIVES, REFLEXIVES, ADVERB_PARTICLES } from './phrase-words.js';
import { holds, isVerb, afterRelativeThat, NOUNISH, OBJECT_PARTS, NP_START, type PhraseLexicon } from './phrase-holds.js';
import { tappedToken } from './tapped-token.js';

/** Where a phrase sits in a sentence's tokens, and its key in the index ("turn down"). */
export interface PhraseMatch {
  key: string;
  /** Token positions the phrase covers (a separated object is not among them). */
  positions: number[];
}

/** WordNet's noun files of things and places: artifact 6, body 8, location 15, object 17, substance 27. */
const THING_FILES = new Set([6, 8, 15, 17, 27]);

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
  lexicon: PhraseLexicon = { isThing: () => false, composes: () => true, literal: () => false },
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
        if (index.has(key) && holds(index, key, tokens, start, start + length - 1, lexicon)) {
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
  /** Set when the tapped word begins a phrasal verb the tagger read as a noun. */
  verb: string | null;
}

/**
 * Whether a phrasal verb's words stand together at the end of their clause, with no object after
 * them or between them ("Aw, shut up.", "when I came to."), and not as a passive ("was shut up.").
 */
function closesClause(tokens: readonly TokenInContext[], positions: readonly number[]): boolean {
  if (positions.length < 2 || positions.some((p, k) => k > 0 && p !== positions[k - 1]! + 1)) return false;
  const after = tokens[positions[positions.length - 1]! + 1];
  if (after && !/^[.,;:!?]$/.test(after.text)) return false;
  const verb = tokens[positions[0]!]!;
  return isVerb(verb) && verb.transitive !== true;
}

/**
 * Such a verb has no object, so its senses that take none (WordNet's frames without an object or a
 * clause) go first: "shut up." is "refrain from talking" (住口), not "close completely" (关闭).
 */
function withoutObject(ranked: RankedSense[], closes: boolean): RankedSense[] {
  const none = (r: RankedSense) => r.sense.frames.length > 0 && !r.sense.frames.some((f) => COMPLEMENT_FRAMES.has(f));
  if (!closes || !ranked[0] || none(ranked[0]) || !ranked.some(none)) return ranked;
  return [...ranked.filter(none), ...ranked.filter((r) => !none(r))];
}

/**
 * How a phrase's senses are weighed against its sentence and its items ordered by the chosen one
 * (the dictionary service gives its word vectors and the Chinese Open Wordnet); by default WordNet's
 * counts and gloss overlap, and ECDICT's order.
 */
export interface PhraseSenses {
  rank(senses: WordNetSense[], sentence: string, tapped: string, key: string): RankedSense[];
  order<L extends MeaningLine>(lines: L[], ranked: RankedSense[]): L[];
}
const PLAIN_SENSES: PhraseSenses = {
  rank: (senses, sentence, tapped, key) => rankedSenses(senses, sentence, tapped, key),
  order: (lines) => lines,
};

/**
 * Finds the phrase the tapped word belongs to in its sentence (its `at`-th occurrence, tapped-token.ts;
 * a phrase that holds another occurrence of the word is not this tap's), or null: single words
 * answer no phrase.
 */
export function phraseFinder(
  dict: Ecdict,
  wordnet: WordNet,
  index: PhraseIndex,
  tag: (sentence: string) => readonly TokenInContext[],
  senses: PhraseSenses = PLAIN_SENSES,
) {
  const lemmaOf = (word: string) => dict.lemma(word)?.word.toLowerCase() ?? null;
  const isThing = (noun: string) => {
    const lower = noun.toLowerCase();
    const first = wordnet.senses(lemmaOf(lower) ?? lower, 'n')[0] ?? wordnet.senses(lower, 'n')[0];
    return !!first && THING_FILES.has(first.lexfile);
  };
  const chinese = (entry: { translation: string | null } | null) =>
    entry ? meaningLines(entry as Parameters<typeof meaningLines>[0]).flatMap((l) => lineItems(l.text.replace(/^\[[^\]]+\]\s*/, ''))) : [];
  const composes = (key: string) => {
    const said = chinese(dict.lookup(key));
    const words = key.split(' ');
    return [words[0]!, words[words.length - 1]!].some((w) =>
      chinese(dict.lookup(lemmaOf(w) ?? w)).some((item) => hanAgreement(item, said) >= 1),
    );
  };
  const literal = (key: string) => {
    const [adjective, noun] = key.split(' ');
    const definition = ` ${wordnet.senses(key, 'n')[0]?.definition.toLowerCase() ?? ''} `;
    return definition.includes(` ${adjective} `) && definition.includes(` ${noun}`);
  };
  const lexicon: PhraseLexicon = { isThing, composes, literal };
  return (word: string, sentence: string | undefined, occurrence = 0): FoundPhrase | null => {
    if (!sentence) return null;
    const tokens = tag(sentence);
    const at = tappedToken(tokens, sentence, word, occurrence);
    if (at < 0) return null;
    const match = phraseAt(index, tokens, at, lemmaOf, lexicon);
    // "old fashioned bribery": before its noun the words are ECDICT's hyphenated adjective
    // (old-fashioned 老式的), not the spaced headword (old fashioned 古典鸡尾酒).
    const last = match ? tokens[match.positions[match.positions.length - 1]! + 1] : undefined;
    const attributive = match && last?.pos === 'NOUN' && !isVerb(tokens[match.positions[0]!]);
    const hyphened = attributive ? dict.lookup(match.key.replace(/ /g, '-')) : null;
    const entry = match && (hyphened && meaningLines(hyphened).some((l) => !l.text.startsWith('[')) ? hyphened : dict.lookup(match.key));
    if (!match || !entry) return null;
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
    const ranked = withoutObject(
      pos ? senses.rank(wordnet.senses(match.key, pos), sentence, word, match.key) : [],
      pos === 'v' && closesClause(tokens, match.positions),
    );
    const definition = ranked[0]?.sense.definition ?? null;
    // `holds` takes a noun-tagged first word only as the verb of a phrasal verb (verbBeforeParticle).
    const [lead, second, ...rest] = match.key.split(' ');
    const verbal = !!second && rest.length === 0 && ADVERB_PARTICLES.has(second) && !PARTICLES.has(lead!);
    const verb = match.positions[0] === at && tokens[at]!.pos === 'NOUN' && verbal ? lead! : null;
    return { phrase: { text: entry.word, meanings: senses.order(meanings, ranked), definition }, verb };
  };
}
