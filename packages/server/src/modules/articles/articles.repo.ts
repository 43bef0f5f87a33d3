import { sql, type Insertable, type Selectable, type Updateable } from 'kysely';
import type { Db } from '../../db/client.js';
import type { ArticlesTable } from '../../db/schema.js';

export type ArticleRow = Selectable<ArticlesTable> & { author_name: string | null };

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

export function articlesRepo(db: Db) {
  const k = db.kysely;
  const base = () =>
    k
      .selectFrom('articles')
      .leftJoin('authors', 'authors.id', 'articles.author_id')
      .selectAll('articles')
      .select('authors.name as author_name');

  /** Keeps the full-text index in step with the row (FTS5 table on SQLite, tsvector column on PostgreSQL). */
  async function reindex(id: number) {
    if (db.dialect === 'sqlite') {
      await sql`delete from articles_fts where rowid = ${id}`.execute(k);
      await sql`insert into articles_fts (rowid, title, title_zh, summary, body)
        select id, title, coalesce(title_zh, ''), coalesce(summary, ''), body_text from articles where id = ${id}`.execute(k);
    } else {
      await sql`update articles set search =
        setweight(to_tsvector('english', title), 'A') ||
        setweight(to_tsvector('english', coalesce(summary, '')), 'B') ||
        setweight(to_tsvector('english', body_text), 'C')
        where id = ${id}`.execute(k);
    }
  }

  return {
    reindex,
    findById: (id: number): Promise<ArticleRow | undefined> => base().where('articles.id', '=', id).executeTakeFirst(),
    findByUrl: (url: string) => base().where('articles.url', '=', url).executeTakeFirst(),

    async insert(row: Insertable<ArticlesTable>, topics: string[]): Promise<number> {
      const { id } = await k.insertInto('articles').values(row).returning('id').executeTakeFirstOrThrow();
      await this.setTopics(id, topics);
      await reindex(id);
      return id;
    },

    async update(id: number, patch: Updateable<ArticlesTable>, topics?: string[]) {
      await k.updateTable('articles').set(patch).where('id', '=', id).execute();
      if (topics) await this.setTopics(id, topics);
      await reindex(id);
    },

    async setTopics(id: number, topics: string[]) {
      await k.deleteFrom('article_topics').where('article_id', '=', id).execute();
      if (topics.length)
        await k
          .insertInto('article_topics')
          .values(topics.map((topic) => ({ article_id: id, topic })))
          .execute();
    },

    async delete(id: number) {
      if (db.dialect === 'sqlite') await sql`delete from articles_fts where rowid = ${id}`.execute(k);
      await k.updateTable('rss_items').set({ article_id: null }).where('article_id', '=', id).execute();
      await k.deleteFrom('articles').where('id', '=', id).execute();
    },

    /** Newest first by publication (published lists) or by last change (management). */
    list(filter: ListFilter, offset: number, limit: number): Promise<ArticleRow[]> {
      let q = base();
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
      base().where('articles.status', '=', 'published').orderBy('articles.published_at', 'desc').limit(limit).execute(),

    countPublishedSince: async (since: string) =>
      Number(
        (
          await k
            .selectFrom('articles')
            .select((eb) => eb.fn.countAll<number>().as('n'))
            .where('status', '=', 'published')
            .where('published_at', '>', since)
            .executeTakeFirstOrThrow()
        ).n,
      ),

    topicCounts: () =>
      k
        .selectFrom('article_topics')
        .innerJoin('articles', 'articles.id', 'article_topics.article_id')
        .select(['article_topics.topic', (eb) => eb.fn.countAll<number>().as('n')])
        .where('articles.status', '=', 'published')
        .groupBy('article_topics.topic')
        .execute(),

    sources: () => k.selectFrom('articles').select('source').distinct().where('source', 'is not', null).execute(),
  };
}

export type ArticlesRepo = ReturnType<typeof articlesRepo>;
