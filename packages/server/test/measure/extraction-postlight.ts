/*
 * Measures how much of an article the RSS extraction stores, on real press pages nobody here wrote
 * (the fixtures of postlight/parser: `git show HEAD:fixtures/<site>.html` from its repository).
 *
 *   npx tsx packages/server/test/measure/extraction-postlight.ts [/work/corpora/postlight] [--all]
 *
 * For every page: Readability with its defaults over the same linkedom document the server builds
 * gives the reference text (its HTML, with a block's edge counted as a word's edge); `extractArticle` (Readability, sanitising, structure, noise filter) gives
 * the stored paragraphs. The kept share is the longest common subsequence of the two word sequences
 * over the reference's words, so text kept out of order does not count. Prints the pages under 95%
 * (every page with --all), then the number of pages, the mean and minimum share and the count under 95%.
 * The pages stay where they are: nothing of them is written into the repository.
 */
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { Readability } from '@mozilla/readability';
import { parseHTML } from 'linkedom';
import { extractArticle } from '../../src/modules/rss/extract.js';

const dir = process.argv.slice(2).find((a) => !a.startsWith('--')) ?? '/work/corpora/postlight';
const showAll = process.argv.includes('--all');

// Han and kana text has no spaces: each character counts as a word, so Japanese and Chinese pages weigh fairly.
const WORD = /[\p{sc=Han}\p{sc=Hiragana}\p{sc=Katakana}]|(?:(?![\p{sc=Han}\p{sc=Hiragana}\p{sc=Katakana}])[\p{L}\p{N}])+/gu;
const words = (text: string) => text.toLowerCase().match(WORD) ?? [];

// Readability's textContent runs adjacent blocks together ("World28,25,140Cases"); block edges are word edges.
const BLOCK_EDGE =
  /<\/?(?:p|div|section|article|main|header|footer|aside|nav|h[1-6]|li|ul|ol|dl|dt|dd|table|thead|tbody|tfoot|tr|td|th|caption|figure|figcaption|blockquote|pre|br|hr|img)\b[^>]*>/gi;
const textOf = (html: string) =>
  parseHTML(`<!doctype html><html><body>${html.replace(BLOCK_EDGE, ' $&')}</body></html>`).document.body.textContent ?? '';

/** Length of the longest common subsequence of two word sequences (shared ends trimmed first). */
function lcs(a: string[], b: string[]): number {
  let start = 0;
  while (start < a.length && start < b.length && a[start] === b[start]) start++;
  let endA = a.length;
  let endB = b.length;
  while (endA > start && endB > start && a[endA - 1] === b[endB - 1]) {
    endA--;
    endB--;
  }
  const ids = new Map<string, number>();
  const id = (w: string) => ids.get(w) ?? (ids.set(w, ids.size), ids.size - 1);
  const x = a.slice(start, endA).map(id);
  const y = b.slice(start, endB).map(id);
  let prev = new Int32Array(y.length + 1);
  let row = new Int32Array(y.length + 1);
  for (const xi of x) {
    for (let j = 1; j <= y.length; j++) row[j] = xi === y[j - 1] ? prev[j - 1]! + 1 : Math.max(prev[j]!, row[j - 1]!);
    [prev, row] = [row, prev];
  }
  return start + (a.length - endA) + prev[y.length]!;
}

interface Result {
  file: string;
  reference: number;
  stored: number;
  kept: number;
  note?: string;
}

const results: Result[] = [];
for (const file of readdirSync(dir)
  .filter((f) => f.endsWith('.html'))
  .sort()) {
  const html = readFileSync(path.join(dir, file), 'utf8');
  const { document } = parseHTML(html);
  const found = new Readability(document as unknown as Document).parse()?.content ?? '';
  const reference = words(textOf(found));
  if (reference.length === 0) {
    results.push({ file, reference: 0, stored: 0, kept: 1, note: 'Readability finds nothing' });
    continue;
  }
  let stored: string[] = [];
  let note: string | undefined;
  try {
    stored = words(
      extractArticle(html, `https://${file.replace(/(--.*)?\.html$/, '')}/story`)
        .paragraphs.map((p) => p.text)
        .join('\n\n'),
    );
  } catch (err) {
    note = `extraction failed: ${(err as Error).message}`;
  }
  results.push({ file, reference: reference.length, stored: stored.length, kept: lcs(reference, stored) / reference.length, note });
}

const say = (line: string) => process.stdout.write(`${line}\n`);
const pct = (x: number) => `${(x * 100).toFixed(1)}%`;
for (const r of results) {
  if (showAll || r.kept < 0.95) {
    say(`${pct(r.kept).padStart(6)}  ${r.file}  (${r.reference} words by default, ${r.stored} stored)${r.note ? `  ${r.note}` : ''}`);
  }
}
const measured = results.filter((r) => r.reference > 0);
const mean = measured.reduce((s, r) => s + r.kept, 0) / measured.length;
const min = measured.reduce((m, r) => (r.kept < m.kept ? r : m), measured[0]!);
say(
  `\npages ${results.length} (${measured.length} where Readability finds text)  mean kept ${pct(mean)}  minimum ${pct(min.kept)} (${min.file})  under 95%: ${measured.filter((r) => r.kept < 0.95).length}`,
);
