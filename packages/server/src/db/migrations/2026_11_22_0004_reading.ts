import type { Kysely } from 'kysely';
import type { Dialect } from '../client.js';
import { columns } from './columns.js';

export function reading(dialect: Dialect) {
  const col = columns(dialect);
  return {
    async up(db: Kysely<unknown>) {
      await db.schema
        .createTable('article_words')
        .addColumn('article_id', 'integer', (c) => c.notNull().references('articles.id').onDelete('cascade'))
        .addColumn('word', 'text', (c) => c.notNull())
        .addColumn('resolve', 'text', (c) => c.notNull())
        .addColumn('tag', 'text')
        .addColumn('created_by', 'integer', (c) => c.references('users.id').onDelete('set null'))
        .addColumn('created_at', col.timestamp, (c) => c.notNull())
        .addPrimaryKeyConstraint('article_words_pk', ['article_id', 'word'])
        .execute();

      await db.schema
        .createTable('article_marks')
        .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
        .addColumn('article_id', 'integer', (c) => c.notNull().references('articles.id').onDelete('cascade'))
        .addColumn('starred_at', col.timestamp)
        .addColumn('finished_at', col.timestamp)
        .addPrimaryKeyConstraint('article_marks_pk', ['user_id', 'article_id'])
        .execute();
      await db.schema.createIndex('article_marks_star_idx').on('article_marks').columns(['user_id', 'starred_at']).execute();

      await col
        .id(db.schema.createTable('article_notes'))
        .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
        .addColumn('article_id', 'integer', (c) => c.notNull().references('articles.id').onDelete('cascade'))
        .addColumn('note_uuid', 'text', (c) => c.notNull())
        .addColumn('text', 'text', (c) => c.notNull())
        .addColumn('comment', 'text', (c) => c.notNull())
        .addColumn('root', 'text', (c) => c.notNull())
        .addColumn('tag', 'text')
        .addColumn('color', 'text', (c) => c.notNull())
        .addColumn('data', 'text', (c) => c.notNull())
        .addColumn('is_public', 'integer', (c) => c.notNull().defaultTo(0))
        .addColumn('created_at', col.timestamp, (c) => c.notNull())
        .addColumn('updated_at', col.timestamp, (c) => c.notNull())
        .addUniqueConstraint('article_notes_user_uuid', ['user_id', 'note_uuid'])
        .execute();
      await db.schema.createIndex('article_notes_article_idx').on('article_notes').columns(['article_id', 'user_id']).execute();

      // The word book: one card per headword, scheduled by FSRS (ts-fsrs's Card fields).
      await col
        .id(db.schema.createTable('word_book'))
        .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
        .addColumn('word', 'text', (c) => c.notNull())
        .addColumn('due', col.timestamp, (c) => c.notNull())
        .addColumn('stability', 'real', (c) => c.notNull().defaultTo(0))
        .addColumn('difficulty', 'real', (c) => c.notNull().defaultTo(0))
        .addColumn('elapsed_days', 'integer', (c) => c.notNull().defaultTo(0))
        .addColumn('scheduled_days', 'integer', (c) => c.notNull().defaultTo(0))
        .addColumn('learning_steps', 'integer', (c) => c.notNull().defaultTo(0))
        .addColumn('reps', 'integer', (c) => c.notNull().defaultTo(0))
        .addColumn('lapses', 'integer', (c) => c.notNull().defaultTo(0))
        .addColumn('state', 'integer', (c) => c.notNull().defaultTo(0))
        .addColumn('last_review', col.timestamp)
        .addColumn('created_at', col.timestamp, (c) => c.notNull())
        .addColumn('updated_at', col.timestamp, (c) => c.notNull())
        .addUniqueConstraint('word_book_user_word', ['user_id', 'word'])
        .execute();
      await db.schema.createIndex('word_book_due_idx').on('word_book').columns(['user_id', 'due']).execute();

      await db.schema
        .createTable('word_lookups')
        .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
        .addColumn('day', 'text', (c) => c.notNull())
        .addColumn('word', 'text', (c) => c.notNull())
        .addPrimaryKeyConstraint('word_lookups_pk', ['user_id', 'day', 'word'])
        .execute();

      await db.schema
        .createTable('read_history')
        .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
        .addColumn('article_id', 'integer', (c) => c.notNull().references('articles.id').onDelete('cascade'))
        .addColumn('spent_time', 'integer', (c) => c.notNull())
        .addColumn('is_finish', 'integer', (c) => c.notNull().defaultTo(0))
        .addColumn('first_read_at', col.timestamp, (c) => c.notNull())
        .addColumn('last_read_at', col.timestamp, (c) => c.notNull())
        .addPrimaryKeyConstraint('read_history_pk', ['user_id', 'article_id'])
        .execute();
      await db.schema.createIndex('read_history_recent_idx').on('read_history').columns(['user_id', 'last_read_at']).execute();

      await db.schema
        .createTable('reading_days')
        .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
        .addColumn('day', 'text', (c) => c.notNull())
        .addColumn('seconds', 'integer', (c) => c.notNull().defaultTo(0))
        .addColumn('finished', 'integer', (c) => c.notNull().defaultTo(0))
        .addPrimaryKeyConstraint('reading_days_pk', ['user_id', 'day'])
        .execute();

      // Each signed t: how much reading time it has already credited, and its last accepted signature.
      await db.schema
        .createTable('history_tokens')
        .addColumn('token_hash', 'text', (c) => c.primaryKey())
        .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
        .addColumn('credited', 'integer', (c) => c.notNull().defaultTo(0))
        .addColumn('last_sign_at', 'bigint', (c) => c.notNull().defaultTo(0))
        .addColumn('created_at', col.timestamp, (c) => c.notNull())
        .execute();

      await db.schema
        .createTable('app_secrets')
        .addColumn('name', 'text', (c) => c.primaryKey())
        .addColumn('value', 'text', (c) => c.notNull())
        .execute();
    },
    async down(db: Kysely<unknown>) {
      for (const t of [
        'app_secrets',
        'history_tokens',
        'reading_days',
        'read_history',
        'word_lookups',
        'word_book',
        'article_notes',
        'article_marks',
        'article_words',
      ]) {
        await db.schema.dropTable(t).execute();
      }
    },
  };
}
