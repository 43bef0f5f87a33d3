import { sql, type Kysely, type RawBuilder, type SqlBool } from 'kysely';
import type { ModuleDb } from '../../db/ownership.js';

/**
 * PostgreSQL: the newest `n` rows (highest ids) of `article_search` matching a text query, read
 * the cheaper of two ways, as a subquery for the caller's statement (search ranks them, the AI
 * look-ups confirm names in their bodies).
 *
 * The GIN index gives a word's matches in no order, so "the newest n" through it visits every
 * match's row: 14,151 rows for "council budget" at 100,000 articles, the one cost of search that
 * grew with the library (docs/performance.md § Growth). For a common query, walking the table
 * newest first and testing each row stops at its `n`-th match (~7,000 rows for "council
 * budget"); for a rare one the walk would read the whole table for a few matches, which the
 * index finds at once. Which one is common comes from PostgreSQL's own statistics of the
 * column (`pg_stats.most_common_elems`: each frequent lexeme's share of the rows, kept by
 * ANALYZE), read once a minute. Without statistics, or when a walk ends short of `n`, the index
 * answers.
 */
export type TextQuery = { kind: 'to_tsquery' | 'plainto_tsquery'; text: string };

export interface NewestAnswer<T> {
  /** How many matches the subquery gave (at most `n`). */
  matched: number;
  answer: T;
}

/** A query expected to match fewer rows than this many times `n` is asked of the index. */
const INDEX_BELOW = 3;
/**
 * What a walked row costs against a row the index visits (measured at 100,000 articles: ~0.3 µs
 * to test a row's tsvector in order, ~0.8 µs a match through the GIN bitmap and the heap).
 */
const WALKED_ROW_COST = 0.4;
/** Statistics older than this are read again. */
const STATS_MS = 60_000;

export interface Stats {
  at: number;
  /** Rows in the table, as ANALYZE last counted them. */
  rows: number;
  /** Share of rows holding each frequent lexeme; null when the column has no statistics. */
  share: Map<string, number> | null;
  /** The share of a lexeme not in the list: at most the smallest listed one. */
  rare: number;
}

const kept = new WeakMap<object, Stats>();

/** The column's statistics, read again when the kept ones are older than `maxAgeMs`. */
export async function readStats(query: Kysely<unknown>, maxAgeMs = STATS_MS): Promise<Stats> {
  const now = Date.now();
  const old = kept.get(query);
  if (old && now - old.at < maxAgeMs) return old;
  const { rows } = await sql<{ rows: number; elems: string[] | null; freqs: number[] | null }>`
    select c.reltuples::float8 as rows, s.most_common_elems::text::text[] as elems, s.most_common_elem_freqs::float8[] as freqs
    from pg_class c left join pg_stats s on s.schemaname = current_schema() and s.tablename = 'article_search' and s.attname = 'search'
    where c.oid = 'article_search'::regclass`.execute(query);
  const row = rows[0];
  const elems = row?.elems ?? null;
  const freqs = row?.freqs ?? null;
  // most_common_elem_freqs holds one share per lexeme, then the smallest, the largest and the null share.
  const share = elems && freqs ? new Map(elems.map((e, i) => [e, freqs[i]!])) : null;
  const fresh: Stats = { at: now, rows: Math.max(0, Number(row?.rows ?? 0)), share, rare: freqs ? freqs[elems!.length]! : 1 };
  kept.set(query, fresh);
  return fresh;
}

/** Queries' parsed text (`to_tsquery`'s stemming is PostgreSQL's), kept for the next asking. */
const parsedTexts = new Map<string, string>();
const PARSED_KEPT = 1000;

const tsquery = (query: TextQuery) =>
  query.kind === 'to_tsquery' ? sql`to_tsquery('english', ${query.text})` : sql`plainto_tsquery('english', ${query.text})`;

/** The query's lexemes as PostgreSQL parses them; none when it holds only stop words. */
export async function queryLexemes(own: ModuleDb<'articles'>, query: TextQuery): Promise<{ lexeme: string; prefix: boolean }[]> {
  const key = `${query.kind} ${query.text}`;
  let parsed = parsedTexts.get(key);
  if (parsed === undefined) {
    const { rows } = await sql<{ q: string }>`select ${tsquery(query)}::text as q`.execute(own.query);
    parsed = rows[0]?.q ?? '';
    if (parsedTexts.size >= PARSED_KEPT) parsedTexts.clear();
    parsedTexts.set(key, parsed);
  }
  return lexemes(parsed);
}

/** The lexemes of a parsed tsquery's text (`'council' & 'budget':*`), each marked when a prefix. */
export function lexemes(parsed: string): { lexeme: string; prefix: boolean }[] {
  return [...parsed.matchAll(/'((?:[^']|'')*)'(:\*)?/g)].map((m) => ({ lexeme: m[1]!.replace(/''/g, "'"), prefix: m[2] !== undefined }));
}

/**
 * The expected share of rows holding a lexeme: its listed share; for a prefix, the listed
 * lexemes it starts, added (at most 1); for one not listed, the smallest listed share.
 */
function shareOf(s: Stats & { share: Map<string, number> }, lexeme: string, prefix: boolean): number {
  let share = s.share.get(lexeme) ?? 0;
  if (prefix) for (const [e, f] of s.share) if (e !== lexeme && e.startsWith(lexeme)) share += f;
  return Math.min(1, share || s.rare);
}

/**
 * How many rows to walk newest first for the `n` newest matches of an AND of lexemes, or null
 * when the index is the cheaper way. The lexemes' shares bound the query's share `d`: at most
 * the smallest (every match holds it), and about their product when they are independent (words
 * of one story usually occur together more often, so the product is low). A walk tests ~n / d
 * rows, the index visits all N × d matches: walked when, taking `d` as the smallest share, that
 * costs less, the smallest share expects several times `n` and even the product expects a good
 * part of `n`. The walk stops at the `n`-th match and gives up after three times the rows the
 * smallest share needs (then the index answers).
 */
export function walkRows(s: Stats, words: { lexeme: string; prefix: boolean }[], n: number): number | null {
  if (s.share === null || words.length === 0 || s.rows === 0) return null;
  const shares = words.map((w) => shareOf(s as Stats & { share: Map<string, number> }, w.lexeme, w.prefix));
  const least = Math.min(...shares);
  const product = shares.reduce((a, b) => a * b, 1);
  if (s.rows * least < INDEX_BELOW * n || s.rows * product < n / 2) return null;
  if (WALKED_ROW_COST * (n / least) > s.rows * least) return null;
  return Math.ceil((3 * n) / least);
}

/**
 * Runs `ask` with a subquery giving the newest `n` rows of `article_search` (alias `s` inside,
 * all its columns) that match `query` and `where` (on `s`), ordered by id, newest first.
 */
export async function inNewestMatches<T>(
  own: ModuleDb<'articles'>,
  query: TextQuery,
  where: RawBuilder<SqlBool>,
  n: number,
  ask: (newest: RawBuilder<unknown>) => Promise<NewestAnswer<T>>,
): Promise<T> {
  const q = tsquery(query);
  const [s, words] = await Promise.all([readStats(own.query as unknown as Kysely<unknown>), queryLexemes(own, query)]);
  const walk = walkRows(s, words, n);
  if (walk !== null) {
    const walked = await ask(sql`select s.* from (select * from article_search order by article_id desc limit ${walk}) s
      where s.search @@ ${q} and ${where} order by s.article_id desc limit ${n}`);
    if (walked.matched >= n) return walked.answer;
  }
  // `+ 0`: ordered by id, PostgreSQL would walk the primary key instead of asking the index.
  return (await ask(sql`select s.* from article_search s where s.search @@ ${q} and ${where} order by s.article_id + 0 desc limit ${n}`))
    .answer;
}
