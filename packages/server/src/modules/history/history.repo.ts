import { sql, type Insertable, type Selectable } from 'kysely';
import { transaction, type Db } from '../../db/client.js';
import { compiledOnce } from '../../db/compiled-once.js';
import { tablesOf } from '../../db/ownership.js';
import type { HistoryTokensTable, OfflineReadingsTable } from '../../db/schema/history.js';

type HistoryTokenRow = Selectable<HistoryTokensTable>;

/** What a week's rank orders readers by: `reading_weeks` columns. */
export type WeekMeasure = 'seconds' | 'finished';

export function historyRepo(db: Db) {
  const own = tablesOf(db, 'history');
  // Every reading report's statements, compiled once (db/compiled-once.ts).
  const tokenQuery = compiledOnce<{ hash: string }, HistoryTokenRow>(['hash'], (v) =>
    own.query.selectFrom('history_tokens').selectAll().where('token_hash', '=', v.hash),
  );
  const firstCreditQuery = compiledOnce<{ hash: string; userId: number; seconds: number; signAt: number; now: string }, never>(
    ['hash', 'userId', 'seconds', 'signAt', 'now'],
    (v) =>
      own.query
        .insertInto('history_tokens')
        .values({ token_hash: v.hash, user_id: v.userId, credited: v.seconds, last_sign_at: v.signAt, created_at: v.now })
        .onConflict((oc) => oc.column('token_hash').doNothing()),
  );
  type ArticleRead = { userId: number; articleId: number; seconds: number; now: string };
  const readQuery = (finishes: boolean) =>
    compiledOnce<ArticleRead, never>(['userId', 'articleId', 'seconds', 'now'], (v) =>
      own.query
        .insertInto('read_history')
        .values({
          user_id: v.userId,
          article_id: v.articleId,
          spent_time: v.seconds,
          is_finish: finishes ? 1 : 0,
          first_read_at: v.now,
          last_read_at: v.now,
        })
        .onConflict((oc) =>
          oc.columns(['user_id', 'article_id']).doUpdateSet((eb) => ({
            spent_time: eb('read_history.spent_time', '+', v.seconds),
            is_finish: finishes ? 1 : eb.ref('read_history.is_finish'),
            last_read_at: v.now,
          })),
        ),
    );
  const readOn = { finishing: readQuery(true), reading: readQuery(false) };
  const articleDayQuery = compiledOnce<{ userId: number; articleId: number; day: string; seconds: number }, never>(
    ['userId', 'articleId', 'day', 'seconds'],
    (v) =>
      own.query
        .insertInto('read_article_days')
        .values({ user_id: v.userId, article_id: v.articleId, day: v.day, seconds: v.seconds })
        .onConflict((oc) =>
          oc.columns(['user_id', 'article_id', 'day']).doUpdateSet((eb) => ({ seconds: eb('read_article_days.seconds', '+', v.seconds) })),
        ),
  );
  const dayQuery = compiledOnce<{ userId: number; day: string; seconds: number; finished: number }, { seconds: number; finished: number }>(
    ['userId', 'day', 'seconds', 'finished'],
    (v) =>
      own.query
        .insertInto('reading_days')
        .values({ user_id: v.userId, day: v.day, seconds: v.seconds, finished: v.finished })
        .onConflict((oc) =>
          oc.columns(['user_id', 'day']).doUpdateSet((eb) => ({
            seconds: eb('reading_days.seconds', '+', v.seconds),
            finished: eb('reading_days.finished', '+', v.finished),
          })),
        )
        .returning(['seconds', 'finished']),
  );
  const weekSumQuery = compiledOnce<{ userId: number; articleId: number; monday: string; sunday: string }, { s: number | string | null }>(
    ['userId', 'articleId', 'monday', 'sunday'],
    (v) =>
      own.query
        .selectFrom('read_article_days')
        .select((eb) => eb.fn.sum<number>('seconds').as('s'))
        .where('user_id', '=', v.userId)
        .where('article_id', '=', v.articleId)
        .where('day', '>=', v.monday)
        .where('day', '<=', v.sunday),
  );
  const weekQuery = compiledOnce<{ userId: number; monday: string; seconds: number; finished: number }, never>(
    ['userId', 'monday', 'seconds', 'finished'],
    (v) =>
      own.query
        .insertInto('reading_weeks')
        .values({ user_id: v.userId, week: v.monday, seconds: v.seconds, finished: v.finished })
        .onConflict((oc) =>
          oc.columns(['user_id', 'week']).doUpdateSet((eb) => ({
            seconds: eb('reading_weeks.seconds', '+', v.seconds),
            finished: eb('reading_weeks.finished', '+', v.finished),
          })),
        ),
  );
  /**
   * Adds a credit to the reader's week: the seconds this article may still earn under the cap
   * (its week's seconds before and after this credit, both capped) and a newly finished article.
   * Runs after the day's article row was written in the same transaction: reports of the same
   * article on the same day queue on that row (PostgreSQL's row lock, SQLite's write lock), so
   * the sum read here includes every one counted before. The week's row is written last, in one
   * statement.
   */
  async function addToWeek(
    userId: number,
    articleId: number,
    seconds: number,
    newlyFinished: boolean,
    week: { monday: string; sunday: string; capSeconds: number },
  ) {
    let gained = 0;
    if (seconds > 0) {
      const { rows } = await own.query.executeQuery(weekSumQuery({ userId, articleId, monday: week.monday, sunday: week.sunday }));
      const after = Number(rows[0]?.s ?? 0);
      gained = Math.min(after, week.capSeconds) - Math.min(after - seconds, week.capSeconds);
    }
    await own.query.executeQuery(weekQuery({ userId, monday: week.monday, seconds: gained, finished: newlyFinished ? 1 : 0 }));
  }

  return {
    token: async (hash: string) => (await own.query.executeQuery(tokenQuery({ hash }))).rows[0],

    /** An offline report already counted under this key: its seconds and day. */
    seenOffline: (userId: number, key: string) =>
      own.query
        .selectFrom('offline_readings')
        .select(['seconds', 'day'])
        .where('user_id', '=', userId)
        .where('report_key', '=', key)
        .executeTakeFirst(),
    /** The reader's offline windows overlapping [start, end) (ms). */
    async offlineWindows(userId: number, window: { start: number; end: number }) {
      const rows = await own.query
        .selectFrom('offline_readings')
        .select(['starts_at', 'ends_at'])
        .where('user_id', '=', userId)
        .where('ends_at', '>', window.start)
        .where('starts_at', '<', window.end)
        .execute();
      // bigint columns come back as text from PostgreSQL.
      return rows.map((r) => ({ start: Number(r.starts_at), end: Number(r.ends_at) }));
    },
    async dayOffline(userId: number, articleId: number, day: string): Promise<number> {
      const row = await own.query
        .selectFrom('offline_readings')
        .select((eb) => eb.fn.sum<number>('seconds').as('s'))
        .where('user_id', '=', userId)
        .where('article_id', '=', articleId)
        .where('day', '=', day)
        .executeTakeFirstOrThrow();
      return Number(row.s ?? 0);
    },
    /** Records a counted offline report; false when its key was recorded meanwhile (a racing resend). */
    async recordOffline(row: Insertable<OfflineReadingsTable>): Promise<boolean> {
      const inserted = await own.query
        .insertInto('offline_readings')
        .values(row)
        .onConflict((oc) => oc.columns(['user_id', 'report_key']).doNothing())
        .executeTakeFirst();
      return Number(inserted.numInsertedOrUpdatedRows ?? 0n) === 1;
    },

    /**
     * Credits reading time in one transaction. The token row is updated only if it still holds
     * what the caller checked (credited and last signature), so two racing reports cannot both count.
     * Null when another report won the race; else whether this report finished the article and
     * the day's totals with this report.
     */
    async credit(input: {
      tokenHash: string;
      userId: number;
      /** Null for a book: the day's time is credited, with no article history row. */
      articleId: number | null;
      seconds: number;
      signAt: number;
      expected: { credited: number; lastSignAt: number } | null;
      isFinish: boolean;
      day: string;
      /**
       * The week holding `day` (its Monday and Sunday) and what one article may add to it (a book's time is not ranked);
       * null when that week's rank is closed (offline time for a week that has ended).
       */
      week: { monday: string; sunday: string; capSeconds: number } | null;
      now: string;
    }): Promise<{ newlyFinished: boolean; day: { seconds: number; finished: number } } | null> {
      return transaction(db, async () => {
        const trx = own.query;
        if (input.expected === null) {
          const inserted = await trx.executeQuery(
            firstCreditQuery({ hash: input.tokenHash, userId: input.userId, seconds: input.seconds, signAt: input.signAt, now: input.now }),
          );
          if (Number(inserted.numAffectedRows ?? 0n) !== 1) return null;
        } else {
          const updated = await trx
            .updateTable('history_tokens')
            .set({ credited: input.expected.credited + input.seconds, last_sign_at: input.signAt })
            .where('token_hash', '=', input.tokenHash)
            .where('credited', '=', input.expected.credited)
            .where('last_sign_at', '=', input.expected.lastSignAt)
            .executeTakeFirst();
          if (Number(updated.numUpdatedRows) !== 1) return null;
        }
        const articleId = input.articleId;
        if (articleId === null) {
          const day = await trx
            .insertInto('reading_days')
            .values({ user_id: input.userId, day: input.day, seconds: input.seconds, finished: 0 })
            .onConflict((oc) =>
              oc.columns(['user_id', 'day']).doUpdateSet((eb) => ({ seconds: eb('reading_days.seconds', '+', input.seconds) })),
            )
            .returning(['seconds', 'finished'])
            .executeTakeFirstOrThrow();
          return { newlyFinished: false, day };
        }
        // Whether the article was finished before matters only to a report that finishes it.
        const before = input.isFinish
          ? await trx
              .selectFrom('read_history')
              .select('is_finish')
              .where('user_id', '=', input.userId)
              .where('article_id', '=', articleId)
              .executeTakeFirst()
          : undefined;
        const newlyFinished = input.isFinish && before?.is_finish !== 1;
        const read = { userId: input.userId, articleId, seconds: input.seconds, now: input.now };
        await trx.executeQuery((input.isFinish ? readOn.finishing : readOn.reading)(read));
        if (input.seconds > 0) {
          await trx.executeQuery(articleDayQuery({ userId: input.userId, articleId, day: input.day, seconds: input.seconds }));
        }
        const day = (
          await trx.executeQuery(
            dayQuery({ userId: input.userId, day: input.day, seconds: input.seconds, finished: newlyFinished ? 1 : 0 }),
          )
        ).rows[0]!;
        if (input.week && (input.seconds > 0 || newlyFinished))
          await addToWeek(input.userId, articleId, input.seconds, newlyFinished, input.week);
        return { newlyFinished, day };
      });
    },

    /** A week's leaders in one measure, ties by user id: only readers above zero. */
    weekLeaders: (measure: WeekMeasure, monday: string, limit: number) =>
      own.query
        .selectFrom('reading_weeks')
        .select(['user_id', `${measure} as value`])
        .where('week', '=', monday)
        .where(measure, '>', 0)
        .orderBy(measure, 'desc')
        .orderBy('user_id')
        .limit(limit)
        .execute(),
    async weekValue(measure: WeekMeasure, monday: string, userId: number): Promise<number> {
      const row = await own.query
        .selectFrom('reading_weeks')
        .select(`${measure} as value`)
        .where('user_id', '=', userId)
        .where('week', '=', monday)
        .executeTakeFirst();
      return Number(row?.value ?? 0);
    },
    /** How many readers have more than `value` in the week: a range of the measure's index. */
    async weekAbove(measure: WeekMeasure, monday: string, value: number): Promise<number> {
      const row = await own.query
        .selectFrom('reading_weeks')
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .where('week', '=', monday)
        .where(measure, '>', value)
        .executeTakeFirstOrThrow();
      return Number(row.n);
    },
    days: (userId: number, from: string, to: string) =>
      own.query
        .selectFrom('reading_days')
        .selectAll()
        .where('user_id', '=', userId)
        .where('day', '>=', from)
        .where('day', '<=', to)
        .execute(),
    readDays: async (userId: number) =>
      new Set(
        (await own.query.selectFrom('reading_days').select('day').where('user_id', '=', userId).where('seconds', '>', 0).execute()).map(
          (r) => r.day,
        ),
      ),
    lookups: (userId: number, from: string, to: string) =>
      own.query
        .selectFrom('word_lookups')
        .select(['day', (eb) => eb.fn.countAll<number>().as('n')])
        .where('user_id', '=', userId)
        .where('day', '>=', from)
        .where('day', '<=', to)
        .groupBy('day')
        .execute(),
    /** Writes looked-up words in one statement; a row that is there already (another flush, another process) stays one row. */
    async recordLookups(rows: readonly { user_id: number; day: string; word: string }[]) {
      if (rows.length === 0) return;
      await own.query
        .insertInto('word_lookups')
        .values([...rows])
        .onConflict((oc) => oc.columns(['user_id', 'day', 'word']).doNothing())
        .execute();
    },
    history: (userId: number, offset: number, limit: number) =>
      own.query
        .selectFrom('read_history')
        .selectAll()
        .where('user_id', '=', userId)
        .orderBy('last_read_at', 'desc')
        .orderBy(sql`article_id`, 'desc')
        .limit(limit)
        .offset(offset)
        .execute(),
  };
}
