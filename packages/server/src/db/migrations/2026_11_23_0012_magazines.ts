import { sql, type Kysely } from 'kysely';
import type { Dialect } from '../client.js';
import { columns } from './columns.js';

/**
 * Magazine issues and their articles (docs/articles.md § Magazines). A magazine article is a
 * row of `articles`; `magazine_articles` places it in its issue (order, section) and records
 * the work on it: the link found by a crawl, the download's state and error, the review.
 */
export function magazines(dialect: Dialect) {
  const col = columns(dialect);
  return {
    async up(db: Kysely<unknown>) {
      await col
        .id(db.schema.createTable('magazines'))
        .addColumn('name', 'text', (c) => c.notNull())
        .addColumn('edition', 'text', (c) => c.notNull())
        .addColumn('url', 'text')
        .addColumn('cover', 'text')
        .addColumn('status', 'text', (c) => c.notNull())
        .addColumn('review_reason', 'text')
        .addColumn('crawled_at', col.timestamp)
        .addColumn('crawl_error', 'text')
        .addColumn('task_id', 'integer')
        .addColumn('created_by', 'integer', (c) => c.references('users.id').onDelete('set null'))
        .addColumn('published_at', col.timestamp)
        .addColumn('created_at', col.timestamp, (c) => c.notNull())
        .addColumn('updated_at', col.timestamp, (c) => c.notNull())
        .execute();
      // One issue per publication and edition, whatever the letter case.
      await sql`create unique index magazines_name_edition_idx on magazines (lower(name), lower(edition))`.execute(db);
      await db.schema.createIndex('magazines_status_published_idx').on('magazines').columns(['status', 'published_at']).execute();

      await col
        .id(db.schema.createTable('magazine_articles'))
        .addColumn('magazine_id', 'integer', (c) => c.notNull().references('magazines.id').onDelete('cascade'))
        .addColumn('position', 'integer', (c) => c.notNull())
        .addColumn('section', 'text')
        .addColumn('title', 'text', (c) => c.notNull())
        .addColumn('url', 'text')
        .addColumn('article_id', 'integer', (c) => c.references('articles.id').onDelete('set null'))
        .addColumn('state', 'text', (c) => c.notNull())
        .addColumn('error', 'text')
        .addColumn('review', 'text', (c) => c.notNull())
        .addColumn('review_reason', 'text')
        .addColumn('created_at', col.timestamp, (c) => c.notNull())
        .addColumn('updated_at', col.timestamp, (c) => c.notNull())
        // A link appears once per issue (uploaded articles have no link: NULLs never collide).
        .addUniqueConstraint('magazine_articles_link', ['magazine_id', 'url'])
        .execute();
      await db.schema.createIndex('magazine_articles_order_idx').on('magazine_articles').columns(['magazine_id', 'position']).execute();
      await db.schema.createIndex('magazine_articles_article_idx').on('magazine_articles').column('article_id').execute();
    },
    async down(db: Kysely<unknown>) {
      await db.schema.dropTable('magazine_articles').execute();
      await db.schema.dropTable('magazines').execute();
    },
  };
}
