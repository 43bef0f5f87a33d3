import type { Kysely } from 'kysely';

/**
 * The words a reader added on a day (the day's figures answered with every reading report, the
 * stats page's range): read through (user_id, created_at) instead of every row of the reader's
 * word book, which grows to thousands (docs/performance.md § Answers kept for a few seconds).
 */
export function wordsAddedByDay() {
  return {
    async up(db: Kysely<unknown>) {
      await db.schema.createIndex('word_book_added_idx').on('word_book').columns(['user_id', 'created_at']).execute();
    },
    async down(db: Kysely<unknown>) {
      await db.schema.dropIndex('word_book_added_idx').execute();
    },
  };
}
