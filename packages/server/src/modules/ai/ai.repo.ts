import { sql, type Insertable, type Selectable } from 'kysely';
import type { Db } from '../../db/client.js';
import { articlesWhere, type Who } from '../../lib/policy.js';
import type { AiAsksTable } from '../../db/schema.js';

export type AskRow = Selectable<AiAsksTable> & { article_title: string | null };

/** A name the search index finds in at most this many articles is confirmed on each of them. */
const MENTION_CANDIDATES = 200;

/**
 * The article search index (migrations 0003 and 0008; modules/articles/search.repo.ts searches
 * it too), asked which articles hold a name's words in their body: SQLite FTS5 as a phrase on
 * its body column (porter stemming; the index keeps positions, so the phrase costs nothing more);
 * PostgreSQL's generated tsvector for all the words (`plainto_tsquery`, English stemming and stop
 * words). The GIN index keeps no positions: a phrase query there rechecks every candidate's
 * tsvector in the table (14× the time at 10,000 articles), while all the words are answered by
 * the index; the body's text confirms the phrase on the rows kept either way.
 */
function bodyWords(db: Db) {
  const fts5 = (name: string) => `body : "${name.replace(/"/g, '""')}"`;
  return {
    /**
     * Ids of up to `max` articles (any status) the index finds holding the words; null when it
     * cannot be asked: the name has no letters or digits, or (PostgreSQL) only stop words.
     */
    async ids(name: string, max: number): Promise<number[] | null> {
      if (!/[\p{L}\p{N}]/u.test(name)) return null;
      if (db.dialect === 'sqlite') {
        const { rows } = await sql<{ id: number }>`select rowid as id from articles_fts where articles_fts match ${fts5(name)} limit ${max}`.execute(
          db.kysely,
        );
        return rows.map((r) => Number(r.id));
      }
      const { rows } = await sql<{ nodes: number; ids: number[] }>`
        with q as (select plainto_tsquery('english', ${name}) as q)
        select numnode(q.q) as nodes, array(select articles.id from articles where articles.search @@ q.q limit ${max}) as ids from q`.execute(db.kysely);
      const row = rows[0]!;
      return Number(row.nodes) === 0 ? null : row.ids.map(Number);
    },
    /** The same words as a condition on `articles`. */
    holds: (name: string) =>
      db.dialect === 'sqlite'
        ? sql<boolean>`articles.id in (select rowid from articles_fts where articles_fts match ${fts5(name)})`
        : sql<boolean>`articles.search @@ plainto_tsquery('english', ${name})`,
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

export function aiRepo(db: Db) {
  const fullText = bodyWords(db);
  const asks = () =>
    db.kysely
      .selectFrom('ai_asks')
      .leftJoin('articles', 'articles.id', 'ai_asks.article_id')
      .selectAll('ai_asks')
      .select('articles.title as article_title');

  return {
    /** Stores an ask; when the same reader's identical ask was stored meanwhile (a double tap), answers that one. */
    async insertAsk(row: Insertable<AiAsksTable>): Promise<number> {
      const inserted = await db.kysely
        .insertInto('ai_asks')
        .values(row)
        .onConflict((oc) => oc.columns(['user_id', 'cache_key']).doNothing())
        .returning('id')
        .executeTakeFirst();
      if (inserted) return Number(inserted.id);
      const earlier = await db.kysely
        .selectFrom('ai_asks')
        .select('id')
        .where('user_id', '=', row.user_id)
        .where('cache_key', '=', row.cache_key)
        .executeTakeFirstOrThrow();
      return Number(earlier.id);
    },
    askById: (id: number): Promise<AskRow | undefined> => asks().where('ai_asks.id', '=', id).executeTakeFirst(),
    /** The reader's earlier ask with the same key (an identical question). */
    askByKey: (userId: number, key: string): Promise<AskRow | undefined> =>
      asks().where('ai_asks.user_id', '=', userId).where('ai_asks.cache_key', '=', key).executeTakeFirst(),
    history(userId: number, filter: { articleId?: number | undefined; source?: string | undefined }, offset: number, limit: number) {
      let q = asks().where('ai_asks.user_id', '=', userId);
      if (filter.articleId !== undefined) q = q.where('ai_asks.article_id', '=', filter.articleId);
      if (filter.source !== undefined) q = q.where('ai_asks.source', '=', filter.source as AiAsksTable['source']);
      return q.orderBy('ai_asks.id', 'desc').offset(offset).limit(limit).execute();
    },

    async cached(key: string): Promise<string | null> {
      const row = await db.kysely.selectFrom('ai_cache').select('content').where('cache_key', '=', key).executeTakeFirst();
      return row?.content ?? null;
    },
    /** Keeps an answer; a concurrent identical one may have been kept first, and then this one replaces it. */
    async keep(key: string, kind: string, model: string, content: string, now: string) {
      await db.kysely
        .insertInto('ai_cache')
        .values({ cache_key: key, kind, model, content, created_at: now })
        .onConflict((oc) => oc.column('cache_key').doUpdateSet({ content, created_at: now }))
        .execute();
    },
    async forget(key: string) {
      await db.kysely.deleteFrom('ai_cache').where('cache_key', '=', key).execute();
    },

    async usageOn(userId: number, day: string): Promise<{ tokens: number; requests: number }> {
      const row = await db.kysely
        .selectFrom('ai_usage')
        .select(['tokens', 'requests'])
        .where('user_id', '=', userId)
        .where('day', '=', day)
        .executeTakeFirst();
      return { tokens: Number(row?.tokens ?? 0), requests: Number(row?.requests ?? 0) };
    },
    async usageBetween(userId: number, fromDay: string, toDay: string): Promise<{ tokens: number; requests: number }> {
      const row = await db.kysely
        .selectFrom('ai_usage')
        .select((eb) => [eb.fn.sum<number>('tokens').as('tokens'), eb.fn.sum<number>('requests').as('requests')])
        .where('user_id', '=', userId)
        .where('day', '>=', fromDay)
        .where('day', '<=', toDay)
        .executeTakeFirst();
      return { tokens: Number(row?.tokens ?? 0), requests: Number(row?.requests ?? 0) };
    },
    /** Adds a request's reported tokens to the reader's day (one row per reader and day). */
    async count(userId: number, day: string, tokens: number) {
      await db.kysely
        .insertInto('ai_usage')
        .values({ user_id: userId, day, tokens, requests: 1 })
        .onConflict((oc) =>
          oc.columns(['user_id', 'day']).doUpdateSet((eb) => ({
            tokens: eb('ai_usage.tokens', '+', tokens),
            requests: eb('ai_usage.requests', '+', 1),
          })),
        )
        .execute();
    },

    /** An article's stored body (any status), for work managers started; null when it is gone. */
    async articleContent(id: number): Promise<string | null> {
      const row = await db.kysely.selectFrom('articles').select('content').where('id', '=', id).executeTakeFirst();
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
     * looked for among the newest articles first, so either way no request reads every body. A name the index cannot hold (no letters or
     * digits, or only PostgreSQL's stop words, such as "the") is looked for in the bodies, newest
     * first, as before: such a name stands in most articles, so the newest few hold it.
     * `partialEdges` (a reader's selection): when the whole text is not found as words, its first
     * and last words may be cut, and the words between them are looked for instead.
     */
    async mentioning(who: Who, name: string, limit: number, options: { partialEdges?: boolean } = {}) {
      const pattern = `%${name.toLowerCase().replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
      const quoted = () =>
        db.kysely
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
        const newest = db.kysely
          .selectFrom('articles')
          .select('id')
          .where(articlesWhere(who, 'quote'))
          .where(fullText.holds(phrase))
          .orderBy('published_at', 'desc')
          .limit(limit * 4);
        const rows = await quoted().where('id', 'in', newest).execute();
        if (rows.length === limit) return rows;
      }
      return quoted().where(fullText.holds(phrase)).execute();
    },
  };
}

export type AiRepo = ReturnType<typeof aiRepo>;
