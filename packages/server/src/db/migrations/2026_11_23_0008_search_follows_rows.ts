import { sql, type Kysely } from 'kysely';
import type { Dialect } from '../client.js';

const FTS_COLUMNS = sql.raw(`new.id, new.title, coalesce(new.title_zh, ''), coalesce(new.summary, ''), new.body_text`);

/**
 * The search index follows its rows in the database itself, so no write path can forget it:
 * on SQLite, triggers keep the FTS5 table in step; on PostgreSQL, `search` becomes a generated
 * column. Until now the application re-indexed after each write.
 */
export function searchFollowsRows(dialect: Dialect) {
  return {
    async up(db: Kysely<unknown>) {
      if (dialect === 'sqlite') {
        await sql`create trigger articles_fts_insert after insert on articles begin
            insert into articles_fts (rowid, title, title_zh, summary, body) values (${FTS_COLUMNS});
          end`.execute(db);
        await sql`create trigger articles_fts_update after update of title, title_zh, summary, body_text on articles begin
            delete from articles_fts where rowid = old.id;
            insert into articles_fts (rowid, title, title_zh, summary, body) values (${FTS_COLUMNS});
          end`.execute(db);
        await sql`create trigger articles_fts_delete after delete on articles begin
            delete from articles_fts where rowid = old.id;
          end`.execute(db);
        // Rebuild once from the rows, whatever state the old application-kept index was in.
        await sql`delete from articles_fts`.execute(db);
        await sql`insert into articles_fts (rowid, title, title_zh, summary, body)
          select id, title, coalesce(title_zh, ''), coalesce(summary, ''), body_text from articles`.execute(db);
      } else {
        await sql`drop index articles_search_idx`.execute(db);
        await sql`alter table articles drop column search`.execute(db);
        await sql`alter table articles add column search tsvector generated always as (
            setweight(to_tsvector('english'::regconfig, title), 'A') ||
            setweight(to_tsvector('english'::regconfig, coalesce(summary, '')), 'B') ||
            setweight(to_tsvector('english'::regconfig, body_text), 'C')
          ) stored`.execute(db);
        await sql`create index articles_search_idx on articles using gin (search)`.execute(db);
      }
    },
    async down(db: Kysely<unknown>) {
      if (dialect === 'sqlite') {
        for (const name of ['articles_fts_insert', 'articles_fts_update', 'articles_fts_delete']) {
          await sql`drop trigger ${sql.raw(name)}`.execute(db);
        }
      } else {
        await sql`drop index articles_search_idx`.execute(db);
        await sql`alter table articles drop column search`.execute(db);
        await sql`alter table articles add column search tsvector`.execute(db);
        await sql`create index articles_search_idx on articles using gin (search)`.execute(db);
      }
    },
  };
}
