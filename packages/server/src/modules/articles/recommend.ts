import { articleLevels, type ArticleLevel } from '@changdu/contract';
import { DAY } from '../../lib/clock.js';

export interface Candidate {
  id: number;
  level: ArticleLevel;
  topics: string[];
  views: number;
  publishedAt: string;
  /** The reader's known share of it (0–100), null when unknown (anonymous, or not analysed yet). */
  knownPct?: number | null;
}

export interface ReaderProfile {
  /** Mean level index (0 = VERY_EASY … 4 = VERY_DIFFICULT) of what the reader opened. */
  level: number;
  /** Share of the reader's recent reading per topic (sums to 1, or empty). */
  topics: Map<string, number>;
  /** Articles the reader has opened. */
  read: Set<number>;
}

/** Someone we know nothing about: between easy and standard, no topic preference. */
export const NEW_READER: ReaderProfile = { level: 1.5, topics: new Map(), read: new Set() };

export function profileFrom(history: { topics: string[]; level: ArticleLevel; id: number }[]): ReaderProfile {
  if (history.length === 0) return NEW_READER;
  const counts = new Map<string, number>();
  let topicTotal = 0;
  for (const h of history) {
    for (const t of h.topics) {
      counts.set(t, (counts.get(t) ?? 0) + 1);
      topicTotal += 1;
    }
  }
  const topics = new Map([...counts].map(([t, n]) => [t, n / Math.max(1, topicTotal)]));
  // Readers grow: aim a little above what they read on average.
  const level = history.reduce((sum, h) => sum + articleLevels.indexOf(h.level), 0) / history.length + 0.25;
  return { level, topics, read: new Set(history.map((h) => h.id)) };
}

const WEIGHTS = { recency: 1.0, popularity: 0.6, level: 1.2, topics: 1.5, known: 3.0 } as const;

/**
 * How well a known share suits reading for pleasure and growth: 90–98 % is comprehensible input
 * with something to learn (Hu & Nation; Krashen), less is a struggle, more teaches little.
 * Unknown shares sit in the middle.
 */
export function knownFit(pct: number | null | undefined): number {
  if (pct === null || pct === undefined) return 0.5;
  if (pct < 90) return Math.max(0, 1 - (90 - pct) / 20);
  if (pct > 98) return Math.max(0.4, 1 - (pct - 98) / 4);
  return 1;
}

/** Why an article is recommended, in the reader's words; null when there is nothing to say. */
export function reasonFor(pct: number | null | undefined): string | null {
  return pct === null || pct === undefined ? null : `你认识其中 ${Math.round(pct)}% 的词`;
}

/**
 * Ranks candidates for a reader: fresh (two-week half-life), popular (log of views), at the
 * reader's level, on the reader's topics, and, when known, at a known share of 90–98 %;
 * articles already opened sink to the end.
 */
export function rank(candidates: Candidate[], profile: ReaderProfile, now: Date): Candidate[] {
  const maxViews = Math.max(1, ...candidates.map((c) => c.views));
  const score = (c: Candidate) => {
    const ageDays = Math.max(0, (now.getTime() - Date.parse(c.publishedAt)) / DAY);
    const recency = Math.pow(0.5, ageDays / 14);
    const popularity = Math.log1p(c.views) / Math.log1p(maxViews);
    const levelFit = 1 - Math.min(1, Math.abs(articleLevels.indexOf(c.level) - profile.level) / 3);
    const topicFit = c.topics.reduce((sum, t) => sum + (profile.topics.get(t) ?? 0), 0);
    const s =
      WEIGHTS.recency * recency +
      WEIGHTS.popularity * popularity +
      WEIGHTS.level * levelFit +
      WEIGHTS.topics * topicFit +
      (c.knownPct === undefined ? 0 : WEIGHTS.known * knownFit(c.knownPct));
    return profile.read.has(c.id) ? s - 10 : s;
  };
  return candidates
    .map((c) => ({ c, s: score(c) }))
    .sort((a, b) => b.s - a.s || b.c.publishedAt.localeCompare(a.c.publishedAt))
    .map(({ c }) => c);
}
