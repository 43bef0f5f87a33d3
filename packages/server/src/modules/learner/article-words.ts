import type { Paragraph } from '@changdu/contract';
import { analyse, type Ecdict } from '../dictionary/index.js';

/** One headword of an article: how often its forms occur, and the sentence it first occurs in. */
export interface HeadwordCount {
  word: string;
  count: number;
  /** Id of the sentence it first occurs in, and the form it has there. */
  sentence: string;
  form: string;
}

export interface ArticleAnalysis {
  tokens: number;
  words: HeadwordCount[];
}

/** Tagger parts of speech that are not vocabulary to know: names, numbers, symbols, punctuation. */
const NOT_COUNTED = new Set(['PROPN', 'NUM', 'SYM', 'PUNCT', 'X', 'SPACE']);

/**
 * The headwords of an article's text, each with its token count: every word token the tagger does
 * not take for a name or a number, resolved to the dictionary's headword by its lemma in context
 * (went → go), else by the dictionary's own word forms. Tokens the dictionary does not know
 * (misspellings, foreign words) do not count: nobody can be expected to know them.
 */
export function analyseArticle(paragraphs: readonly Paragraph[], dict: Ecdict): ArticleAnalysis {
  const byWord = new Map<string, HeadwordCount>();
  // Forms repeat: each (lemma, surface) pair is resolved once per article.
  const resolved = new Map<string, string | null>();
  let tokens = 0;
  for (const p of paragraphs) {
    for (const s of p.sentences) {
      for (const t of analyse(s.text)) {
        if (NOT_COUNTED.has(t.pos) || !/^[a-z]/i.test(t.text)) continue;
        const surface = t.text.toLowerCase();
        const key = `${t.lemma}\u0000${surface}`;
        let headword = resolved.get(key);
        if (headword === undefined) {
          const entry = (/^[a-z][a-z'-]*$/.test(t.lemma) ? dict.lookup(t.lemma) : null) ?? dict.lemma(surface);
          // A word ECDICT spells with a capital is a name (Monday, London, English): not counted.
          headword = entry && /^[a-z][^\s]*$/.test(entry.word) ? entry.word.toLowerCase() : null;
          resolved.set(key, headword);
        }
        if (!headword) continue;
        tokens += 1;
        const found = byWord.get(headword);
        if (found) found.count += 1;
        else byWord.set(headword, { word: headword, count: 1, sentence: s.id, form: surface });
      }
    }
  }
  return { tokens, words: [...byWord.values()] };
}

/** Stored form: one `headword count sentence-id form` line per headword (none of them holds a space). */
export function encodeWords(words: readonly HeadwordCount[]): string {
  return words.map((w) => `${w.word} ${w.count} ${w.sentence} ${w.form}`).join('\n');
}

export function decodeWords(text: string): HeadwordCount[] {
  if (!text) return [];
  return text.split('\n').map((line) => {
    const [word, count, sentence, form] = line.split(' ');
    return { word: word!, count: Number(count), sentence: sentence ?? '', form: form ?? word! };
  });
}
