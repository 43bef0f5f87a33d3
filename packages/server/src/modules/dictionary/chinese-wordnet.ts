import { readFileSync, statSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { gunzipSync } from 'node:zlib';
import { LRUCache } from 'lru-cache';
import { derivedKeyedLines, stampOf } from './derived-file.js';

/**
 * The Chinese Open Wordnet's words for a WordNet synset ("n01185144" → 官司, 诉讼, 起诉…): what a
 * sense the sentence chose is called in Chinese, to find that sense's item in an ECDICT line
 * (sense-order.ts). The table (`chinese-wordnet.tsv.gz`, 42,000 synsets, made by
 * `bench/build-chinese-wordnet.ts` from COW and the Interlingual Index; its licence is in
 * CHINESE-WORDNET-LICENSE beside it) is unpacked once per machine into a sorted file and searched
 * on disk, like CC-CEDICT's glosses: a process holds only the answers it gave.
 */
export interface ChineseWordNet {
  /** The Chinese words of a synset (`WordNetSense.synset`), or [] when COW has none. */
  words(synset: string): string[];
}

export function chineseWordNetFile(): string {
  return fileURLToPath(new URL('./chinese-wordnet.tsv.gz', import.meta.url));
}

/** Opened at the first question: the sorted file is unpacked then if this machine has none. */
export function openChineseWordNet(file = chineseWordNetFile()): ChineseWordNet {
  // Fails at start, not at a lookup, when the table is missing from a build.
  statSync(file);
  const find = derivedKeyedLines(`cow-v1-${stampOf([file])}.tsv`, () => gunzipSync(readFileSync(file)));
  const answered = new LRUCache<string, string[]>({ max: 5_000 });
  return {
    words(synset) {
      const hit = answered.get(synset);
      if (hit) return hit;
      const line = find(synset);
      const words = line ? line.slice(line.indexOf('\t') + 1).split('|') : [];
      answered.set(synset, words);
      return words;
    },
  };
}
