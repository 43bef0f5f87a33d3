import SQLite from 'better-sqlite3';
import { derivedFile, derivedText, ecdictFile, stampOf, type Ecdict } from '../dictionary/index.js';

/** A headword with its rank in ECDICT's contemporary-corpus frequency list (1 = most common). */
export interface RankedWord {
  word: string;
  rank: number;
}

/** The test samples ranks 1–20,000 and the known set may hold up to 30,000 ranked headwords. */
const POOL_MAX_RANK = 30000;

/** Bumped when the scan below changes what it keeps. */
const POOL_FORMAT = 1;

/**
 * Lower-case headwords ranked by ECDICT's `frq` (falling back to none: unranked words are not
 * sampled), inflected forms left out (their `exchange` names a lemma): the pool the placement
 * test draws from and marks known from. The scan of the dictionary takes a second or more, so it
 * is made once per machine (`derived-file.ts`) and read back by every process after: a reader's
 * first test does not wait for it.
 */
export function rankedHeadwords(file = ecdictFile()): RankedWord[] {
  const found = derivedFile(`placement-pool-v${POOL_FORMAT}-${stampOf([file])}.tsv`, () =>
    scanRanked(file)
      .map((w) => `${w.word}\t${w.rank}`)
      .join('\n'),
  );
  return derivedText(found)
    .split('\n')
    .filter(Boolean)
    .map((line) => {
      const [word, rank] = line.split('\t');
      return { word: word!, rank: Number(rank) };
    });
}

function scanRanked(file: string): RankedWord[] {
  const db = new SQLite(file, { readonly: true, fileMustExist: true });
  try {
    const rows = db
      .prepare<[number], { word: string; frq: number; exchange: string | null }>(
        'select word, frq, exchange from stardict where frq > 0 and frq <= ?',
      )
      .all(POOL_MAX_RANK);
    return rows
      .filter((r) => /^[a-z]+$/.test(r.word) && !/(^|\/)0:/.test(r.exchange ?? ''))
      .map((r) => ({ word: r.word, rank: r.frq }))
      .sort((a, b) => a.rank - b.rank);
  } finally {
    db.close();
  }
}

/** Frequency bands the test samples, by rank: denser where learners differ most. */
export const BANDS: readonly [number, number][] = [
  [1, 1000],
  [1001, 2000],
  [2001, 3000],
  [3001, 4000],
  [4001, 5000],
  [5001, 6500],
  [6501, 8000],
  [8001, 10000],
  [10001, 12500],
  [12501, 15000],
  [15001, 17500],
  [17501, 20000],
];
export const REAL_PER_BAND = 3;
/** A quarter of the items (12 of 48) are pseudo-words, as in LexTALE. */
export const PSEUDO_COUNT = 12;

/** Mulberry32: a small seeded generator, so a test (and its pseudo-words) follows from its seed. */
function random(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const pick = <T>(items: readonly T[], next: () => number): T => items[Math.floor(next() * items.length)]!;

// Pronounceable English-like pieces: pseudo-words must look like words, or nobody says yes to them.
const ONSETS = [
  'b',
  'bl',
  'br',
  'c',
  'cl',
  'cr',
  'd',
  'dr',
  'f',
  'fl',
  'fr',
  'g',
  'gl',
  'gr',
  'h',
  'l',
  'm',
  'n',
  'p',
  'pl',
  'pr',
  's',
  'sc',
  'sl',
  'sp',
  'st',
  'str',
  't',
  'tr',
  'v',
  'w',
];
const VOWELS = ['a', 'e', 'i', 'o', 'u', 'ai', 'ea', 'ee', 'oa', 'ou'];
const CODAS = ['b', 'ck', 'd', 'ft', 'g', 'l', 'lt', 'm', 'mp', 'n', 'nd', 'nt', 'p', 'r', 'rd', 'rm', 'sk', 'st', 't', 'x'];
const ENDINGS = ['', '', 'er', 'le', 'ish', 'ment', 'ous', 'ate', 'y', 'ing', 'ance', 'ive'];

/** A pseudo-word not in the dictionary, neither as a headword nor as a form of one. */
export function pseudoWords(count: number, seed: number, dict: Ecdict): string[] {
  const next = random(seed ^ 0x5eed);
  const found = new Set<string>();
  while (found.size < count) {
    const syllables = next() < 0.5 ? 1 : 2;
    let w = '';
    for (let i = 0; i < syllables; i++)
      w += pick(ONSETS, next) + pick(VOWELS, next) + (i === syllables - 1 || next() < 0.5 ? pick(CODAS, next) : '');
    w += pick(ENDINGS, next);
    if (w.length >= 4 && w.length <= 11 && !dict.lookup(w) && !dict.lemma(w)) found.add(w);
  }
  return [...found];
}

/** The items of one test: 3 real words from each band and 12 pseudo-words, shuffled; all follow from `seed`. */
export function placementItems(pool: readonly RankedWord[], seed: number, dict: Ecdict): string[] {
  const next = random(seed);
  const real = BANDS.flatMap(([lo, hi]) => {
    const band = pool.filter((w) => w.rank >= lo && w.rank <= hi && w.word.length >= 3);
    const chosen = new Set<string>();
    while (chosen.size < Math.min(REAL_PER_BAND, band.length)) chosen.add(pick(band, next).word);
    return [...chosen];
  });
  const items = [...real, ...pseudoWords(PSEUDO_COUNT, seed, dict)];
  for (let i = items.length - 1; i > 0; i--) {
    const j = Math.floor(next() * (i + 1));
    [items[i], items[j]] = [items[j]!, items[i]!];
  }
  return items;
}

export interface PlacementResult {
  estimate: number;
  level: string;
  /** Words up to this rank count as known. */
  knownUpTo: number;
  /** The rate of "yes" to pseudo-words. */
  falseAlarms: number;
}

/** The share of a band the reader knows, corrected for guessing: (hits − false alarms) / (1 − false alarms). */
export function corrected(hitRate: number, falseAlarmRate: number): number {
  if (falseAlarmRate >= 1) return 0;
  return Math.min(1, Math.max(0, (hitRate - falseAlarmRate) / (1 - falseAlarmRate)));
}

/** CEFR-style level of a vocabulary size (after Milton's and Nation's size–level tables, stretched to ranked headwords). */
export function levelOf(estimate: number): string {
  if (estimate < 1000) return 'A1';
  if (estimate < 2000) return 'A2';
  if (estimate < 3500) return 'B1';
  if (estimate < 6000) return 'B2';
  if (estimate < 9000) return 'C1';
  return 'C2';
}

/**
 * Scores a test. Each band's corrected hit rate times the number of headwords in that band gives
 * the words the reader knows there (Nation–Beglar's sampling), summed over bands; the reader's
 * level reaches the end of the last band of an unbroken run from the first where the corrected
 * rate stays at 0.8 or more.
 */
export function score(answers: readonly { rank: number | null; known: boolean }[], pool: readonly RankedWord[]): PlacementResult {
  const pseudo = answers.filter((a) => a.rank === null);
  const falseAlarms = pseudo.length ? pseudo.filter((a) => a.known).length / pseudo.length : 0;
  let estimate = 0;
  let knownUpTo = 0;
  let unbroken = true;
  for (const [lo, hi] of BANDS) {
    const inBand = answers.filter((a) => a.rank !== null && a.rank >= lo && a.rank <= hi);
    if (inBand.length === 0) {
      unbroken = false;
      continue;
    }
    const share = corrected(inBand.filter((a) => a.known).length / inBand.length, falseAlarms);
    estimate += share * pool.filter((w) => w.rank >= lo && w.rank <= hi).length;
    if (unbroken && share >= 0.8) knownUpTo = hi;
    else unbroken = false;
  }
  const rounded = Math.round(estimate / 50) * 50;
  return { estimate: rounded, level: levelOf(rounded), knownUpTo, falseAlarms };
}
