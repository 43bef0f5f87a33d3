import type { Kysely } from 'kysely';
import type { Dialect } from '../client.js';
import { columns } from './columns.js';

export function wordReviews(dialect: Dialect) {
  const col = columns(dialect);
  return {
    async up(db: Kysely<unknown>) {
      await col
        .id(db.schema.createTable('word_contexts'))
        .addColumn('entry_id', 'integer', (c) => c.notNull().references('word_book.id').onDelete('cascade'))
        .addColumn('sentence', 'text')
        .addColumn('article_id', 'integer', (c) => c.references('articles.id').onDelete('set null'))
        .addColumn('source', 'text')
        .addColumn('created_at', col.timestamp, (c) => c.notNull())
        .execute();
      await db.schema.createIndex('word_contexts_entry_idx').on('word_contexts').column('entry_id').execute();

      // Every review with the card as it was before, so a user's FSRS parameters can be re-fitted later.
      await col
        .id(db.schema.createTable('review_logs'))
        .addColumn('entry_id', 'integer', (c) => c.notNull().references('word_book.id').onDelete('cascade'))
        .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
        .addColumn('rating', 'integer', (c) => c.notNull())
        .addColumn('state', 'integer', (c) => c.notNull())
        .addColumn('due', col.timestamp, (c) => c.notNull())
        .addColumn('stability', 'real', (c) => c.notNull())
        .addColumn('difficulty', 'real', (c) => c.notNull())
        .addColumn('elapsed_days', 'integer', (c) => c.notNull())
        .addColumn('last_elapsed_days', 'integer', (c) => c.notNull())
        .addColumn('scheduled_days', 'integer', (c) => c.notNull())
        .addColumn('learning_steps', 'integer', (c) => c.notNull())
        .addColumn('review', col.timestamp, (c) => c.notNull())
        .addColumn('spent_ms', 'integer', (c) => c.notNull())
        .execute();
      await db.schema.createIndex('review_logs_user_idx').on('review_logs').columns(['user_id', 'review']).execute();
      await db.schema.createIndex('review_logs_entry_idx').on('review_logs').columns(['entry_id', 'id']).execute();
    },
    async down(db: Kysely<unknown>) {
      await db.schema.dropTable('review_logs').execute();
      await db.schema.dropTable('word_contexts').execute();
    },
  };
}
