import type { ExamLevel } from '@changdu/contract';
import type { EcdictEntry } from './ecdict.js';

/**
 * Which exam bands a headword belongs to. ECDICT tags cover 中考/高考/CET-4/CET-6/考研/
 * IELTS/TOEFL/GRE; TEM-4 and TEM-8 have no list, so they are frequency bands: TEM-4
 * expects about 8,000 headwords and TEM-8 about 13,000 (the syllabus sizes), taken here as
 * the most common 8,000 / 13,000 words by ECDICT's contemporary-corpus rank (frq, else BNC).
 * Very common words count as known at every level even without a tag.
 */
const KNOWN_BY: Record<ExamLevel, { tags: string[]; rank: number }> = {
  C4: { tags: ['zk', 'gk', 'cet4'], rank: 2500 },
  C6: { tags: ['zk', 'gk', 'cet4', 'cet6', 'ky'], rank: 5000 },
  IELTS: { tags: ['zk', 'gk', 'cet4', 'cet6', 'ky', 'ielts'], rank: 6000 },
  L4: { tags: ['zk', 'gk', 'cet4'], rank: 8000 },
  L8: { tags: ['zk', 'gk', 'cet4', 'cet6', 'ky'], rank: 13000 },
};

export function corpusRank(entry: EcdictEntry): number | null {
  return entry.frq ?? entry.bnc;
}

/** True when a learner at `level` is expected to know the headword. */
export function knownAt(entry: EcdictEntry, level: ExamLevel): boolean {
  const band = KNOWN_BY[level];
  if (entry.tags.some((t) => band.tags.includes(t))) return true;
  const r = corpusRank(entry);
  return r !== null && r <= band.rank;
}
