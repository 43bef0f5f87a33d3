import { Migrator, type Kysely } from 'kysely';
import type { Db } from './client.js';
import { migrations } from './migrations/index.js';

export class MigrationError extends Error {}

/** Brings the schema to the newest migration; any failure throws (start-up must stop). */
export async function migrateToLatest(db: Db): Promise<string[]> {
  const migrator = new Migrator({
    db: db.kysely as unknown as Kysely<unknown>,
    provider: { getMigrations: async () => migrations(db.dialect) },
  });
  const { error, results } = await migrator.migrateToLatest();
  const failed = results?.find((r) => r.status === 'Error');
  if (error || failed) {
    const cause = error instanceof Error ? error.message : String(error ?? '');
    throw new MigrationError(`migration ${failed?.migrationName ?? ''} failed: ${cause}`);
  }
  return (results ?? []).map((r) => r.migrationName);
}
