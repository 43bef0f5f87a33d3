import { sql, type Kysely } from 'kysely';
import type { Dialect } from '../client.js';

/**
 * PostgreSQL: search ranks from a narrow table of its own, `article_search` (the article's id,
 * what the policy and the order read — status, is_lock, published_at — and the tsvector), with
 * its own GIN index, kept by a trigger on `articles` (issue 30, docs/performance.md § Growth).
 * Ranking reads every match's tsvector; in `articles` each match cost a page of a wide row
 * (185 MB of heap at 100,000 articles, 11,058 pages read for "council budget"), here ~40 rows
 * share a page (21 MB). `articles.search` stays for the AI look-ups (modules/ai/ai.repo.ts).
 *
 * SQLite needs no table: search ranks in the FTS5 index alone and reads the article rows of
 * only the best few (modules/articles/search.repo.ts).
 */
export function searchRows(dialect: Dialect) {
  return {
    async up(db: Kysely<unknown>) {
      if (dialect !== 'postgres') return;
      await sql`create table article_search (
          article_id bigint primary key references articles (id) on delete cascade,
          status text not null,
          is_lock integer not null,
          published_at timestamptz,
          search tsvector not null
        )`.execute(db);
      // An AFTER trigger sees the generated `search` of the new row. `views` and other counters
      // do not fire it; a deleted article's row goes with it (on delete cascade).
      await sql`create function article_search_follow() returns trigger language plpgsql as $$
        begin
          insert into article_search (article_id, status, is_lock, published_at, search)
            values (new.id, new.status, new.is_lock, new.published_at, new.search)
            on conflict (article_id) do update set status = excluded.status, is_lock = excluded.is_lock,
              published_at = excluded.published_at, search = excluded.search;
          return null;
        end $$`.execute(db);
      await sql`create trigger article_search_follow after insert or update of status, is_lock, published_at, title, summary, body_text
          on articles for each row execute function article_search_follow()`.execute(db);
      await sql`insert into article_search (article_id, status, is_lock, published_at, search)
          select id, status, is_lock, published_at, search from articles`.execute(db);
      await sql`create index article_search_idx on article_search using gin (search)`.execute(db);
    },
    async down(db: Kysely<unknown>) {
      if (dialect !== 'postgres') return;
      await sql`drop trigger article_search_follow on articles`.execute(db);
      await sql`drop function article_search_follow()`.execute(db);
      await sql`drop table article_search`.execute(db);
    },
  };
}
