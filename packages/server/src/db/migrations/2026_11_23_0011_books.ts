import type { Kysely } from 'kysely';
import type { Dialect } from '../client.js';
import { columns } from './columns.js';

/** Books (EPUB imports), their chapters, readers' shelves with positions, and book notes. */
export function books(dialect: Dialect) {
  const col = columns(dialect);
  return {
    async up(db: Kysely<unknown>) {
      await col
        .id(db.schema.createTable('books'))
        .addColumn('uuid', 'text', (c) => c.notNull().unique())
        /** SHA-256 of the EPUB file, hex: the same file is one book. */
        .addColumn('digest', 'text', (c) => c.notNull().unique())
        .addColumn('title', 'text', (c) => c.notNull())
        .addColumn('author', 'text')
        .addColumn('language', 'text')
        .addColumn('description', 'text')
        .addColumn('cover', 'text')
        .addColumn('toc', 'text', (c) => c.notNull())
        .addColumn('chapter_count', 'integer', (c) => c.notNull())
        .addColumn('word_count', 'integer', (c) => c.notNull())
        .addColumn('level', 'text', (c) => c.notNull())
        .addColumn('file_key', 'text')
        .addColumn('source', 'text')
        .addColumn('status', 'text', (c) => c.notNull().defaultTo('private'))
        .addColumn('uploaded_by', 'integer', (c) => c.references('users.id').onDelete('set null'))
        .addColumn('published_at', col.timestamp)
        .addColumn('created_at', col.timestamp, (c) => c.notNull())
        .addColumn('updated_at', col.timestamp, (c) => c.notNull())
        .execute();
      await db.schema.createIndex('books_status_idx').on('books').columns(['status', 'published_at']).execute();

      await db.schema
        .createTable('book_chapters')
        .addColumn('book_id', 'integer', (c) => c.notNull().references('books.id').onDelete('cascade'))
        .addColumn('idx', 'integer', (c) => c.notNull())
        .addColumn('title', 'text', (c) => c.notNull())
        .addColumn('content', 'text', (c) => c.notNull())
        .addColumn('word_count', 'integer', (c) => c.notNull())
        .addColumn('level', 'text', (c) => c.notNull())
        .addColumn('level_words', 'text', (c) => c.notNull())
        .addPrimaryKeyConstraint('book_chapters_pk', ['book_id', 'idx'])
        .execute();

      await col
        .id(db.schema.createTable('book_shelf'))
        .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
        .addColumn('book_id', 'integer', (c) => c.notNull().references('books.id').onDelete('cascade'))
        .addColumn('pos', 'text')
        /** The reading device's time of `pos`: a write older than this never moves it. */
        .addColumn('pos_at', col.timestamp)
        .addColumn('progress', 'real', (c) => c.notNull().defaultTo(0))
        .addColumn('read_seconds', 'integer', (c) => c.notNull().defaultTo(0))
        .addColumn('added_at', col.timestamp, (c) => c.notNull())
        .addColumn('last_read_at', col.timestamp)
        .addUniqueConstraint('book_shelf_user_book', ['user_id', 'book_id'])
        .execute();

      await col
        .id(db.schema.createTable('book_notes'))
        .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
        .addColumn('book_id', 'integer', (c) => c.notNull().references('books.id').onDelete('cascade'))
        .addColumn('note_uuid', 'text', (c) => c.notNull())
        .addColumn('chapter', 'integer', (c) => c.notNull())
        .addColumn('text', 'text', (c) => c.notNull())
        .addColumn('comment', 'text', (c) => c.notNull())
        .addColumn('root', 'text', (c) => c.notNull())
        .addColumn('tag', 'text')
        .addColumn('color', 'text', (c) => c.notNull())
        .addColumn('data', 'text', (c) => c.notNull())
        .addColumn('created_at', col.timestamp, (c) => c.notNull())
        .addColumn('updated_at', col.timestamp, (c) => c.notNull())
        .addUniqueConstraint('book_notes_user_uuid', ['user_id', 'note_uuid'])
        .execute();
      await db.schema.createIndex('book_notes_book_idx').on('book_notes').columns(['book_id', 'user_id']).execute();
    },
    async down(db: Kysely<unknown>) {
      for (const t of ['book_notes', 'book_shelf', 'book_chapters', 'books']) await db.schema.dropTable(t).execute();
    },
  };
}
