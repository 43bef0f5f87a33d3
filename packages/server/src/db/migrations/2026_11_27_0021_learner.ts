import type { Kysely } from 'kysely';
import type { Dialect } from '../client.js';
import { columns } from './columns.js';

/**
 * The learner module's tables (docs/learner.md): a reader's known and ignored headwords, a
 * change counter per reader (so every process rebuilds its cached known set after a change),
 * placement estimates with their dates, and each article's headword counts per version.
 */
export function learner(dialect: Dialect) {
  const col = columns(dialect);
  return {
    async up(db: Kysely<unknown>) {
      await db.schema
        .createTable('learner_words')
        .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
        .addColumn('word', 'text', (c) => c.notNull())
        .addColumn('status', 'text', (c) => c.notNull())
        .addColumn('source', 'text', (c) => c.notNull())
        .addColumn('created_at', col.timestamp, (c) => c.notNull())
        .addPrimaryKeyConstraint('learner_words_pk', ['user_id', 'word'])
        .execute();
      await db.schema.createIndex('learner_words_day_idx').on('learner_words').columns(['user_id', 'created_at']).execute();

      await db.schema
        .createTable('learner_state')
        .addColumn('user_id', 'integer', (c) => c.primaryKey().references('users.id').onDelete('cascade'))
        .addColumn('words_version', 'integer', (c) => c.notNull().defaultTo(0))
        .execute();

      await col
        .id(db.schema.createTable('learner_estimates'))
        .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
        .addColumn('estimate', 'integer', (c) => c.notNull())
        .addColumn('level', 'text', (c) => c.notNull())
        .addColumn('created_at', col.timestamp, (c) => c.notNull())
        .execute();
      await db.schema.createIndex('learner_estimates_user_idx').on('learner_estimates').columns(['user_id', 'created_at']).execute();

      await db.schema
        .createTable('learner_article_words')
        .addColumn('article_id', 'integer', (c) => c.notNull().references('articles.id').onDelete('cascade'))
        .addColumn('part', 'text', (c) => c.notNull())
        .addColumn('version', 'integer', (c) => c.notNull())
        .addColumn('tokens', 'integer', (c) => c.notNull())
        .addColumn('words', 'text', (c) => c.notNull())
        .addPrimaryKeyConstraint('learner_article_words_pk', ['article_id', 'part'])
        .execute();
    },
    async down(db: Kysely<unknown>) {
      for (const table of ['learner_article_words', 'learner_estimates', 'learner_state', 'learner_words']) {
        await db.schema.dropTable(table).execute();
      }
    },
  };
}
