import { ENGLISH_WORD } from '@changdu/contract';

export interface WordList {
  /** Distinct English words, in the file's order (the server resolves forms to headwords). */
  words: string[];
  /** Lines that held no single English word (phrases, Chinese, numbers), a few of them to show. */
  skipped: number;
  skippedExamples: string[];
}

const EXAMPLES = 3;

/** The first field of a line: Anki exports notes tab-separated, spreadsheets save CSV or semicolons. */
function firstField(line: string): string {
  const quoted = /^"((?:[^"]|"")*)"/.exec(line);
  if (quoted) return quoted[1]!.replace(/""/g, '"');
  // A tab-separated line is split on tabs only: an HTML entity in it (`&nbsp;`) holds a semicolon.
  return line.split(line.includes('\t') ? '\t' : /[,;]/)[0]!;
}

/** A field as plain text: Anki fields may hold HTML (`<b>word</b>`, `&nbsp;`). */
function plain(field: string): string {
  return field
    .replace(/<[^>]*>/g, ' ')
    .replace(/&nbsp;/g, ' ')
    .replace(/&amp;/g, '&')
    .replace(/&#39;|&apos;/g, "'")
    .trim();
}

/**
 * The words of an imported list: one word per line, or the first field of each line (an Anki
 * "notes in plain text" export, a CSV). Anki's `#separator:` style header lines and blank lines
 * are left out; a line whose first field is not one English word is counted as skipped.
 */
export function parseWordList(text: string): WordList {
  const words = new Map<string, string>();
  let skipped = 0;
  const skippedExamples: string[] = [];
  for (const raw of text.replace(/^\uFEFF/, '').split(/\r?\n/)) {
    if (!raw.trim() || raw.startsWith('#')) continue;
    const word = plain(firstField(raw));
    if (ENGLISH_WORD.test(word)) {
      const key = word.toLowerCase();
      if (!words.has(key)) words.set(key, word);
    } else {
      skipped += 1;
      if (skippedExamples.length < EXAMPLES) skippedExamples.push(raw.trim().slice(0, 40));
    }
  }
  return { words: [...words.values()], skipped, skippedExamples };
}
