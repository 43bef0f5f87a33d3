import { sql } from 'kysely';
import type { Db } from '../../db/client.js';
import { articlesWhere, type Who } from '../../lib/policy.js';

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
export function searchRepo(db: Db) {
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
        const match = terms.map((t, i) => `"${t}"${i === terms.length - 1 ? '*' : ''}`).join(' ');
        const { rows } = await sql<SearchRow>`
          select articles_fts.rowid as id,
            case when ${whole} then snippet(articles_fts, -1, ${MARK_START}, ${MARK_END}, '…', 24)
              else snippet(articles_fts, 2, ${MARK_START}, ${MARK_END}, '…', 24) end as snippet
          from articles_fts join articles on articles.id = articles_fts.rowid
          where articles_fts match ${match} and articles.status = 'published'
            and (${whole} or articles.id in (select rowid from articles_fts where articles_fts match ${`{title title_zh summary} : (${match})`}))
          order by bm25(articles_fts, 10.0, 8.0, 4.0, 1.0), articles.published_at desc
          limit ${limit} offset ${offset}`.execute(db.kysely);
        return rows;
      }
      const query = terms.map((t, i) => `${t}${i === terms.length - 1 ? ':*' : ''}`).join(' & ');
      // The body is weight C of the generated column: ts_filter keeps the title (A) and summary (B).
      const { rows } = await sql<SearchRow>`
        select articles.id, ts_headline('english',
            case when ${whole} then articles.title || '. ' || articles.body_text else articles.title || '. ' || coalesce(articles.summary, '') end, q,
          ${`StartSel=${MARK_START}, StopSel=${MARK_END}, MaxWords=30, MinWords=12, ShortWord=2, MaxFragments=1, FragmentDelimiter=…`}) as snippet
        from articles, to_tsquery('english', ${query}) q
        where articles.search @@ q and articles.status = 'published' and (${whole} or ts_filter(articles.search, '{a,b}') @@ q)
        order by ts_rank(articles.search, q) desc, articles.published_at desc
        limit ${limit} offset ${offset}`.execute(db.kysely);
      return rows;
    },

    /** Published articles whose Chinese title, summaries or translations (of a body the caller may quote) contain the query. */
    chinese: (q: string, offset: number, limit: number, who: Who) => {
      const pattern = `%${q.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
      return db.kysely
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
