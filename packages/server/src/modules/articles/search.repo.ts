import { sql, type RawBuilder, type SqlBool } from 'kysely';
import type { Db } from '../../db/client.js';
import { articlesWhere, type Who } from '../../lib/policy.js';
import { tablesOf, type ModuleDb } from '../../db/ownership.js';
import { inNewestMatches } from './newest-matches.js';

export interface SearchRow {
  id: number;
  snippet: string;
}

/**
 * Sentinels around matches; the service escapes the text and turns them into <mark>.
 * Printable (PostgreSQL's headline options cannot carry control characters) and rare in prose.
 */
export const MARK_START = '⟦';
export const MARK_END = '⟧';

const HAN = /\p{Script=Han}/u;

/** Latin search terms, lower-cased, without query syntax. */
export function searchTerms(q: string): string[] {
  return (q.toLowerCase().match(/[\p{L}\p{N}]+/gu) ?? []).filter((t) => !HAN.test(t)).slice(0, 8);
}

export function isChineseQuery(q: string): boolean {
  return HAN.test(q);
}

/**
 * Full-text search over published articles, best first, behind one interface: SQLite FTS5
 * (porter stemming, bm25 weighted title > Chinese title > summary > body) or PostgreSQL
 * (tsvector, ts_rank, ts_headline). Chinese queries match titles, summaries and translations
 * by substring on both, as neither tokenizer segments Chinese.
 */
interface Candidate {
  id: number;
  /** The rank's score, lower first (bm25's sign). */
  score: number;
  /** Whether the caller may see the article here: published, and its body quotable or its title or summary matching. */
  ok: number | boolean;
}

/**
 * The first `end` matches the caller may see, in the order `order by score, published_at desc`
 * over all of them would give, while looking at the article rows of only the best `n`: `top(n)`
 * gives the index's `n` lowest scores (fewer when there are no more), each marked whether the
 * caller may see it, in that order. `n` grows until it holds `end` visible matches and the whole
 * run of the last one's score (equal scores are ordered by date, and their rows may lie past
 * `n`). Every match is still scored, from the index alone; the rows read stay near `end`.
 */
export async function rankedPage(end: number, top: (n: number) => Promise<Candidate[]>): Promise<Candidate[]> {
  if (end <= 0) return [];
  for (let n = 2 * end + 32; ; n *= 4) {
    const raw = await top(n);
    const visible = raw.filter((r) => Boolean(r.ok));
    if (raw.length < n) return visible.slice(0, end);
    const last = raw[raw.length - 1]!.score;
    if (visible.length >= end && visible[end - 1]!.score < last) return visible.slice(0, end);
  }
}

/**
 * Search ranks at most this many matches, the newest (highest ids) of them: neither FTS5's bm25
 * nor PostgreSQL's ts_rank has a top-k index, so both score every match they are given, and a
 * common word on a large library would cost in proportion to the library. A rarer query (fewer
 * matches) is ranked whole. The best of 1,000 matches score near the best of all of them
 * (docs/articles.md § Search).
 */
export const RANKED_AT_MOST = 1000;

/**
 * A rowid bound FTS5 can use. Numbers reach SQLite as REAL, and FTS5 takes a rowid bound only
 * when it is an INTEGER: a REAL one is left to SQLite to check row by row after FTS5 has walked
 * every match (measured at 100×: "council" from the newest 10 ids, 0.5 ms as REAL, 0.07 as INTEGER).
 */
function rowid(id: number): RawBuilder<number> {
  return sql<number>`cast(${id} as integer)`;
}

/**
 * The FTS5 query for the terms. The last term also matches as a prefix (a word still being
 * typed, "zanzib") unless the library holds it as a word (one look-up in the index): FTS5 builds
 * a prefix's matches by merging the whole index's lists of every word starting with it, before
 * any rowid bound applies, and again for each statement and for bm25's weights (1.3 ms a time for
 * "budget"* at 100×). Porter stemming already joins a word's forms (budgets, budgeting).
 */
async function sqliteMatch(own: ModuleDb<'articles'>, terms: string[]): Promise<string> {
  const quoted = terms.map((t) => `"${t}"`);
  const { rows } = await sql`select 1 as held from articles_fts where articles_fts match ${quoted[quoted.length - 1]!} limit 1`.execute(
    own.query,
  );
  return `${quoted.join(' ')}${rows.length === 0 ? '*' : ''}`;
}

/**
 * `value` for the given articles among the index's matches, in one pass from the lowest of them
 * up (FTS5 seeks to the bound); the `+` keeps the ids from FTS5, which would run the whole query
 * again per id.
 */
async function inRange(own: ModuleDb<'articles'>, match: string, ids: number[], value: RawBuilder<unknown>) {
  const { rows } = await sql<{ id: number; value: unknown }>`
    select articles_fts.rowid as id, ${value} as value
    from articles_fts join articles on articles.id = articles_fts.rowid
    where articles_fts match ${match} and articles_fts.rowid >= ${rowid(Math.min(...ids))} and +articles_fts.rowid in (${sql.join(ids)})`.execute(
    own.query,
  );
  return rows;
}

export function searchRepo(db: Db, options: { rankedAtMost?: number } = {}) {
  const own = tablesOf(db, 'articles');
  const rankedAtMost = options.rankedAtMost ?? RANKED_AT_MOST;
  return {
    /**
     * A body matches, and gives the snippet, only where the caller may quote it (lib/policy.ts:
     * members-only bodies for members); otherwise an article matches on its title and summary,
     * and its snippet is its summary.
     */
    async english(terms: string[], offset: number, limit: number, who: Who): Promise<SearchRow[]> {
      if (terms.length === 0) return [];
      const whole = articlesWhere(who, 'quote');
      if (db.dialect === 'sqlite') {
        const match = await sqliteMatch(own, terms);
        // Walking the matches newest first costs no scoring: the id where the newest
        // `rankedAtMost` end bounds what bm25 scores below (none when there are fewer).
        const { rows: edge } = await sql<{ id: number }>`
          select rowid as id from articles_fts where articles_fts match ${match}
          order by rowid desc limit 1 offset ${rankedAtMost - 1}`.execute(own.query);
        const oldest = edge[0]?.id ?? 0;
        const page = await rankedPage(offset + limit, async (n) => {
          // bm25 over the index alone (no row per match), then the `n` best joined to their
          // articles for the policy and the tie-break.
          const { rows } = await sql<{ id: number; score: number; published: number; whole: number }>`
            select ranked.id, ranked.score, articles.status = 'published' as published, ${whole} as whole
            from (select rowid as id, bm25(articles_fts, 10.0, 8.0, 4.0, 1.0) as score from articles_fts
                  where articles_fts match ${match} and rowid >= ${rowid(oldest)} order by score limit ${n}) ranked
              join articles on articles.id = ranked.id
            order by ranked.score, articles.published_at desc`.execute(own.query);
          // A body the caller may not quote matches only on its title or summary: asked of the
          // index once for all such candidates, not once per row.
          const closed = rows.filter((r) => r.published && !r.whole).map((r) => r.id);
          const titled = new Set(
            closed.length === 0 ? [] : (await inRange(own, `{title title_zh summary} : (${match})`, closed, sql`1`)).map((r) => r.id),
          );
          return rows.map((r) => ({ id: r.id, score: r.score, ok: Boolean(r.published) && (Boolean(r.whole) || titled.has(r.id)) }));
        });
        const ids = page.slice(offset).map((r) => r.id);
        if (ids.length === 0) return [];
        const rows = await inRange(
          own,
          match,
          ids,
          sql`case when ${whole} then snippet(articles_fts, -1, ${MARK_START}, ${MARK_END}, '…', 24)
            else snippet(articles_fts, 2, ${MARK_START}, ${MARK_END}, '…', 24) end`,
        );
        const snippets = new Map(rows.map((r) => [r.id, String(r.value)]));
        return ids.map((id) => ({ id, snippet: snippets.get(id) ?? '' }));
      }
      const query = terms.map((t, i) => `${t}${i === terms.length - 1 ? ':*' : ''}`).join(' & ');
      // The newest `rankedAtMost` matches (as on SQLite, newest-matches.ts), read once (`w`), are
      // ranked from article_search's narrow rows (migration 0027: what ranking and the policy
      // read); only the page is joined to its articles for the headline. The body is weight C of
      // the tsvector: ts_filter keeps the title (A) and summary (B). The outer join answers the
      // count of `w` even when the page is empty.
      return inNewestMatches(own, { kind: 'to_tsquery', text: query }, sql<SqlBool>`true`, rankedAtMost, async (newest) => {
        const { rows } = await sql<{ matched: string | number; id: number | null; snippet: string | null }>`
          with w as (${newest}),
          page as (
            select w.article_id, ts_rank(w.search, q) as score, w.published_at, q
            from w, to_tsquery('english', ${query}) q
            where w.status = 'published' and (${articlesWhere(who, 'quote', 'w')} or ts_filter(w.search, '{a,b}') @@ q)
            order by score desc, w.published_at desc
            limit ${limit} offset ${offset})
          select (select count(*) from w) as matched, articles.id, ts_headline('english',
              case when ${whole} then articles.title || '. ' || articles.body_text else articles.title || '. ' || coalesce(articles.summary, '') end, page.q,
            ${`StartSel=${MARK_START}, StopSel=${MARK_END}, MaxWords=30, MinWords=12, ShortWord=2, MaxFragments=1, FragmentDelimiter=…`}) as snippet
          from (select 1) one
            left join (page join articles on articles.id = page.article_id) on true
          order by page.score desc, page.published_at desc`.execute(own.query);
        return {
          matched: Number(rows[0]?.matched ?? 0),
          answer: rows.flatMap((r) => (r.id === null ? [] : [{ id: r.id, snippet: r.snippet ?? '' }])),
        };
      });
    },

    /** Published articles whose Chinese title, summaries or translations (of a body the caller may quote) contain the query. */
    chinese: (q: string, offset: number, limit: number, who: Who) => {
      const pattern = `%${q.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
      return own.query
        .selectFrom('articles')
        .select(['id', 'title_zh', 'summary_zh', 'content', 'is_lock'])
        .where('status', '=', 'published')
        .where((eb) =>
          eb.or([
            eb('title_zh', 'like', sql<string>`${pattern} escape '\\'`),
            eb('summary_zh', 'like', sql<string>`${pattern} escape '\\'`),
            eb.and([articlesWhere(who, 'quote'), eb('content', 'like', sql<string>`${pattern} escape '\\'`)]),
          ]),
        )
        .orderBy(sql`case when title_zh like ${pattern} escape '\\' then 0 else 1 end`)
        .orderBy('published_at', 'desc')
        .limit(limit)
        .offset(offset)
        .execute();
    },
  };
}
