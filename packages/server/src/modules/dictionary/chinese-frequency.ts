import { readFileSync, statSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { gunzipSync } from 'node:zlib';
import { LRUCache } from 'lru-cache';
import { derivedKeyedLines, stampOf } from './derived-file.js';

/**
 * How common a Chinese word is in running text: jieba's counts (`chinese-frequency.tsv.gz`, made by
 * `bench/build-chinese-frequency.ts`, only the words ECDICT's lines hold; licence in JIEBA-LICENSE).
 * ECDICT sometimes leads a line with a rare, narrow item ("kid: n. 小山羊, 小山羊肉, 小孩",
 * "pencil: n. 光线束, 铅笔"); the counts tell such an item from the everyday word beside it
 * (sense-order.ts#commonItemFirst). Unpacked once per machine into a sorted file searched on disk.
 */
export interface ChineseFrequency {
  /** jieba's count for an ECDICT item (its most common form), 0 when jieba does not list it. */
  count(item: string): number;
}

/**
 * The words an ECDICT item may be counted as: without notes in brackets and ellipses, and without
 * the particles jieba does not list words with ("红的" → 红, "使倾斜" → 倾斜, "躺着" → 躺, 帐单 → 账单).
 */
export function frequencyForms(item: string): string[] {
  const bare = item
    .replace(/[(（<＜[【][^)）>＞\]】]*[)）>＞\]】]/g, '')
    .replace(/…|\.\.\./g, '')
    .trim();
  if (!bare) return [];
  const forms = new Set([bare]);
  if (/[的地着]$/.test(bare) && bare.length >= 2) forms.add(bare.slice(0, -1));
  if (/^使/.test(bare) && bare.length > 2) forms.add(bare.slice(1));
  if (bare.includes('帐')) forms.add(bare.replace(/帐/g, '账'));
  return [...forms];
}

export function chineseFrequencyFile(): string {
  return fileURLToPath(new URL('./chinese-frequency.tsv.gz', import.meta.url));
}

/** Opened at the first question: the sorted file is unpacked then if this machine has none. */
export function openChineseFrequency(file = chineseFrequencyFile()): ChineseFrequency {
  // Fails at start, not at a lookup, when the table is missing from a build.
  statSync(file);
  const find = derivedKeyedLines(`zhfreq-v1-${stampOf([file])}.tsv`, () => gunzipSync(readFileSync(file)));
  const answered = new LRUCache<string, number>({ max: 20_000 });
  const countOf = (word: string) => {
    const hit = answered.get(word);
    if (hit !== undefined) return hit;
    const line = find(word);
    const count = line ? Number(line.slice(line.indexOf('\t') + 1)) || 0 : 0;
    answered.set(word, count);
    return count;
  };
  return { count: (item) => Math.max(0, ...frequencyForms(item).map(countOf)) };
}
