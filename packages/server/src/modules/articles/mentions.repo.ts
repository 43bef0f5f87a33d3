import { sql } from 'kysely';
import type { Db } from '../../db/client.js';
import { tablesOf } from '../../db/ownership.js';
import { articlesWhere, type Who } from '../../lib/policy.js';

/** A name the search index finds in at most this many articles is confirmed on each of them. */
const MENTION_CANDIDATES = 200;

/**
 * The article search index (migrations 0003 and 0008; modules/articles/search.repo.ts searches
 * it too), asked which articles hold a name's words in their body: SQLite FTS5 as a phrase on
 * its body column (porter stemming; the index keeps positions, so the phrase costs nothing more);
 * PostgreSQL's tsvector for all the words (`plainto_tsquery`, English stemming and stop words), read
 * from `article_search`'s narrow rows (migration 0027) rather than the wide `articles` rows. The
 * GIN index keeps no positions: a phrase query there rechecks every candidate's tsvector in the
 * table (14× the time at 10,000 articles), while all the words are answered by the index; the
 * body's text confirms the phrase on the rows kept either way.
 */
function bodyWords(db: Db) {
  const own = tablesOf(db, 'articles');
  const fts5 = (name: string) => `body : "${name.replace(/"/g, '""')}"`;
  return {
    /**
     * Ids of up to `max` articles (any status) the index finds holding the words; null when it
     * cannot be asked: the name has no letters or digits, or (PostgreSQL) only stop words.
     */
    async ids(name: string, max: number): Promise<number[] | null> {
      if (!/[\p{L}\p{N}]/u.test(name)) return null;
      if (db.dialect === 'sqlite') {
        const { rows } = await sql<{
          id: number;
        }>`select rowid as id from articles_fts where articles_fts match ${fts5(name)} limit ${max}`.execute(own.query);
        return rows.map((r) => Number(r.id));
      }
      const { rows } = await sql<{ nodes: number; ids: number[] }>`
        with q as (select plainto_tsquery('english', ${name}) as q)
        select numnode(q.q) as nodes, array(select s.article_id from article_search s where s.search @@ q.q limit ${max}) as ids from q`.execute(
        own.query,
      );
      const row = rows[0]!;
      return Number(row.nodes) === 0 ? null : row.ids.map(Number);
    },
    /** The same words as a condition on `articles`. */
    holds: (name: string) =>
      db.dialect === 'sqlite'
        ? sql<boolean>`articles.id in (select rowid from articles_fts where articles_fts match ${fts5(name)})`
        : sql<boolean>`articles.id in (select s.article_id from article_search s where s.search @@ plainto_tsquery('english', ${name}))`,
  };
}

/** The text between a needle's first and last words, when there is a word between them. */
function innerWords(needle: string): string | null {
  const words = [...needle.matchAll(/[\p{L}\p{N}]+/gu)];
  if (words.length < 3) return null;
  const first = words[0]!;
  const last = words[words.length - 1]!;
  return needle.slice(first.index + first[0].length, last.index).trim();
}

/** Articles' bodies for AI help: the articles quoting a name, and an article's stored body. */
export function mentionsRepo(db: Db) {
  const own = tablesOf(db, 'articles');
  const fullText = bodyWords(db);
  return {
    /** An article's stored body (any status), for work managers started; null when it is gone. */
    async articleContent(id: number): Promise<string | null> {
      const row = await own.query.selectFrom('articles').select('content').where('id', '=', id).executeTakeFirst();
      return row?.content ?? null;
    },
    /**
     * Articles whose text mentions `name` and that `who` may quote (lib/policy.ts: published, and
     * members-only ones for members), newest first: the examples, entities and stored
     * translations AI help quotes.
     *
     * The search index finds the articles holding `name`'s words (`bodyWords`: as a phrase on
     * SQLite); the body's text then confirms the exact phrase (`lower(body_text) like`), on those
     * rows only. A name found in few articles is confirmed on each of them; one found in many is
     * looked for among the newest articles first, so either way no request reads every body. A
     * name the index cannot hold (no letters or digits, or only PostgreSQL's stop words, such as
     * "the") is looked for in the bodies, newest first, as before: such a name stands in most
     * articles, so the newest few hold it.
     * `partialEdges` (a reader's selection): when the whole text is not found as words, its first
     * and last words may be cut, and the words between them are looked for instead.
     */
    async mentioning(who: Who, name: string, limit: number, options: { partialEdges?: boolean } = {}) {
      const pattern = `%${name.toLowerCase().replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
      const quoted = () =>
        own.query
          .selectFrom('articles')
          .select(['id', 'title', 'content'])
          .where(articlesWhere(who, 'quote'))
          .where(sql<boolean>`lower(body_text) like ${pattern} escape '\\'`)
          .orderBy('published_at', 'desc')
          .limit(limit);
      let phrase = name;
      let found = await fullText.ids(phrase, MENTION_CANDIDATES + 1);
      // A selection may start or end inside a word ("ew York is"): its inner words are whole.
      const inner = options.partialEdges && found?.length === 0 ? innerWords(name) : null;
      if (inner !== null) {
        phrase = inner;
        found = await fullText.ids(phrase, MENTION_CANDIDATES + 1);
      }
      if (found === null) return quoted().execute();
      if (found.length === 0) return [];
      if (found.length <= MENTION_CANDIDATES) return quoted().where('id', 'in', found).execute();
      if (db.dialect === 'postgres') {
        // The newest of the index's articles first, their bodies read only then: a body is what a
        // row costs here, and a name in many articles has its newest few among them.
        // From `article_search` (migration 0027): its narrow rows hold what the policy and the order
        // read, so the index's thousands of matches for "New York" cost small rows, not the wide
        // `articles` rows with their bodies' tsvectors.
        const newest = sql<{ id: number }>`select s.article_id as id from article_search s
          where ${articlesWhere(who, 'quote', 's')} and s.search @@ plainto_tsquery('english', ${phrase})
          order by s.published_at desc limit ${limit * 4}`;
        const rows = await quoted()
          .where(sql<boolean>`id in (${newest})`)
          .execute();
        if (rows.length === limit) return rows;
      }
      return quoted().where(fullText.holds(phrase)).execute();
    },
  };
}
