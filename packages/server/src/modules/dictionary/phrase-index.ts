import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import SQLite from 'better-sqlite3';
import { derivedFile, derivedText, stampOf } from './derived-file.js';
import { ecdictFile } from './ecdict.js';
import { wordnetDir } from './wordnet.js';

/**
 * The multi-word headwords a tapped word may belong to, read once per process at load.
 *
 * ECDICT has ~366,000 multi-word headwords, most of them technical compounds ("abdominal aorta")
 * a reader never needs as a phrase and that would claim phrases a sentence does not hold. Kept are
 * those that are lexical units: ECDICT headwords with a general (not only [计]/[法]/[网络]) Chinese
 * meaning that are also WordNet collocations (`give_up`, `high_school`), or that carry a particle,
 * preposition or other function word ("in spite of", "take care of", "as well as"). About 40,000
 * keys stay in memory as one Set of strings (a few MB); meanings are read from ECDICT when a
 * phrase is found (docs/reading.md § Phrases).
 */
export interface PhraseIndex {
  /** Whether this lower-case key ("give up", "make up one's mind") is a kept headword. */
  has(key: string): boolean;
  /** Whether the verb + particle may take its object between them ("turn sth down" → "turn down"). */
  separable(key: string): boolean;
  /** WordNet parts of speech of a kept key that WordNet also lists, else an empty string. */
  wordnetPos(key: string): string;
  size: number;
}

/** Particles and prepositions: a phrase holding one is a phrasal verb or a prepositional idiom. */
export const PARTICLES = new Set(
  'up down out off away back over in on around round about through along across apart aside forward forwards together by past behind ahead under into onto upon at to for with from of after against without within among toward towards like as'.split(
    ' ',
  ),
);
/** Particles that are adverbs after a verb ("buy back", "load up"); "go to", "look at" are a verb and a preposition. */
const ADVERB_PARTICLES = new Set(
  'up down out off away back over in on around round about through along across apart aside forward together'.split(' '),
);
/** Other function words that make a fixed phrase ("so that", "at all", "no longer", "each other"). */
const FUNCTION_WORDS = new Set(
  "a an the all any no not so than that this what as well each other such more most less least much many few little rather instead whether either neither both only even ever never once still yet too very just how one's oneself now then".split(
    ' ',
  ),
);
/**
 * "last year" 去年, "next week" 下星期, "last night" 昨晚: a time counted from today is one word in
 * Chinese, unlike "last day" (ECDICT's 世界末日) or "the last week of May" (phrase-holds.ts).
 */
export const DEICTIC_TIME = /^(last|next) (night|week|month|year|time|minute)$/;
const OBJECT_PRONOUNS = new Set(['it', 'me', 'him', 'them', 'us', 'you', 'her', 'this', 'that']);
const SLOTS = new Set(['sb', 'sth', "sb's", "sth's", 'somebody', 'something', 'someone', "somebody's", "someone's"]);
/** Headwords that are literal word sequences more often than phrases (each met in a test sentence). */
const LITERAL = new Set([
  'to be',
  'part of',
  'one of',
  'on the table',
  'the other',
  'such a',
  'all the',
  'in that',
  'so as',
  'to do',
  'as to',
  'that is',
  'this is',
  'at that',
  'in this',
  'of all',
  'by all',
  'as for',
  // Met in press text (bench/measure-phrasal.ts): "he has not said", "do it again" (ECDICT's "do it" is slang).
  'have not',
  'do it',
  // "he's not a fool" (一个也不 is "not a word was said"); "not a good thing" (相当 is "a good hour").
  'not a',
  'a good',
  // "adjusted only for age": ECDICT's 要是没有 is the old "but for"; "Even with the increase in funds"
  // is even + with (扯平, 报仇 are "get even with", a headword of its own).
  'only for',
  'even with',
]);

const WORDNET_FILES: [string, string][] = [
  ['n', 'index.noun'],
  ['v', 'index.verb'],
  ['a', 'index.adj'],
  ['r', 'index.adv'],
];

/** A Chinese translation with at least one line that is not a specialist or web-sourced gloss. */
function generalMeaning(translation: string | null): boolean {
  return (translation ?? '')
    .split(/\\n|\r?\n/)
    .map((l) => l.trim())
    .some((l) => l && !l.startsWith('['));
}

function indexOf(keys: Set<string>, separable: Set<string>, wordnetPos: Map<string, string>): PhraseIndex {
  return {
    has: (key) => keys.has(key),
    separable: (key) => separable.has(key),
    wordnetPos: (key) => wordnetPos.get(key) ?? '',
    size: keys.size,
  };
}

/** Reads ECDICT and WordNet (~3 s: a scan of ECDICT's 366,000 multi-word rows). */
export function buildPhraseIndex(files: { ecdict?: string; wordnet?: string } = {}): PhraseIndex & { lines(): string } {
  const wordnet = new Map<string, string>();
  for (const [pos, file] of WORDNET_FILES) {
    for (const line of readFileSync(join(files.wordnet ?? wordnetDir(), file), 'latin1').split('\n')) {
      const space = line.indexOf(' ');
      if (space <= 0 || line.startsWith(' ')) continue;
      const lemma = line.slice(0, space);
      if (!lemma.includes('_') || !/^[a-z_'-]+$/.test(lemma)) continue;
      const key = lemma.replace(/_/g, ' ');
      wordnet.set(key, (wordnet.get(key) ?? '') + pos);
    }
  }

  const keys = new Set<string>();
  const separable = new Set<string>();
  const db = new SQLite(files.ecdict ?? ecdictFile(), { readonly: true, fileMustExist: true });
  try {
    const rows = db
      .prepare<[], { word: string; translation: string | null; tag: string | null }>(
        "select word, translation, tag from stardict where instr(word, ' ') > 0",
      )
      .iterate();
    for (const { word, translation, tag } of rows) {
      if (!/^[a-z][a-z' ]*[a-z]$/.test(word)) continue;
      const parts = word.split(' ');
      if (parts.length > 5 || parts.some((p) => !p)) continue;
      // "buy back" ([经] 补进), "load up" ([化] 加负荷): a phrasal verb WordNet lists is named even
      // when ECDICT glosses it for a specialist only; the sheet then shows WordNet's definition.
      const phrasalVerb = parts.length === 2 && ADVERB_PARTICLES.has(parts[1]!) && (wordnet.get(word) ?? '').includes('v');
      // "a personal line of credit" ([经] 信用额度), "rate of return": a finance term of nouns joined by
      // "of" names what the press means by it, though ECDICT files it for the trade only.
      const financeTerm = parts.length === 3 && parts[1] === 'of' && /^\s*\[经\]/m.test(translation ?? '');
      if (!generalMeaning(translation) && !phrasalVerb && !financeTerm) continue;
      if (parts.some((p) => SLOTS.has(p))) {
        // "turn sth down": the particle may follow the object.
        if (parts.length === 3 && SLOTS.has(parts[1]!) && PARTICLES.has(parts[2]!)) separable.add(`${parts[0]} ${parts[2]}`);
        continue;
      }
      if (LITERAL.has(word) || parts[0] === 'to') continue;
      // "figure it out", "pick me up": the phrasal verb with its object in place; kept as a sign it separates.
      if (parts.length === 3 && OBJECT_PRONOUNS.has(parts[1]!) && PARTICLES.has(parts[2]!)) {
        separable.add(`${parts[0]} ${parts[2]}`);
        continue;
      }
      const inWordnet = wordnet.has(word);
      // "the way", "the best part": a noun phrase that is the words themselves.
      if (parts[0] === 'the' && !inWordnet) continue;
      if (!inWordnet && !DEICTIC_TIME.test(word) && !parts.some((p) => PARTICLES.has(p) || FUNCTION_WORDS.has(p))) continue;
      // "at the door", "in a room": a preposition with a noun is a phrase only when WordNet or an exam list has it.
      if (!inWordnet && !tag && /^[a-z]+ (the|a|an) [a-z]+$/.test(word) && PARTICLES.has(parts[0]!)) continue;
      keys.add(word);
    }
  } finally {
    db.close();
  }
  for (const key of separable) if (!keys.has(key)) separable.delete(key);
  // "be due to" beside "due to": the shorter names what the reader tapped.
  for (const key of keys) if (key.startsWith('be ') && keys.has(key.slice(3))) keys.delete(key);
  // Only the kept keys' WordNet parts of speech stay (64,000 collocations otherwise).
  const kept = new Map<string, string>();
  for (const key of keys) {
    const pos = wordnet.get(key);
    if (pos) kept.set(key, pos);
  }
  return {
    ...indexOf(keys, separable, kept),
    /** The index as text, one `key<TAB>flags` a line (flags: WordNet parts of speech, `s` separable). */
    lines: () => [...keys].map((k) => `${k}\t${kept.get(k) ?? ''}${separable.has(k) ? 's' : ''}`).join('\n'),
  };
}

function parseLines(text: string): PhraseIndex {
  const keys = new Set<string>();
  const separable = new Set<string>();
  const wordnetPos = new Map<string, string>();
  for (const line of text.split('\n')) {
    const [key, flags = ''] = line.split('\t');
    if (!key) continue;
    keys.add(key);
    if (flags.includes('s')) separable.add(key);
    const pos = flags.replace('s', '');
    if (pos) wordnetPos.set(key, pos);
  }
  return indexOf(keys, separable, wordnetPos);
}

// Bump when the selection rules above change, so a cached index is rebuilt.
const RULES_VERSION = 13;

/**
 * The index, from a file derived once per machine from the same dictionary files
 * (`derived-file.ts`): a restart, a worker and each test process then load it in ~30 ms instead of
 * ~3 s.
 */
export function loadPhraseIndex(files: { ecdict?: string; wordnet?: string; cacheDir?: string } = {}): PhraseIndex {
  const ecdict = files.ecdict ?? ecdictFile();
  const wn = files.wordnet ?? wordnetDir();
  const name = `phrases-v${RULES_VERSION}-${stampOf([ecdict, join(wn, 'index.verb')])}.tsv`;
  return parseLines(derivedText(derivedFile(name, () => buildPhraseIndex({ ecdict, wordnet: wn }).lines(), files.cacheDir)));
}

let shared: PhraseIndex | undefined;
/** The process's one index, built at the first call (the server calls it at start). */
export function phraseIndex(): PhraseIndex {
  return (shared ??= loadPhraseIndex());
}
