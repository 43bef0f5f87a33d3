import { sql } from 'kysely';
import type { Db } from '../../db/client.js';
import { tablesOf } from '../../db/ownership.js';
import { articlesWhere, type Who } from '../../lib/policy.js';
import { inNewestMatches, queryLexemes } from './newest-matches.js';

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
     * Articles to confirm the name on, newest first where there are many: null when the index
     * cannot be asked (the name has no letters or digits, or on PostgreSQL only stop words);
     * `all` when they are every article the index finds for `who`, so none is left past them.
     * SQLite hands over up to `MENTION_CANDIDATES` (none, not all, when there are more: then
     * `holds` looks among all of them). PostgreSQL hands over the newest `2 × limit` from
     * `article_search` (migration 0027), whose narrow rows hold what the policy and the order
     * read, newest first where that is cheaper (newest-matches.ts): "New York" costs the rows of
     * its newest matches, not all of its thousands, and no more bodies are read than the
     * answer needs (twice: a name's words may stand apart in some).
     */
    async candidates(name: string, who: Who, limit: number): Promise<{ ids: number[]; all: boolean } | null> {
      if (!/[\p{L}\p{N}]/u.test(name)) return null;
      if (db.dialect === 'sqlite') {
        const { rows } = await sql<{
          id: number;
        }>`select rowid as id from articles_fts where articles_fts match ${fts5(name)} limit ${MENTION_CANDIDATES + 1}`.execute(own.query);
        return rows.length > MENTION_CANDIDATES ? { ids: [], all: false } : { ids: rows.map((r) => Number(r.id)), all: true };
      }
      const query = { kind: 'plainto_tsquery', text: name } as const;
      if ((await queryLexemes(own, query)).length === 0) return null;
      const wanted = limit * 2;
      const ids = await inNewestMatches(own, query, articlesWhere(who, 'quote', 's'), wanted, async (newest) => {
        const { rows } = await sql<{ id: string | number }>`select n.article_id as id from (${newest}) n`.execute(own.query);
        return { matched: rows.length, answer: rows.map((r) => Number(r.id)) };
      });
      return { ids, all: ids.length < wanted };
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
      let found = await fullText.candidates(phrase, who, limit);
      // A selection may start or end inside a word ("ew York is"): its inner words are whole.
      const inner = options.partialEdges && found?.all && found.ids.length === 0 ? innerWords(name) : null;
      if (inner !== null) {
        phrase = inner;
        found = await fullText.candidates(phrase, who, limit);
      }
      if (found === null) return quoted().execute();
      if (found.ids.length > 0) {
        const rows = await quoted().where('id', 'in', found.ids).execute();
        if (found.all || rows.length === limit) return rows;
      } else if (found.all) return [];
      return quoted().where(fullText.holds(phrase)).execute();
    },
  };
}
