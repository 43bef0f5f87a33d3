import { sql, type Kysely } from 'kysely';

/**
 * `articles.version`: raised by every write of an article's row or its key words (articles.repo,
 * key-words.repo), so the reader's prepared article (cache key and ETag) follows the row in
 * every process without reading the body (docs/performance.md).
 */
export function perf() {
  return {
    async up(db: Kysely<unknown>) {
      await sql`alter table articles add column version integer not null default 0`.execute(db);
    },
    async down(db: Kysely<unknown>) {
      await sql`alter table articles drop column version`.execute(db);
    },
  };
}
