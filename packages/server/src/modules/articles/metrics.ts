import type { ArticleLevel } from '@changdu/contract';
import type { Ecdict, EcdictEntry } from '../dictionary/index.js';
import { corpusRank, knownAt } from '../dictionary/index.js';

export interface TextMetrics {
  words: number;
  sentences: number;
  /** Flesch–Kincaid grade level. */
  grade: number;
  /** Share (0–1) of distinct dictionary headwords beyond CET-4 / CET-6. */
  beyond_c4: number;
  beyond_c6: number;
}

const WORD = /\p{L}+(?:['’]\p{L}+)*/gu;
const segmenter = new Intl.Segmenter('en', { granularity: 'sentence' });

/** Syllables by vowel groups after dropping a silent final e/es/ed (the usual readability heuristic). */
export function syllables(word: string): number {
  const w = word.toLowerCase().replace(/['’]s?$/, '');
  if (w.length <= 3) return 1;
  const trimmed = w.replace(/(?:[^laeiouy]es|ed|[^laeiouy]e)$/, '').replace(/^y/, '');
  return Math.max(1, trimmed.match(/[aeiouy]{1,2}/g)?.length ?? 1);
}

/**
 * Words of the text that are vocabulary: capitalised words inside a sentence are names;
 * a capitalised first word counts only when it is an exam-list word ("However", not "Elena").
 */
function vocabulary(text: string, dict: Ecdict): string[] {
  const out: string[] = [];
  for (const { segment } of segmenter.segment(text)) {
    (segment.match(WORD) ?? []).forEach((w, i) => {
      const lower = w.toLowerCase();
      if (!/^\p{Lu}/u.test(w)) out.push(lower);
      else if (i === 0 && (dict.lemma(lower)?.tags.length ?? 0) > 0) out.push(lower);
    });
  }
  return out;
}

export function measure(text: string, dict: Ecdict): TextMetrics {
  const words = text.match(WORD) ?? [];
  const sentences = [...segmenter.segment(text)].filter((s) => /[A-Za-z]/.test(s.segment)).length || 1;
  const syllableCount = words.reduce((n, w) => n + syllables(w), 0);
  // A headword counts once; it is known at a level when either the form read or its
  // lemma is (ECDICT maps "does" to "doe", so the surface form must count too).
  // Words with neither an exam tag nor a corpus rank are names and oddities, not vocabulary.
  const headwords = new Map<string, { c4: boolean; c6: boolean }>();
  for (const w of vocabulary(text, dict)) {
    const surface = dict.lookup(w);
    const lemma = dict.lemma(w);
    const candidates = [surface, lemma].filter((e): e is EcdictEntry => e !== null && (e.tags.length > 0 || corpusRank(e) !== null));
    if (!candidates.length) continue;
    const key = (lemma ?? surface)!.word.toLowerCase();
    const prev = headwords.get(key);
    headwords.set(key, {
      c4: (prev?.c4 ?? false) || candidates.some((e) => knownAt(e, 'C4')),
      c6: (prev?.c6 ?? false) || candidates.some((e) => knownAt(e, 'C6')),
    });
  }
  const distinct = [...headwords.values()];
  const share = (pred: (e: { c4: boolean; c6: boolean }) => boolean) =>
    distinct.length ? distinct.filter(pred).length / distinct.length : 0;
  const n = Math.max(1, words.length);
  return {
    words: words.length,
    sentences,
    grade: Math.round((0.39 * (n / sentences) + 11.8 * (syllableCount / n) - 15.59) * 10) / 10,
    beyond_c4: Math.round(share((e) => !e.c4) * 1000) / 1000,
    beyond_c6: Math.round(share((e) => !e.c6) * 1000) / 1000,
  };
}

/**
 * The difficulty grade: sentence and word length (Flesch–Kincaid) plus how much of the
 * vocabulary lies beyond CET-4 and CET-6. Thresholds are calibrated on the demo articles,
 * which were written to each grade (see docs/articles.md).
 */
export function difficultyScore(m: TextMetrics): number {
  return m.grade + 10 * m.beyond_c4 + 10 * m.beyond_c6;
}

const THRESHOLDS: [number, ArticleLevel][] = [
  [4, 'VERY_EASY'],
  [6.8, 'EASY'],
  [12, 'STANDARD'],
  [21, 'DIFFICULT'],
];

export function levelOf(m: TextMetrics): ArticleLevel {
  const score = difficultyScore(m);
  return THRESHOLDS.find(([max]) => score < max)?.[1] ?? 'VERY_DIFFICULT';
}

/** Reading time at about 200 words a minute for learners, at least one minute. */
export function readingMinutes(words: number): number {
  return Math.max(1, Math.round(words / 200));
}
