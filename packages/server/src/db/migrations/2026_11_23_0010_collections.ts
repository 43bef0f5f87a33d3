import { sql, type Kysely } from 'kysely';
import type { Dialect } from '../client.js';
import { columns } from './columns.js';

/**
 * Collections (ordered reading lists with a note per article), readers' stars and follows of
 * them, creators (a user approved by a manager), their followers, and creator applications.
 * See docs/collections.md.
 */
export function collections(dialect: Dialect) {
  const col = columns(dialect);
  return {
    async up(db: Kysely<unknown>) {
      await col
        .id(db.schema.createTable('collections'))
        .addColumn('owner_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
        .addColumn('title', 'text', (c) => c.notNull())
        .addColumn('description', 'text')
        .addColumn('cover_article_id', 'integer', (c) => c.references('articles.id').onDelete('set null'))
        .addColumn('cover', 'text')
        .addColumn('is_published', 'integer', (c) => c.notNull().defaultTo(0))
        .addColumn('published_at', col.timestamp)
        .addColumn('follower_count', 'integer', (c) => c.notNull().defaultTo(0))
        .addColumn('star_count', 'integer', (c) => c.notNull().defaultTo(0))
        // When articles were last added: "new work" of a followed creator is ordered by it.
        .addColumn('last_added_at', col.timestamp)
        .addColumn('created_at', col.timestamp, (c) => c.notNull())
        .addColumn('updated_at', col.timestamp, (c) => c.notNull())
        .addColumn('deleted_at', col.timestamp)
        .execute();
      await db.schema.createIndex('collections_owner_idx').on('collections').columns(['owner_id', 'deleted_at']).execute();
      await db.schema.createIndex('collections_published_idx').on('collections').columns(['is_published', 'published_at']).execute();
      // One live collection per title and owner: a double-tapped "create" makes one, not two.
      await sql`create unique index collections_owner_title_idx on collections (owner_id, title) where deleted_at is null`.execute(db);

      await db.schema
        .createTable('collection_items')
        .addColumn('collection_id', 'integer', (c) => c.notNull().references('collections.id').onDelete('cascade'))
        .addColumn('article_id', 'integer', (c) => c.notNull().references('articles.id').onDelete('cascade'))
        .addColumn('position', 'integer', (c) => c.notNull())
        .addColumn('note', 'text')
        .addColumn('added_at', col.timestamp, (c) => c.notNull())
        .addPrimaryKeyConstraint('collection_items_pk', ['collection_id', 'article_id'])
        .execute();
      await db.schema.createIndex('collection_items_order_idx').on('collection_items').columns(['collection_id', 'position']).execute();

      // A reader's star or follow of a collection; seen_at: when a follower last opened it.
      await db.schema
        .createTable('collection_marks')
        .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
        .addColumn('collection_id', 'integer', (c) => c.notNull().references('collections.id').onDelete('cascade'))
        .addColumn('kind', 'text', (c) => c.notNull())
        .addColumn('created_at', col.timestamp, (c) => c.notNull())
        .addColumn('seen_at', col.timestamp, (c) => c.notNull())
        .addPrimaryKeyConstraint('collection_marks_pk', ['user_id', 'collection_id', 'kind'])
        .execute();
      await db.schema.createIndex('collection_marks_user_idx').on('collection_marks').columns(['user_id', 'kind', 'created_at']).execute();

      // A creator is a user a manager approved; the row is the creator flag.
      await db.schema
        .createTable('creators')
        .addColumn('user_id', 'integer', (c) => c.primaryKey().references('users.id').onDelete('cascade'))
        .addColumn('bio', 'text')
        .addColumn('avatar', 'text')
        // An editorial byline whose published articles the creator's page lists.
        .addColumn('author_id', 'integer', (c) => c.references('authors.id').onDelete('set null'))
        .addColumn('follower_count', 'integer', (c) => c.notNull().defaultTo(0))
        .addColumn('created_at', col.timestamp, (c) => c.notNull())
        .execute();
      await db.schema.createIndex('creators_followers_idx').on('creators').columns(['follower_count']).execute();

      await db.schema
        .createTable('creator_follows')
        .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
        .addColumn('creator_id', 'integer', (c) => c.notNull().references('creators.user_id').onDelete('cascade'))
        .addColumn('created_at', col.timestamp, (c) => c.notNull())
        .addPrimaryKeyConstraint('creator_follows_pk', ['user_id', 'creator_id'])
        .execute();

      await col
        .id(db.schema.createTable('creator_applications'))
        .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
        .addColumn('statement', 'text', (c) => c.notNull())
        .addColumn('bio', 'text')
        .addColumn('status', 'text', (c) => c.notNull())
        .addColumn('reason', 'text')
        .addColumn('reviewed_by', 'integer', (c) => c.references('users.id').onDelete('set null'))
        .addColumn('created_at', col.timestamp, (c) => c.notNull())
        .addColumn('reviewed_at', col.timestamp)
        .execute();
      await db.schema.createIndex('creator_applications_status_idx').on('creator_applications').columns(['status', 'created_at']).execute();
      // At most one application waiting per user: a double-tapped "apply" files one.
      await sql`create unique index creator_applications_pending_idx on creator_applications (user_id) where status = 'pending'`.execute(
        db,
      );
    },
    async down(db: Kysely<unknown>) {
      for (const t of ['creator_applications', 'creator_follows', 'creators', 'collection_marks', 'collection_items', 'collections']) {
        await db.schema.dropTable(t).execute();
      }
    },
  };
}
