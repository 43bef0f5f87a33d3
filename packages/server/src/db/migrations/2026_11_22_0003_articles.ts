import { sql, type Kysely } from 'kysely';
import type { Dialect } from '../client.js';
import { columns } from './columns.js';

export function articles(dialect: Dialect) {
  const col = columns(dialect);
  return {
    async up(db: Kysely<unknown>) {
      await col
        .id(db.schema.createTable('authors'))
        .addColumn('name', 'text', (c) => c.notNull())
        .addColumn('bio', 'text')
        .addColumn('created_at', col.timestamp, (c) => c.notNull())
        .execute();
      await sql`create unique index authors_name_idx on authors (lower(name))`.execute(db);

      await col
        .id(db.schema.createTable('rss_feeds'))
        .addColumn('url', 'text', (c) => c.notNull().unique())
        .addColumn('title', 'text', (c) => c.notNull())
        .addColumn('site_url', 'text')
        .addColumn('description', 'text')
        .addColumn('last_crawled_at', col.timestamp)
        .addColumn('last_error', 'text')
        .addColumn('created_by', 'integer', (c) => c.references('users.id').onDelete('set null'))
        .addColumn('created_at', col.timestamp, (c) => c.notNull())
        .execute();

      await col
        .id(db.schema.createTable('articles'))
        .addColumn('status', 'text', (c) => c.notNull())
        .addColumn('title', 'text', (c) => c.notNull())
        .addColumn('title_zh', 'text')
        .addColumn('summary', 'text')
        .addColumn('summary_zh', 'text')
        .addColumn('author_id', 'integer', (c) => c.references('authors.id').onDelete('set null'))
        .addColumn('source', 'text')
        .addColumn('url', 'text')
        .addColumn('feed_id', 'integer', (c) => c.references('rss_feeds.id').onDelete('set null'))
        .addColumn('cover', 'text')
        .addColumn('topics', 'text', (c) => c.notNull())
        .addColumn('content', 'text', (c) => c.notNull())
        .addColumn('body_text', 'text', (c) => c.notNull())
        .addColumn('word_count', 'integer', (c) => c.notNull())
        .addColumn('level_auto', 'text', (c) => c.notNull())
        .addColumn('level_override', 'text')
        .addColumn('metrics', 'text', (c) => c.notNull())
        .addColumn('is_lock', 'integer', (c) => c.notNull().defaultTo(0))
        .addColumn('reject_reason', 'text')
        .addColumn('audio', 'text')
        .addColumn('pdf', 'text')
        .addColumn('poster', 'text')
        .addColumn('views', 'integer', (c) => c.notNull().defaultTo(0))
        .addColumn('published_at', col.timestamp)
        .addColumn('created_at', col.timestamp, (c) => c.notNull())
        .addColumn('updated_at', col.timestamp, (c) => c.notNull())
        .execute();
      await db.schema.createIndex('articles_status_published_idx').on('articles').columns(['status', 'published_at']).execute();
      await db.schema.createIndex('articles_author_idx').on('articles').column('author_id').execute();
      await db.schema.createIndex('articles_url_idx').on('articles').column('url').execute();

      await db.schema
        .createTable('article_topics')
        .addColumn('article_id', 'integer', (c) => c.notNull().references('articles.id').onDelete('cascade'))
        .addColumn('topic', 'text', (c) => c.notNull())
        .addPrimaryKeyConstraint('article_topics_pk', ['article_id', 'topic'])
        .execute();
      await db.schema.createIndex('article_topics_topic_idx').on('article_topics').column('topic').execute();

      await col
        .id(db.schema.createTable('article_events'))
        .addColumn('article_id', 'integer', (c) => c.notNull().references('articles.id').onDelete('cascade'))
        .addColumn('user_id', 'integer', (c) => c.references('users.id').onDelete('set null'))
        .addColumn('action', 'text', (c) => c.notNull())
        .addColumn('detail', 'text', (c) => c.notNull())
        .addColumn('created_at', col.timestamp, (c) => c.notNull())
        .execute();
      await db.schema.createIndex('article_events_article_idx').on('article_events').columns(['article_id', 'id']).execute();

      // Who opened what: popularity, and the reader's level and topics for recommendations.
      await col
        .id(db.schema.createTable('article_views'))
        .addColumn('article_id', 'integer', (c) => c.notNull().references('articles.id').onDelete('cascade'))
        .addColumn('user_id', 'integer', (c) => c.references('users.id').onDelete('cascade'))
        .addColumn('cuid', 'text')
        .addColumn('created_at', col.timestamp, (c) => c.notNull())
        .execute();
      await db.schema.createIndex('article_views_user_idx').on('article_views').columns(['user_id', 'id']).execute();
      await db.schema.createIndex('article_views_cuid_idx').on('article_views').columns(['cuid', 'id']).execute();

      await col
        .id(db.schema.createTable('rss_items'))
        .addColumn('feed_id', 'integer', (c) => c.notNull().references('rss_feeds.id').onDelete('cascade'))
        .addColumn('guid', 'text', (c) => c.notNull())
        .addColumn('url', 'text', (c) => c.notNull())
        .addColumn('title', 'text', (c) => c.notNull())
        .addColumn('author', 'text')
        .addColumn('summary', 'text')
        .addColumn('categories', 'text', (c) => c.notNull())
        .addColumn('published_at', col.timestamp)
        .addColumn('article_id', 'integer', (c) => c.references('articles.id').onDelete('set null'))
        .addColumn('created_at', col.timestamp, (c) => c.notNull())
        .addUniqueConstraint('rss_items_feed_guid', ['feed_id', 'guid'])
        .execute();

      // "Published since the reader last looked", for readers and for anonymous clients.
      await db.schema.alterTable('users').addColumn('articles_seen_at', col.timestamp).execute();
      await db.schema.alterTable('visitors').addColumn('articles_seen_at', col.timestamp).execute();

      if (dialect === 'sqlite') {
        await sql`create virtual table articles_fts using fts5(title, title_zh, summary, body, tokenize = 'porter unicode61')`.execute(db);
      } else {
        await sql`alter table articles add column search tsvector`.execute(db);
        await sql`create index articles_search_idx on articles using gin (search)`.execute(db);
      }
    },
    async down(db: Kysely<unknown>) {
      if (dialect === 'sqlite') await sql`drop table articles_fts`.execute(db);
      await db.schema.alterTable('visitors').dropColumn('articles_seen_at').execute();
      await db.schema.alterTable('users').dropColumn('articles_seen_at').execute();
      for (const t of ['rss_items', 'article_views', 'article_events', 'article_topics', 'articles', 'rss_feeds', 'authors']) {
        await db.schema.dropTable(t).execute();
      }
    },
  };
}
