import { sql, type Insertable, type Updateable } from 'kysely';
import type { Db } from '../../db/client.js';
import type { ReviewLogsTable, WordBookTable } from '../../db/schema.js';
import { tablesOf } from '../../db/ownership.js';

export type WordOrder = 'new' | 'old' | 'due' | 'alpha';

export function wordsRepo(db: Db) {
  const own = tablesOf(db, 'words');
  return {
    byWord: (userId: number, word: string) =>
      own.query.selectFrom('word_book').selectAll().where('user_id', '=', userId).where('word', '=', word).executeTakeFirst(),
    /** Every headword of the reader's book (the lookups' "in my word book" set). */
    headwords: async (userId: number) =>
      (await own.query.selectFrom('word_book').select('word').where('user_id', '=', userId).execute()).map((r) => r.word),
    byId: (userId: number, id: number) =>
      own.query.selectFrom('word_book').selectAll().where('user_id', '=', userId).where('id', '=', id).executeTakeFirst(),
    /** Adds the headword unless the user has it (a concurrent add included): the row this call added, or undefined. */
    insertIfAbsent: (row: Insertable<WordBookTable>) =>
      own.query
        .insertInto('word_book')
        .values(row)
        .onConflict((oc) => oc.columns(['user_id', 'word']).doNothing())
        .returningAll()
        .executeTakeFirst(),
    /**
     * Writes a review's card only if the card is still as it was read (same reps): of two
     * concurrent reviews of one card (a double tap), exactly one is applied.
     */
    async updateIfUnchanged(id: number, expectedReps: number, patch: Updateable<WordBookTable>): Promise<boolean> {
      const done = await own.query
        .updateTable('word_book')
        .set(patch)
        .where('id', '=', id)
        .where('reps', '=', expectedReps)
        .executeTakeFirst();
      return Number(done.numUpdatedRows) === 1;
    },
    setMeaning: async (id: number, meaning: string) => {
      await own.query.updateTable('word_book').set({ meaning }).where('id', '=', id).execute();
    },
    /** Every headword of the reader's book with its FSRS stability (the learner module's word status). */
    stabilities: (userId: number) =>
      own.query.selectFrom('word_book').select(['word', 'stability']).where('user_id', '=', userId).execute(),
    /** Changes whenever a card is added, removed or reviewed: cards and the latest change. */
    async stamp(userId: number): Promise<string> {
      const row = await own.query
        .selectFrom('word_book')
        .select((eb) => [eb.fn.countAll<number | string>().as('n'), eb.fn.max('updated_at').as('last')])
        .where('user_id', '=', userId)
        .executeTakeFirstOrThrow();
      return `${Number(row.n)}@${row.last ? String(row.last) : ''}`;
    },
    /** When words were added between two instants (read data counts them per day). */
    addedBetween: async (userId: number, start: string, end: string) =>
      (
        await own.query
          .selectFrom('word_book')
          .select('created_at')
          .where('user_id', '=', userId)
          .where('created_at', '>=', start)
          .where('created_at', '<', end)
          .execute()
      ).map((r) => r.created_at),
    delete: async (userId: number, word: string) =>
      Number(
        (await own.query.deleteFrom('word_book').where('user_id', '=', userId).where('word', '=', word).executeTakeFirst()).numDeletedRows,
      ),

    /** `q` matches headwords by prefix, or exactly the headword of the form searched for. */
    list(userId: number, order: WordOrder, q: { prefix: string; headword: string | null } | undefined, offset: number, limit: number) {
      let query = own.query.selectFrom('word_book').selectAll().where('user_id', '=', userId);
      if (q) {
        const pattern = `${q.prefix.toLowerCase().replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
        query = query.where((eb) =>
          eb.or([eb('word', 'like', sql<string>`${pattern} escape '\\'`), ...(q.headword ? [eb('word', '=', q.headword)] : [])]),
        );
      }
      const ordered =
        order === 'old'
          ? query.orderBy('created_at', 'asc')
          : order === 'due'
            ? query.orderBy('due', 'asc')
            : order === 'alpha'
              ? query.orderBy('word', 'asc')
              : query.orderBy('created_at', 'desc');
      return ordered
        .orderBy('id', order === 'old' ? 'asc' : 'desc')
        .limit(limit)
        .offset(offset)
        .execute();
    },
    due: (userId: number, before: string, limit: number) =>
      own.query
        .selectFrom('word_book')
        .selectAll()
        .where('user_id', '=', userId)
        .where('due', '<=', before)
        .orderBy('due')
        .orderBy('id')
        .limit(limit)
        .execute(),
    upcoming: (userId: number, after: string, limit: number) =>
      own.query
        .selectFrom('word_book')
        .selectAll()
        .where('user_id', '=', userId)
        .where('due', '>', after)
        .orderBy('due')
        .orderBy('id')
        .limit(limit)
        .execute(),
    countDue: async (userId: number, before: string) =>
      Number(
        (
          await own.query
            .selectFrom('word_book')
            .select((eb) => eb.fn.countAll<number>().as('n'))
            .where('user_id', '=', userId)
            .where('due', '<=', before)
            .executeTakeFirstOrThrow()
        ).n,
      ),
    countByState: (userId: number) =>
      own.query
        .selectFrom('word_book')
        .select(['state', (eb) => eb.fn.countAll<number>().as('n')])
        .where('user_id', '=', userId)
        .groupBy('state')
        .execute(),
    withWords: (userId: number, words: string[]) =>
      words.length
        ? own.query.selectFrom('word_book').selectAll().where('user_id', '=', userId).where('word', 'in', words).orderBy('word').execute()
        : Promise.resolve([]),
    all: (userId: number) => own.query.selectFrom('word_book').selectAll().where('user_id', '=', userId).orderBy('created_at').execute(),

    contexts: (entryIds: number[]) =>
      entryIds.length
        ? own.query
            .selectFrom('word_contexts')
            .leftJoin('articles', 'articles.id', 'word_contexts.article_id')
            .select([
              'word_contexts.entry_id',
              'word_contexts.form',
              'word_contexts.sentence',
              'word_contexts.article_id',
              'word_contexts.source',
              'word_contexts.created_at',
              'articles.title as article_title',
            ])
            .where('word_contexts.entry_id', 'in', entryIds)
            .orderBy('word_contexts.id', 'desc')
            .execute()
        : Promise.resolve([]),
    async addContext(row: {
      entry_id: number;
      form: string | null;
      sentence: string | null;
      article_id: number | null;
      source: string | null;
      created_at: string;
    }, entryIsNew: boolean) {
      // An entry added in this transaction has no sentence yet: nothing to look for.
      const same = entryIsNew ? undefined : await own.query
        .selectFrom('word_contexts')
        .select('id')
        .where('entry_id', '=', row.entry_id)
        .where((eb) => (row.sentence === null ? eb('sentence', 'is', null) : eb('sentence', '=', row.sentence)))
        .executeTakeFirst();
      if (!same) await own.query.insertInto('word_contexts').values(row).execute();
    },

    async log(row: Insertable<ReviewLogsTable>) {
      await own.query.insertInto('review_logs').values(row).execute();
    },
    reviews: (entryId: number) =>
      own.query.selectFrom('review_logs').selectAll().where('entry_id', '=', entryId).orderBy('id', 'desc').limit(100).execute(),
    /** One more distinct card reviewed in the reader's week. */
    async countReviewedCard(userId: number, monday: string) {
      await own.query
        .insertInto('review_weeks')
        .values({ user_id: userId, week: monday, cards: 1 })
        .onConflict((oc) => oc.columns(['user_id', 'week']).doUpdateSet((eb) => ({ cards: eb('review_weeks.cards', '+', 1) })))
        .execute();
    },
    /** A week's leaders by cards reviewed, ties by user id. */
    reviewWeekLeaders: (monday: string, limit: number) =>
      own.query
        .selectFrom('review_weeks')
        .select(['user_id', 'cards as value'])
        .where('week', '=', monday)
        .where('cards', '>', 0)
        .orderBy('cards', 'desc')
        .orderBy('user_id')
        .limit(limit)
        .execute(),
    async reviewWeekValue(monday: string, userId: number): Promise<number> {
      const row = await own.query
        .selectFrom('review_weeks')
        .select('cards')
        .where('user_id', '=', userId)
        .where('week', '=', monday)
        .executeTakeFirst();
      return Number(row?.cards ?? 0);
    },
    /** How many readers reviewed more than `value` cards in the week: a range of the week's index. */
    async reviewWeekAbove(monday: string, value: number): Promise<number> {
      const row = await own.query
        .selectFrom('review_weeks')
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .where('week', '=', monday)
        .where('cards', '>', value)
        .executeTakeFirstOrThrow();
      return Number(row.n);
    },
    reviewsSince: (userId: number, since: string) =>
      own.query
        .selectFrom('review_logs')
        .select(['rating', 'state', 'review'])
        .where('user_id', '=', userId)
        .where('review', '>=', since)
        .execute(),
    reviewDays: async (userId: number) =>
      (
        await own.query
          .selectFrom('review_logs')
          .select('review')
          .where('user_id', '=', userId)
          .orderBy('review', 'desc')
          .limit(5000)
          .execute()
      ).map((r) => r.review),
  };
}

export type WordsRepo = ReturnType<typeof wordsRepo>;
