import type { Kysely } from 'kysely';

/** The form a reader tapped ("went" for "go"), kept with its sentence so cards can mark it. */
export function contextForms() {
  return {
    async up(db: Kysely<unknown>) {
      await db.schema.alterTable('word_contexts').addColumn('form', 'text').execute();
    },
    async down(db: Kysely<unknown>) {
      await db.schema.alterTable('word_contexts').dropColumn('form').execute();
    },
  };
}
