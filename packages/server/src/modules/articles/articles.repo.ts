import { sql, type Insertable, type Selectable, type Updateable } from 'kysely';
import { afterCommit, transaction, type Db } from '../../db/client.js';
import { compiledOnce } from '../../db/compiled-once.js';
import type { PreparedContent } from './article-content.js';
import type { ArticleStatus } from '@changdu/contract';
import type { ArticlesTable } from '../../db/schema.js';
import { tablesOf } from '../../db/ownership.js';

export type ArticleRow = Selectable<ArticlesTable> & { author_name: string | null };

/**
 * What lists read of an article (a card, article.mapper.ts#toCard; the management list's status,
 * url and change time; recommendations' views): never the body, which is most of a row's bytes
 * (a home list read every body of its page: ~0.5 ms a list on SQLite in the realistic mix).
 */
const LIST_COLUMNS = [
  'articles.id',
  'articles.title',
  'articles.title_zh',
  'articles.summary',
  'articles.author_id',
  'articles.source',
  'articles.cover',
  'articles.topics',
  'articles.word_count',
  'articles.is_lock',
  'articles.status',
  'articles.level_auto',
  'articles.level_override',
  'articles.published_at',
  'articles.created_at',
  'articles.updated_at',
  'articles.url',
  'articles.views',
] as const;
type ListColumn = (typeof LIST_COLUMNS)[number] extends `articles.${infer C}` ? C : never;
export type ListRow = Pick<ArticleRow, ListColumn | 'author_name'>;

export interface ListFilter {
  status?: ArticlesTable['status'] | undefined;
  source?: string | undefined;
  q?: string | undefined;
  topic?: string | undefined;
  authorId?: number | undefined;
  /** The effective level: the manager's override, else the computed one. */
  level?: string | undefined;
}

const likePattern = (q: string) => `%${q.toLowerCase().replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

/** What a new article needs; everything else starts at its default (a draft, unlocked, no media). */
export type NewArticle = Partial<Omit<Insertable<ArticlesTable>, 'id' | 'topics' | 'created_at' | 'updated_at'>> &
  Pick<Insertable<ArticlesTable>, 'title'> &
  PreparedContent & { topics: string[]; now: string };

const ARTICLE_DEFAULTS = {
  status: 'draft',
  title_zh: null,
  summary: null,
  summary_zh: null,
  author_id: null,
  source: null,
  url: null,
  feed_id: null,
  cover: null,
  level_override: null,
  is_lock: 0,
  reject_reason: null,
  audio: null,
  pdf: null,
  poster: null,
  views: 0,
  published_at: null,
} satisfies Partial<Insertable<ArticlesTable>>;

/** What an open of an article checks first: may this reader open it, and which version is it. */
type ArticleStamp = Pick<Selectable<ArticlesTable>, 'id' | 'status' | 'is_lock' | 'version'>;

/**
 * How many writes of article rows this process has committed, per database: answers made from the
 * published articles (published-answers.ts) are let go when it moves. Counted after the commit, so
 * an answer read while a write was open is never kept as the new state.
 */
const committedWrites = new WeakMap<Db, number>();
export const articleWrites = (db: Db): number => committedWrites.get(db) ?? 0;
export const wrote = (db: Db) => afterCommit(db, () => committedWrites.set(db, articleWrites(db) + 1));

export function articlesRepo(db: Db) {
  const own = tablesOf(db, 'articles');
  // The stamp is read on every open of an article (show, the reader's page): its query is built
  // and compiled once (db/compiled-once.ts). Kysely's builder and compiler were ~6 % of a show.
  const stampQuery = compiledOnce<{ id: number }, ArticleStamp>(['id'], (v) =>
    own.query.selectFrom('articles').select(['id', 'status', 'is_lock', 'version']).where('id', '=', v.id),
  );
  async function setTopics(id: number, topics: string[]) {
    await own.query.deleteFrom('article_topics').where('article_id', '=', id).execute();
    if (topics.length)
      await own.query
        .insertInto('article_topics')
        .values(topics.map((topic) => ({ article_id: id, topic })))
        .execute();
  }

  const base = () =>
    own.query
      .selectFrom('articles')
      .leftJoin('authors', 'authors.id', 'articles.author_id')
      .selectAll('articles')
      .select('authors.name as author_name');

  const listBase = () =>
    own.query
      .selectFrom('articles')
      .leftJoin('authors', 'authors.id', 'articles.author_id')
      .select(LIST_COLUMNS)
      .select('authors.name as author_name');

  return {
    findById: (id: number): Promise<ArticleRow | undefined> => base().where('articles.id', '=', id).executeTakeFirst(),
    /** Several rows in one query (lists of history, notes, stars, search hits). */
    findByIds: (ids: readonly number[]): Promise<ListRow[]> =>
      ids.length
        ? listBase()
            .where('articles.id', 'in', [...new Set(ids)])
            .execute()
        : Promise.resolve([]),
    findByUrl: (url: string) => base().where('articles.url', '=', url).executeTakeFirst(),
    /** The version of each of these articles (rows that don't exist are absent), without reading bodies. */
    async versions(ids: readonly number[]): Promise<Map<number, number>> {
      if (ids.length === 0) return new Map();
      const rows = await own.query
        .selectFrom('articles')
        .select(['id', 'version'])
        .where('id', 'in', [...new Set(ids)])
        .execute();
      return new Map(rows.map((r) => [r.id, Number(r.version)]));
    },
    /** The status of each of these articles (rows that don't exist are absent). */
    async statuses(ids: readonly number[]): Promise<Map<number, ArticleStatus>> {
      if (ids.length === 0) return new Map();
      const rows = await own.query
        .selectFrom('articles')
        .select(['id', 'status'])
        .where('id', 'in', [...new Set(ids)])
        .execute();
      return new Map(rows.map((r) => [r.id, r.status]));
    },
    /** The ids of the `limit` most recently published articles, newest first. */
    async recentPublishedIds(limit: number): Promise<number[]> {
      const rows = await own.query
        .selectFrom('articles')
        .select('id')
        .where('status', '=', 'published')
        .orderBy('published_at', 'desc')
        .orderBy('id', 'desc')
        .limit(limit)
        .execute();
      return rows.map((r) => r.id);
    },
    /** What decides who may open an article and which prepared body fits, without reading the body. */
    async stamp(id: number) {
      return (await own.query.executeQuery(stampQuery({ id }))).rows[0];
    },

    /**
     * The one writer of a new article row: fields not given take their defaults. The row, its
     * topic rows (and, by trigger or generated column, its search index entry) land together.
     */
    async create(article: NewArticle): Promise<number> {
      const { topics, now, ...fields } = article;
      return transaction(db, async () => {
        const { id } = await own.query
          .insertInto('articles')
          .values({
            ...ARTICLE_DEFAULTS,
            ...fields,
            topics: JSON.stringify(topics),
            created_at: now,
            updated_at: now,
          })
          .returning('id')
          .executeTakeFirstOrThrow();
        await setTopics(id, topics);
        wrote(db);
        return id;
      });
    },

    /**
     * Changes a row (and its topic rows when `topics` is given) in one transaction, and raises its
     * version, so every process's prepared copy of the article is replaced (articles.service#show).
     */
    async update(id: number, patch: Updateable<ArticlesTable>, topics?: string[]) {
      await transaction(db, async () => {
        await own.query
          .updateTable('articles')
          .set((eb) => ({ ...patch, version: eb('version', '+', 1) }))
          .where('id', '=', id)
          .execute();
        if (topics) await setTopics(id, topics);
        wrote(db);
      });
    },

    /** Rows of other modules that point at the article follow by their foreign keys (`on delete cascade` or `set null`). */
    async delete(id: number) {
      await own.query.deleteFrom('articles').where('id', '=', id).execute();
      wrote(db);
    },

    /** Newest first by publication (published lists) or by last change (management). */
    list(filter: ListFilter, offset: number, limit: number): Promise<ListRow[]> {
      let q = listBase();
      if (filter.status) q = q.where('articles.status', '=', filter.status);
      if (filter.source) q = q.where('articles.source', '=', filter.source);
      if (filter.authorId) q = q.where('articles.author_id', '=', filter.authorId);
      if (filter.level) q = q.where(sql<string>`coalesce(articles.level_override, articles.level_auto)`, '=', filter.level);
      if (filter.topic) {
        const topic = filter.topic;
        q = q.where((eb) =>
          eb.exists(
            eb
              .selectFrom('article_topics')
              .select('article_id')
              .whereRef('article_topics.article_id', '=', 'articles.id')
              .where('topic', '=', topic),
          ),
        );
      }
      if (filter.q) {
        const pattern = likePattern(filter.q);
        q = q.where((eb) =>
          eb.or([
            eb(sql<string>`lower(articles.title)`, 'like', sql<string>`${pattern} escape '\\'`),
            eb(sql<string>`lower(coalesce(articles.title_zh, ''))`, 'like', sql<string>`${pattern} escape '\\'`),
          ]),
        );
      }
      const ordered = filter.status === 'published' ? q.orderBy('articles.published_at', 'desc') : q.orderBy('articles.updated_at', 'desc');
      return ordered.orderBy('articles.id', 'desc').limit(limit).offset(offset).execute();
    },

    /** The newest published articles: the candidates recommendations rank. */
    recentPublished: (limit: number) =>
      listBase().where('articles.status', '=', 'published').orderBy('articles.published_at', 'desc').limit(limit).execute(),

    countPublishedSince: async (since: string) =>
      Number(
        (
          await own.query
            .selectFrom('articles')
            .select((eb) => eb.fn.countAll<number>().as('n'))
            .where('status', '=', 'published')
            .where('published_at', '>', since)
            .executeTakeFirstOrThrow()
        ).n,
      ),

    topicCounts: () =>
      own.query
        .selectFrom('article_topics')
        .innerJoin('articles', 'articles.id', 'article_topics.article_id')
        .select(['article_topics.topic', (eb) => eb.fn.countAll<number>().as('n')])
        .where('articles.status', '=', 'published')
        .groupBy('article_topics.topic')
        .execute(),

    sources: () => own.query.selectFrom('articles').select('source').distinct().where('source', 'is not', null).execute(),
  };
}

export type ArticlesRepo = ReturnType<typeof articlesRepo>;
