import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { Readability } from '@mozilla/readability';
import { parseHTML } from 'linkedom';
import { describe, expect, it } from 'vitest';
import { extractArticle } from './extract.js';

const dir = join(import.meta.dirname, 'testdata', 'pages');
const pages = readdirSync(dir).filter((f) => f.endsWith('.html'));

const words = (text: string) => text.toLowerCase().match(/[\p{L}\p{N}]+/gu) ?? [];

/** Share of Readability's words (as a multiset) that the stored text holds. */
function coverage(found: string, stored: string): number {
  const left = new Map<string, number>();
  for (const w of words(stored)) left.set(w, (left.get(w) ?? 0) + 1);
  const all = words(found);
  let kept = 0;
  for (const w of all) {
    const n = left.get(w) ?? 0;
    if (n > 0) {
      kept++;
      left.set(w, n - 1);
    }
  }
  return all.length ? kept / all.length : 1;
}

describe('extraction keeps what Readability found', () => {
  it('has a varied set of pages', () => {
    expect(pages.length).toBeGreaterThanOrEqual(8);
  });

  it.each(pages)('%s: the stored text covers at least 95 percent of Readability’s words, in order', (file) => {
    const html = readFileSync(join(dir, file), 'utf8');
    const { document } = parseHTML(html);
    const found = new Readability(document as unknown as Document).parse()!.textContent!;
    const article = extractArticle(html, 'https://example-news.test/story');
    const stored = article.paragraphs
      .filter((p) => p.kind !== 'figure')
      .map((p) => p.text)
      .join('\n\n');
    const share = coverage(found, stored);
    expect(share, `${file}: ${(share * 100).toFixed(1)}% of ${words(found).length} words`).toBeGreaterThanOrEqual(0.95);
    // In order: the first and last sentences Readability found come first and last.
    const sentences = found.split(/(?<=[.!?])\s+/).map((s) => s.replace(/\s+/g, ' ').trim()).filter((s) => s.length > 30);
    const at = (s: string) => stored.replace(/\s+/g, ' ').indexOf(s);
    expect(at(sentences[0]!)).toBeGreaterThanOrEqual(0);
    expect(at(sentences[0]!)).toBeLessThan(at(sentences[sentences.length - 1]!));
    // Nothing of the site's chrome.
    expect(stored).not.toMatch(/This page was printed from|All rights reserved/);
  });
});
