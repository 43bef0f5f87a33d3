import { sql } from 'kysely';
import type { Db } from '../../db/client.js';

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
    async english(terms: string[], offset: number, limit: number): Promise<SearchRow[]> {
      if (terms.length === 0) return [];
      if (db.dialect === 'sqlite') {
        const match = terms.map((t, i) => `"${t}"${i === terms.length - 1 ? '*' : ''}`).join(' ');
        const { rows } = await sql<SearchRow>`
          select articles_fts.rowid as id, snippet(articles_fts, -1, ${MARK_START}, ${MARK_END}, '…', 24) as snippet
          from articles_fts join articles on articles.id = articles_fts.rowid
          where articles_fts match ${match} and articles.status = 'published'
          order by bm25(articles_fts, 10.0, 8.0, 4.0, 1.0), articles.published_at desc
          limit ${limit} offset ${offset}`.execute(db.kysely);
        return rows;
      }
      const query = terms.map((t, i) => `${t}${i === terms.length - 1 ? ':*' : ''}`).join(' & ');
      const { rows } = await sql<SearchRow>`
        select a.id, ts_headline('english', a.title || '. ' || a.body_text, q,
          ${`StartSel=${MARK_START}, StopSel=${MARK_END}, MaxWords=30, MinWords=12, ShortWord=2, MaxFragments=1, FragmentDelimiter=…`}) as snippet
        from articles a, to_tsquery('english', ${query}) q
        where a.search @@ q and a.status = 'published'
        order by ts_rank(a.search, q) desc, a.published_at desc
        limit ${limit} offset ${offset}`.execute(db.kysely);
      return rows;
    },

    /** Published articles whose Chinese title, summaries or translations contain the query. */
    chinese: (q: string, offset: number, limit: number) => {
      const pattern = `%${q.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
      return db.kysely
        .selectFrom('articles')
        .select(['id', 'title_zh', 'summary_zh', 'content'])
        .where('status', '=', 'published')
        .where((eb) =>
          eb.or([
            eb('title_zh', 'like', sql<string>`${pattern} escape '\\'`),
            eb('summary_zh', 'like', sql<string>`${pattern} escape '\\'`),
            eb('content', 'like', sql<string>`${pattern} escape '\\'`),
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
