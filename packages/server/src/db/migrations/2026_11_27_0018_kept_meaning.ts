import type { Kysely } from 'kysely';

/**
 * The meaning a card keeps: the one the word sheet showed first for the sentence the word (or
 * phrase) was added from, so the word book and the flashcard teach what the reader saw. Null for
 * cards added before (they show the dictionary's first meaning).
 */
export function keptMeaning() {
  return {
    async up(db: Kysely<unknown>) {
      await db.schema.alterTable('word_book').addColumn('meaning', 'text').execute();
    },
    async down(db: Kysely<unknown>) {
      await db.schema.alterTable('word_book').dropColumn('meaning').execute();
    },
  };
}
