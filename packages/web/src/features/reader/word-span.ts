import { WORD_CHAR } from './decorate';

/**
 * The word around a character of a paragraph's text: the one rule for "which word did the tap
 * fall on", shared by the reader (`word-at-point.ts`) and the first screen's script
 * (`src/boot/first-screen.ts`), which answers taps before the app has started.
 */

const LETTER = /[A-Za-z\u00C0-\u024F]/;
const QUOTE = /['’]/;

/**
 * The word touching the caret at `at` (between characters: the following one first) in `raw`,
 * as `[start, end)`, or null when the caret touches no word. Quotes around a word are not part
 * of it ('Hello' → Hello); inner ones are (don't).
 */
export function wordSpanAt(raw: string, at: number): { start: number; end: number } | null {
  const i = at < raw.length && WORD_CHAR.test(raw[at]!) ? at : at > 0 && WORD_CHAR.test(raw[at - 1]!) ? at - 1 : -1;
  if (i < 0) return null;
  let start = i;
  let end = i + 1;
  while (start > 0 && WORD_CHAR.test(raw[start - 1]!)) start--;
  while (end < raw.length && WORD_CHAR.test(raw[end]!)) end++;
  while (start < end && QUOTE.test(raw[start]!)) start++;
  while (end > start && QUOTE.test(raw[end - 1]!)) end--;
  return end > start && LETTER.test(raw[start]!) ? { start, end } : null;
}

/** The form a tapped word is looked up by: a possessive 's dropped (women's → women). */
export function lookupForm(word: string): string {
  return word.replace(/['’]s$/, '');
}
