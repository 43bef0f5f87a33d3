import { sql } from 'kysely';
import type { Db } from '../../db/client.js';

export function historyRepo(db: Db) {
  const k = db.kysely;
  return {
    async secret(name: string, make: () => string): Promise<string> {
      await k
        .insertInto('app_secrets')
        .values({ name, value: make() })
        .onConflict((oc) => oc.column('name').doNothing())
        .execute();
      return (await k.selectFrom('app_secrets').select('value').where('name', '=', name).executeTakeFirstOrThrow()).value;
    },
    token: (hash: string) => k.selectFrom('history_tokens').selectAll().where('token_hash', '=', hash).executeTakeFirst(),

    /**
     * Credits reading time in one transaction. The token row is updated only if it still holds
     * what the caller checked (credited and last signature), so two racing reports cannot both count.
     */
    async credit(input: {
      tokenHash: string;
      userId: number;
      articleId: number;
      seconds: number;
      signAt: number;
      expected: { credited: number; lastSignAt: number } | null;
      isFinish: boolean;
      day: string;
      now: string;
    }): Promise<boolean> {
      return k.transaction().execute(async (trx) => {
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
          if (Number(inserted.numInsertedOrUpdatedRows ?? 0n) !== 1) return false;
        } else {
          const updated = await trx
            .updateTable('history_tokens')
            .set({ credited: input.expected.credited + input.seconds, last_sign_at: input.signAt })
            .where('token_hash', '=', input.tokenHash)
            .where('credited', '=', input.expected.credited)
            .where('last_sign_at', '=', input.expected.lastSignAt)
            .executeTakeFirst();
          if (Number(updated.numUpdatedRows) !== 1) return false;
        }
        const before = await trx
          .selectFrom('read_history')
          .select('is_finish')
          .where('user_id', '=', input.userId)
          .where('article_id', '=', input.articleId)
          .executeTakeFirst();
        const newlyFinished = input.isFinish && before?.is_finish !== 1;
        await trx
          .insertInto('read_history')
          .values({
            user_id: input.userId,
            article_id: input.articleId,
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
        // Finishing by reading is the reader's "finished" mark too.
        if (input.isFinish) {
          await trx
            .insertInto('article_marks')
            .values({ user_id: input.userId, article_id: input.articleId, starred_at: null, finished_at: input.now })
            .onConflict((oc) =>
              oc
                .columns(['user_id', 'article_id'])
                .doUpdateSet((eb) => ({ finished_at: eb.fn.coalesce('article_marks.finished_at', eb.val(input.now)) })),
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
        return true;
      });
    },

    days: (userId: number, from: string, to: string) =>
      k.selectFrom('reading_days').selectAll().where('user_id', '=', userId).where('day', '>=', from).where('day', '<=', to).execute(),
    readDays: async (userId: number) =>
      new Set(
        (await k.selectFrom('reading_days').select('day').where('user_id', '=', userId).where('seconds', '>', 0).execute()).map(
          (r) => r.day,
        ),
      ),
    lookups: (userId: number, from: string, to: string) =>
      k
        .selectFrom('word_lookups')
        .select(['day', (eb) => eb.fn.countAll<number>().as('n')])
        .where('user_id', '=', userId)
        .where('day', '>=', from)
        .where('day', '<=', to)
        .groupBy('day')
        .execute(),
    /** Words added to the word book between two instants, grouped by China-time day. */
    wordsAdded: (userId: number, start: string, end: string) =>
      k
        .selectFrom('word_book')
        .select('created_at')
        .where('user_id', '=', userId)
        .where('created_at', '>=', start)
        .where('created_at', '<', end)
        .execute(),
    history: (userId: number, offset: number, limit: number) =>
      k
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
