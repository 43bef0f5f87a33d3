import type { ExamLevel, Paragraph } from '@changdu/contract';
import type { Ecdict, EcdictEntry } from '../dictionary/index.js';
import { ecdictToIpa, meaningsOf } from '../dictionary/index.js';
import { analyse } from '../dictionary/index.js';
import { corpusRank, knownAt } from '../dictionary/index.js';

const SKIP_POS = new Set(['PROPN', 'NUM', 'PUNCT', 'SYM', 'SPACE', 'X']);

export interface LevelWord {
  word: string;
  forms: string[];
  phonetic: string | null;
  meaning: string | null;
}

function shortMeaning(entry: EcdictEntry): string | null {
  const first = meaningsOf(entry)[0];
  if (!first) return null;
  const text = first.text.split(/[;；]/)[0]!.trim();
  return `${first.pos ? `${first.pos} ` : ''}${text.length > 24 ? `${text.slice(0, 24)}…` : text}`;
}

/**
 * The distinct headwords of the paragraphs that a learner at `level` is not expected to know,
 * in order of first appearance, with the forms used and a short meaning. Lemmas come from the
 * tagger in context; names and numbers are left out.
 */
export function levelWords(paragraphs: Paragraph[], level: ExamLevel, dict: Ecdict): LevelWord[] {
  const found = new Map<string, LevelWord>();
  for (const p of paragraphs) {
    if (p.kind === 'figure') continue;
    for (const token of analyse(p.text)) {
      if (SKIP_POS.has(token.pos) || !/^[a-z][a-z'-]*$/i.test(token.text)) continue;
      const surface = token.text.toLowerCase();
      const entry = dict.lookup(token.lemma) ?? dict.lemma(surface);
      if (!entry || (entry.tags.length === 0 && corpusRank(entry) === null)) continue;
      const surfaceEntry = dict.lookup(surface);
      if (knownAt(entry, level) || (surfaceEntry && knownAt(surfaceEntry, level))) continue;
      const key = entry.word.toLowerCase();
      const seen = found.get(key);
      if (seen) {
        if (!seen.forms.includes(surface)) seen.forms.push(surface);
      } else {
        found.set(key, { word: key, forms: [surface], phonetic: entry.phonetic ? ecdictToIpa(entry.phonetic) : null, meaning: shortMeaning(entry) });
      }
    }
  }
  return [...found.values()];
}
