/**
 * Which occurrence of a tapped word its sentence holds (`dict.word`'s and `words.add`'s `at`). A word
 * can stand twice in one sentence with two uses ("the run… to run"); the reader says which one was
 * tapped by its index among the sentence's words equal to it, and the server finds that one again.
 * One rule on both sides (zod-free, so the first screen's script has it too): a word is a run of
 * letters and apostrophes with its outer quotes trimmed, as the reader's tap finds it (web
 * word-span.ts), compared case-insensitively without a possessive 's (women's → women).
 */

const WORD_RUN = /[A-Za-z\u00C0-\u024F'’]+/g;
const LETTER = /[A-Za-z\u00C0-\u024F]/;

/** The key a word is compared by: lower case, a curly apostrophe as a straight one, no possessive 's. */
const occurrenceKey = (word: string) => word.toLowerCase().replace(/’/g, "'").replace(/'s$/, '');

/** Where each word of `sentence` equal to `word` starts, in order. */
export function occurrenceStarts(sentence: string, word: string): number[] {
  const key = occurrenceKey(word);
  const starts: number[] = [];
  if (!key) return starts;
  for (const m of sentence.matchAll(WORD_RUN)) {
    let start = m.index;
    let end = start + m[0].length;
    while (start < end && /['’]/.test(sentence[start]!)) start++;
    while (end > start && /['’]/.test(sentence[end - 1]!)) end--;
    if (end > start && LETTER.test(sentence[start]!) && occurrenceKey(sentence.slice(start, end)) === key) starts.push(start);
  }
  return starts;
}

/**
 * The index of the tapped occurrence: how many words equal to `word` start before `offset` (the
 * tapped word's position in `sentence`). 0 for the first, and for a word the sentence does not hold.
 */
export function occurrenceAt(sentence: string, word: string, offset: number): number {
  return occurrenceStarts(sentence, word).filter((s) => s < offset).length;
}

/** Where the `at`-th occurrence starts, or null when the sentence holds fewer (the caller falls back to the first). */
export function occurrenceStart(sentence: string, word: string, at: number): number | null {
  return occurrenceStarts(sentence, word)[at] ?? null;
}
