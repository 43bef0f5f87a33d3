import type { Kysely } from 'kysely';
import type { Dialect } from '../client.js';
import { columns } from './columns.js';

/** AI help: the readers' questions and answers, a cache of answers, and tokens used per reader and day. */
export function ai(dialect: Dialect) {
  const col = columns(dialect);
  return {
    async up(db: Kysely<unknown>) {
      await col
        .id(db.schema.createTable('ai_asks'))
        .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
        .addColumn('article_id', 'integer', (c) => c.references('articles.id').onDelete('set null'))
        .addColumn('pos', 'text')
        .addColumn('selection', 'text')
        .addColumn('source', 'text', (c) => c.notNull())
        .addColumn('prompt', 'text', (c) => c.notNull())
        .addColumn('answer', 'text', (c) => c.notNull())
        // JSON array of cited paragraph ids.
        .addColumn('citations', 'text', (c) => c.notNull())
        .addColumn('model', 'text')
        .addColumn('offline', 'integer', (c) => c.notNull())
        .addColumn('tokens', 'integer', (c) => c.notNull())
        .addColumn('cache_key', 'text', (c) => c.notNull())
        .addColumn('created_at', col.timestamp, (c) => c.notNull())
        .execute();
      await db.schema.createIndex('ai_asks_user_idx').on('ai_asks').columns(['user_id', 'id']).execute();
      // An identical question is answered from the stored ask: one row per reader and key (a double tap stores one).
      await db.schema.createIndex('ai_asks_user_key_idx').unique().on('ai_asks').columns(['user_id', 'cache_key']).execute();

      // Answers anyone may be served again (summaries, dictionary entries, translations, …), keyed by
      // a hash of the kind, the model and the input (and the article's version for summaries).
      await col
        .id(db.schema.createTable('ai_cache'))
        .addColumn('cache_key', 'text', (c) => c.notNull().unique())
        .addColumn('kind', 'text', (c) => c.notNull())
        .addColumn('model', 'text', (c) => c.notNull())
        .addColumn('content', 'text', (c) => c.notNull())
        .addColumn('created_at', col.timestamp, (c) => c.notNull())
        .execute();

      // Tokens the provider reported, per reader and China-time day: the quota counts these.
      await col
        .id(db.schema.createTable('ai_usage'))
        .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
        .addColumn('day', 'text', (c) => c.notNull())
        .addColumn('tokens', 'integer', (c) => c.notNull())
        .addColumn('requests', 'integer', (c) => c.notNull())
        .addUniqueConstraint('ai_usage_user_day', ['user_id', 'day'])
        .execute();
    },
    async down(db: Kysely<unknown>) {
      await db.schema.dropTable('ai_usage').execute();
      await db.schema.dropTable('ai_cache').execute();
      await db.schema.dropTable('ai_asks').execute();
    },
  };
}
