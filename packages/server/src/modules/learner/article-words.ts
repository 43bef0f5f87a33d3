import type { Paragraph } from '@changdu/contract';
import { analyse, lemmaListing, type Ecdict } from '../dictionary/index.js';

/** One headword of an article: how often its forms occur, and the sentence it first occurs in. */
export interface HeadwordCount {
  word: string;
  count: number;
  /** Id of the sentence it first occurs in, and the form it has there. */
  sentence: string;
  form: string;
  /** Every form it takes in the text, lower case, the first one first (the reader marks words by form). */
  forms: string[];
  /** The tagger read most of its tokens as a closed-class word (pronoun, determiner, preposition…): learned by reading, never listed or marked new. */
  closed: boolean;
}

export interface ArticleAnalysis {
  tokens: number;
  words: HeadwordCount[];
}

/** Tagger parts of speech that are not vocabulary to know: names, numbers, symbols, punctuation. */
const NOT_COUNTED = new Set(['PROPN', 'NUM', 'SYM', 'PUNCT', 'X', 'SPACE']);
/** Closed word classes (Universal Dependencies tags). */
const CLOSED = new Set(['PRON', 'DET', 'ADP', 'CCONJ', 'SCONJ', 'AUX', 'PART']);

/**
 * The headwords of an article's text, each with its token count: every word token the tagger does
 * not take for a name or a number, resolved to the dictionary's headword by its lemma in context
 * (went → go), else by the dictionary's own word forms. Tokens the dictionary does not know
 * (misspellings, foreign words) do not count: nobody can be expected to know them.
 */
export function analyseArticle(paragraphs: readonly Paragraph[], dict: Ecdict): ArticleAnalysis {
  const byWord = new Map<string, HeadwordCount>();
  const closedTokens = new Map<string, number>();
  // Forms repeat: each (lemma, surface) pair is resolved once per article.
  const resolved = new Map<string, string | null>();
  let tokens = 0;
  for (const p of paragraphs) {
    for (const s of p.sentences) {
      for (const t of analyse(s.text)) {
        // A token with a space or comma inside is no word a reader taps (and would break the stored lines).
        if (NOT_COUNTED.has(t.pos) || !/^[a-z]/i.test(t.text) || /[\s,]/.test(t.text)) continue;
        const surface = t.text.toLowerCase();
        const key = `${t.lemma}\u0000${surface}`;
        let headword = resolved.get(key);
        if (headword === undefined) {
          const byLemma = /^[a-z][a-z'-]*$/.test(t.lemma) ? dict.lookup(t.lemma) : null;
          // ("stared" is stare's, not star's: the sheet reads it so too.)
          const entry = (byLemma && (lemmaListing(dict, byLemma, surface) ?? byLemma)) ?? dict.lemma(surface);
          // A word ECDICT spells with a capital is a name (Monday, London, English): not counted.
          headword = entry && /^[a-z][^\s]*$/.test(entry.word) ? entry.word.toLowerCase() : null;
          resolved.set(key, headword);
        }
        if (!headword) continue;
        tokens += 1;
        if (CLOSED.has(t.pos)) closedTokens.set(headword, (closedTokens.get(headword) ?? 0) + 1);
        const found = byWord.get(headword);
        if (found) {
          found.count += 1;
          if (!found.forms.includes(surface)) found.forms.push(surface);
        } else byWord.set(headword, { word: headword, count: 1, sentence: s.id, form: surface, forms: [surface], closed: false });
      }
    }
  }
  for (const w of byWord.values()) w.closed = 2 * (closedTokens.get(w.word) ?? 0) > w.count;
  return { tokens, words: [...byWord.values()] };
}

/**
 * The header of a stored set names the rules that made it. Sets stored before forms were kept hold
 * one form a headword ("#forms" came with the forms); sets made before a form was read as the
 * lemma ECDICT lists it under counted "stared" as star ("#forms r2"); before a rare lemma listing no such form yielded to a
 * common one, "masses" as masse ("#forms r3"). A set with another header is
 * made again (`learner.service#analysis`, `#fullSets`, `#makeSets`).
 */
const SET_HEADER = '#forms r3';

/**
 * Stored form: a header line, then one `headword count sentence-id form,form… [c]` line per
 * headword (none of them holds a space or comma; `c` marks a closed-class word).
 */
export function encodeWords(words: readonly HeadwordCount[]): string {
  return [SET_HEADER, ...words.map((w) => `${w.word} ${w.count} ${w.sentence} ${w.forms.join(',')}${w.closed ? ' c' : ''}`)].join('\n');
}

/** Whether a stored set (or its first 16 characters) was made by today's rules, and so holds every form of its headwords. */
export function isCurrentSet(text: string): boolean {
  return text === SET_HEADER || text.startsWith(`${SET_HEADER}\n`);
}

export function decodeWords(text: string): HeadwordCount[] {
  const lines = text ? text.split('\n') : [];
  if (lines[0]?.startsWith('#')) lines.shift();
  return lines.map((line) => {
    const [word, count, sentence, formList, closed] = line.split(' ');
    const forms = (formList ?? word!).split(',');
    return { word: word!, count: Number(count), sentence: sentence ?? '', form: forms[0]!, forms, closed: closed === 'c' };
  });
}
