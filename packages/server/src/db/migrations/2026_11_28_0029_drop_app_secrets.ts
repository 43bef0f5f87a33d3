import type { Kysely } from 'kysely';

/**
 * `app_secrets` held the reading reports' signing secret, made per database at first use. The
 * reading token now signs with the deployment's secret (lib/signed-token.ts, `APP_SECRET`), as
 * every other signed value does (issue 27 §3), so nothing reads or writes the table.
 */
export function dropAppSecrets() {
  return {
    async up(db: Kysely<unknown>) {
      await db.schema.dropTable('app_secrets').ifExists().execute();
    },
    async down(db: Kysely<unknown>) {
      await db.schema
        .createTable('app_secrets')
        .ifNotExists()
        .addColumn('name', 'text', (c) => c.primaryKey())
        .addColumn('value', 'text', (c) => c.notNull())
        .execute();
    },
  };
}
