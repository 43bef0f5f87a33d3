import { sql, type Kysely, type RawBuilder } from 'kysely';
import type { Dialect } from '../client.js';

/**
 * The weekly rank's totals, kept as reading and reviews are recorded, so a week's top and a
 * reader's place are index reads (docs/membership.md § Weekly reading ranks). Until now every
 * request summed the week's rows of every reader and sorted them in the process.
 *
 * `reading_weeks` (history): reading seconds, each article counting at most 30 minutes of a
 * week, and articles finished; `review_weeks` (words): distinct cards reviewed. Weeks are keyed
 * by their Monday (China time, YYYY-MM-DD). Each index serves one category's order: the value
 * descending, ties by user id.
 */
export function rankWeeks(dialect: Dialect) {
  /** The Monday of a YYYY-MM-DD text day, as text. */
  const mondayOf = (day: RawBuilder<unknown>) =>
    dialect === 'sqlite'
      ? sql`date(${day}, '-' || ((cast(strftime('%w', ${day}) as integer) + 6) % 7) || ' days')`
      : sql`to_char(date_trunc('week', (${day})::date), 'YYYY-MM-DD')`;
  /** The China-time day (UTC+8, lib/days.ts) of a stored instant, as text. */
  const chinaDay = (at: RawBuilder<unknown>) =>
    dialect === 'sqlite' ? sql`date(${at}, '+8 hours')` : sql`to_char((${at} at time zone 'UTC') + interval '8 hours', 'YYYY-MM-DD')`;
  // The cap in force when these totals were first made (modules/history: ARTICLE_CAP_SECONDS).
  const cap = sql.lit(30 * 60);

  return {
    async up(db: Kysely<unknown>) {
      await db.schema
        .createTable('reading_weeks')
        .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
        .addColumn('week', 'text', (c) => c.notNull())
        .addColumn('seconds', 'integer', (c) => c.notNull().defaultTo(0))
        .addColumn('finished', 'integer', (c) => c.notNull().defaultTo(0))
        .addPrimaryKeyConstraint('reading_weeks_pk', ['user_id', 'week'])
        .execute();
      await sql`create index reading_weeks_seconds_idx on reading_weeks (week, seconds desc, user_id)`.execute(db);
      await sql`create index reading_weeks_finished_idx on reading_weeks (week, finished desc, user_id)`.execute(db);
      await db.schema
        .createTable('review_weeks')
        .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
        .addColumn('week', 'text', (c) => c.notNull())
        .addColumn('cards', 'integer', (c) => c.notNull().defaultTo(0))
        .addPrimaryKeyConstraint('review_weeks_pk', ['user_id', 'week'])
        .execute();
      await sql`create index review_weeks_cards_idx on review_weeks (week, cards desc, user_id)`.execute(db);

      // The totals of the weeks already recorded, as the ranks computed them until now.
      const day = sql.ref('day');
      await sql`insert into reading_weeks (user_id, week, seconds, finished)
        select user_id, week, sum(case when s > ${cap} then ${cap} else s end), 0
        from (select user_id, article_id, ${mondayOf(day)} as week, sum(seconds) as s
              from read_article_days group by user_id, article_id, ${mondayOf(day)}) per_article
        group by user_id, week`.execute(db);
      await sql`insert into reading_weeks (user_id, week, seconds, finished)
        select user_id, ${mondayOf(day)}, 0, sum(finished) from reading_days
        group by user_id, ${mondayOf(day)} having sum(finished) > 0
        on conflict (user_id, week) do update set finished = excluded.finished`.execute(db);
      const reviewDay = chinaDay(sql.ref('review'));
      await sql`insert into review_weeks (user_id, week, cards)
        select user_id, ${mondayOf(reviewDay)}, count(distinct entry_id) from review_logs
        group by user_id, ${mondayOf(reviewDay)}`.execute(db);
    },
    async down(db: Kysely<unknown>) {
      await db.schema.dropTable('review_weeks').execute();
      await db.schema.dropTable('reading_weeks').execute();
    },
  };
}
