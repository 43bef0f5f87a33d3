import { sql, type Insertable, type Selectable } from 'kysely';
import type { Db } from '../../db/client.js';
import { compiledOnce } from '../../db/compiled-once.js';
import type { ReviewLogsTable, WordBookTable, WordContextsTable } from '../../db/schema.js';
import { tablesOf } from '../../db/ownership.js';

/** What a review writes to its card (scheduler.ts#cardFields and the change time). */
export interface ReviewedFields {
  due: string;
  stability: number;
  difficulty: number;
  elapsed_days: number;
  scheduled_days: number;
  learning_steps: number;
  reps: number;
  lapses: number;
  state: number;
  last_review: string | null;
  updated_at: string;
}
const REVIEWED_FIELDS = [
  'due',
  'stability',
  'difficulty',
  'elapsed_days',
  'scheduled_days',
  'learning_steps',
  'reps',
  'lapses',
  'state',
  'last_review',
  'updated_at',
] as const satisfies readonly (keyof ReviewedFields)[];

/** A new card: every column but the id. */
export type NewCard = ReviewedFields & { user_id: number; word: string; meaning: string | null; created_at: string };
const NEW_CARD_FIELDS = [...REVIEWED_FIELDS, 'user_id', 'word', 'meaning', 'created_at'] as const satisfies readonly (keyof NewCard)[];

/** A review's log row: every column but the id. */
export type ReviewLog = Required<Omit<Insertable<ReviewLogsTable>, 'id'>>;
const REVIEW_LOG_FIELDS = [
  'entry_id',
  'user_id',
  'rating',
  'state',
  'due',
  'stability',
  'difficulty',
  'elapsed_days',
  'last_elapsed_days',
  'scheduled_days',
  'learning_steps',
  'review',
  'spent_ms',
] as const satisfies readonly (keyof ReviewLog)[];

// The named stand-ins of a compiledOnce statement as a row: typed `never` so Kysely takes them for
// any column's type (they are only ever passed through as parameters).
const pick = <K extends string>(keys: readonly K[], from: Record<K, unknown>) =>
  Object.fromEntries(keys.map((k) => [k, from[k]])) as Record<K, never>;

export type WordOrder = 'new' | 'old' | 'due' | 'alpha';

export function wordsRepo(db: Db) {
  const own = tablesOf(db, 'words');
  // A card review's and an added word's statements, compiled once (db/compiled-once.ts).
  const byIdQuery = compiledOnce<{ userId: number; id: number }, Selectable<WordBookTable>>(['userId', 'id'], (v) =>
    own.query.selectFrom('word_book').selectAll().where('user_id', '=', v.userId).where('id', '=', v.id),
  );
  const reviewedQuery = compiledOnce<ReviewedFields & { id: number; expectedReps: number }, never>(
    [...REVIEWED_FIELDS, 'id', 'expectedReps'],
    (v) => own.query.updateTable('word_book').set(pick(REVIEWED_FIELDS, v)).where('id', '=', v.id).where('reps', '=', v.expectedReps),
  );
  const insertCardQuery = compiledOnce<NewCard, Selectable<WordBookTable>>(NEW_CARD_FIELDS, (v) =>
    own.query
      .insertInto('word_book')
      .values(pick(NEW_CARD_FIELDS, v))
      .onConflict((oc) => oc.columns(['user_id', 'word']).doNothing())
      .returningAll(),
  );
  const logQuery = compiledOnce<ReviewLog, never>(REVIEW_LOG_FIELDS, (v) =>
    own.query.insertInto('review_logs').values(pick(REVIEW_LOG_FIELDS, v)),
  );
  const reviewedCardQuery = compiledOnce<{ userId: number; monday: string }, never>(['userId', 'monday'], (v) =>
    own.query
      .insertInto('review_weeks')
      .values({ user_id: v.userId, week: v.monday, cards: 1 })
      .onConflict((oc) => oc.columns(['user_id', 'week']).doUpdateSet((eb) => ({ cards: eb('review_weeks.cards', '+', 1) }))),
  );
  return {
    byWord: (userId: number, word: string) =>
      own.query.selectFrom('word_book').selectAll().where('user_id', '=', userId).where('word', '=', word).executeTakeFirst(),
    /** Every headword of the reader's book (the lookups' "in my word book" set). */
    headwords: async (userId: number) =>
      (await own.query.selectFrom('word_book').select('word').where('user_id', '=', userId).execute()).map((r) => r.word),
    byId: async (userId: number, id: number) => (await own.query.executeQuery(byIdQuery({ userId, id }))).rows[0],
    /** Adds the headword unless the user has it (a concurrent add included): the row this call added, or undefined. */
    insertIfAbsent: async (row: NewCard) => (await own.query.executeQuery(insertCardQuery(row))).rows[0],
    /**
     * Writes a review's card only if the card is still as it was read (same reps): of two
     * concurrent reviews of one card (a double tap), exactly one is applied.
     */
    async updateIfUnchanged(id: number, expectedReps: number, fields: ReviewedFields): Promise<boolean> {
      const done = await own.query.executeQuery(reviewedQuery({ ...fields, id, expectedReps }));
      return Number(done.numAffectedRows) === 1;
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
    async addContext(row: Omit<WordContextsTable, 'id'>, entryIsNew: boolean) {
      // An entry added in this transaction has no sentence yet: nothing to look for.
      const same = entryIsNew
        ? undefined
        : await own.query
            .selectFrom('word_contexts')
            .select('id')
            .where('entry_id', '=', row.entry_id)
            .where((eb) => (row.sentence === null ? eb('sentence', 'is', null) : eb('sentence', '=', row.sentence)))
            .executeTakeFirst();
      if (!same) await own.query.insertInto('word_contexts').values(row).execute();
    },

    async log(row: ReviewLog) {
      await own.query.executeQuery(logQuery(row));
    },
    reviews: (entryId: number) =>
      own.query.selectFrom('review_logs').selectAll().where('entry_id', '=', entryId).orderBy('id', 'desc').limit(100).execute(),
    /** One more distinct card reviewed in the reader's week. */
    async countReviewedCard(userId: number, monday: string) {
      await own.query.executeQuery(reviewedCardQuery({ userId, monday }));
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
