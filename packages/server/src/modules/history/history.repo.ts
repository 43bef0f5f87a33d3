import { sql } from 'kysely';
import { transaction, type Db } from '../../db/client.js';

export function historyRepo(db: Db) {
  return {
    async secret(name: string, make: () => string): Promise<string> {
      await db.kysely
        .insertInto('app_secrets')
        .values({ name, value: make() })
        .onConflict((oc) => oc.column('name').doNothing())
        .execute();
      return (await db.kysely.selectFrom('app_secrets').select('value').where('name', '=', name).executeTakeFirstOrThrow()).value;
    },
    token: (hash: string) => db.kysely.selectFrom('history_tokens').selectAll().where('token_hash', '=', hash).executeTakeFirst(),

    /**
     * Credits reading time in one transaction. The token row is updated only if it still holds
     * what the caller checked (credited and last signature), so two racing reports cannot both count.
     * Null when another report won the race; else whether this report finished the article.
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
      now: string;
    }): Promise<{ newlyFinished: boolean } | null> {
      return transaction(db, async () => {
        const trx = db.kysely;
        if (input.expected === null) {
          const inserted = await trx
            .insertInto('history_tokens')
            .values({
              token_hash: input.tokenHash,
              user_id: input.userId,
              credited: input.seconds,
              last_sign_at: input.signAt,
              created_at: input.now,
            })
            .onConflict((oc) => oc.column('token_hash').doNothing())
            .executeTakeFirst();
          if (Number(inserted.numInsertedOrUpdatedRows ?? 0n) !== 1) return null;
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
          await trx
            .insertInto('reading_days')
            .values({ user_id: input.userId, day: input.day, seconds: input.seconds, finished: 0 })
            .onConflict((oc) =>
              oc.columns(['user_id', 'day']).doUpdateSet((eb) => ({ seconds: eb('reading_days.seconds', '+', input.seconds) })),
            )
            .execute();
          return { newlyFinished: false };
        }
        const before = await trx
          .selectFrom('read_history')
          .select('is_finish')
          .where('user_id', '=', input.userId)
          .where('article_id', '=', articleId)
          .executeTakeFirst();
        const newlyFinished = input.isFinish && before?.is_finish !== 1;
        await trx
          .insertInto('read_history')
          .values({
            user_id: input.userId,
            article_id: articleId,
            spent_time: input.seconds,
            is_finish: input.isFinish ? 1 : 0,
            first_read_at: input.now,
            last_read_at: input.now,
          })
          .onConflict((oc) =>
            oc.columns(['user_id', 'article_id']).doUpdateSet((eb) => ({
              spent_time: eb('read_history.spent_time', '+', input.seconds),
              is_finish: input.isFinish ? 1 : eb.ref('read_history.is_finish'),
              last_read_at: input.now,
            })),
          )
          .execute();
        if (input.seconds > 0) {
          await trx
            .insertInto('read_article_days')
            .values({ user_id: input.userId, article_id: articleId, day: input.day, seconds: input.seconds })
            .onConflict((oc) =>
              oc.columns(['user_id', 'article_id', 'day']).doUpdateSet((eb) => ({ seconds: eb('read_article_days.seconds', '+', input.seconds) })),
            )
            .execute();
        }
        await trx
          .insertInto('reading_days')
          .values({ user_id: input.userId, day: input.day, seconds: input.seconds, finished: newlyFinished ? 1 : 0 })
          .onConflict((oc) =>
            oc.columns(['user_id', 'day']).doUpdateSet((eb) => ({
              seconds: eb('reading_days.seconds', '+', input.seconds),
              finished: eb('reading_days.finished', '+', newlyFinished ? 1 : 0),
            })),
          )
          .execute();
        return { newlyFinished };
      });
    },

    /** Reading seconds per reader over days `from`–`to`, each article counting at most `capSeconds`. */
    cappedSeconds: (from: string, to: string, capSeconds: number) =>
      db.kysely
        .selectFrom((eb) =>
          eb
            .selectFrom('read_article_days')
            .select(['user_id', 'article_id', (e) => e.fn.sum<number>('seconds').as('s')])
            .where('day', '>=', from)
            .where('day', '<=', to)
            .groupBy(['user_id', 'article_id'])
            .as('per_article'),
        )
        .select(['user_id', sql<number>`sum(case when s > ${capSeconds} then ${capSeconds} else s end)`.as('value')])
        .groupBy('user_id')
        .execute(),
    /** Articles finished per reader over days `from`–`to`. */
    finishedCounts: (from: string, to: string) =>
      db.kysely
        .selectFrom('reading_days')
        .select(['user_id', (e) => e.fn.sum<number>('finished').as('value')])
        .where('day', '>=', from)
        .where('day', '<=', to)
        .groupBy('user_id')
        .having((e) => e.fn.sum('finished'), '>', 0)
        .execute(),
    days: (userId: number, from: string, to: string) =>
      db.kysely
        .selectFrom('reading_days')
        .selectAll()
        .where('user_id', '=', userId)
        .where('day', '>=', from)
        .where('day', '<=', to)
        .execute(),
    readDays: async (userId: number) =>
      new Set(
        (await db.kysely.selectFrom('reading_days').select('day').where('user_id', '=', userId).where('seconds', '>', 0).execute()).map(
          (r) => r.day,
        ),
      ),
    lookups: (userId: number, from: string, to: string) =>
      db.kysely
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
      await db.kysely
        .insertInto('word_lookups')
        .values([...rows])
        .onConflict((oc) => oc.columns(['user_id', 'day', 'word']).doNothing())
        .execute();
    },
    history: (userId: number, offset: number, limit: number) =>
      db.kysely
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
