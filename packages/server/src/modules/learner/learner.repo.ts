import { sql } from 'kysely';
import type { Db } from '../../db/client.js';
import { tablesOf } from '../../db/ownership.js';

/** Rows per insert: well under SQLite's bound-parameter limit with five columns. */
const CHUNK = 400;

const chunks = <T>(items: readonly T[]) =>
  Array.from({ length: Math.ceil(items.length / CHUNK) }, (_, i) => items.slice(i * CHUNK, (i + 1) * CHUNK));

export type MarkStatus = 'known' | 'ignored';

/** The learner module's tables; nothing else reads or writes them. */
export function learnerRepo(db: Db) {
  const own = tablesOf(db, 'learner');
  return {
    /** The reader's change counter (0 before any change): the key of cached known sets. */
    async wordsVersion(userId: number): Promise<number> {
      const row = await own.query.selectFrom('learner_state').select('words_version').where('user_id', '=', userId).executeTakeFirst();
      return row ? Number(row.words_version) : 0;
    },
    /** Raises the reader's change counter; answers the new value. */
    async bumpVersion(userId: number): Promise<number> {
      const row = await own.query
        .insertInto('learner_state')
        .values({ user_id: userId, words_version: 1 })
        .onConflict((oc) => oc.column('user_id').doUpdateSet({ words_version: sql`learner_state.words_version + 1` }))
        .returning('words_version')
        .executeTakeFirstOrThrow();
      return Number(row.words_version);
    },
    marks: (userId: number) => own.query.selectFrom('learner_words').select(['word', 'status']).where('user_id', '=', userId).execute(),
    marksOf: async (userId: number, words: readonly string[]) =>
      (
        await Promise.all(
          chunks(words).map((part) =>
            own.query
              .selectFrom('learner_words')
              .select(['word', 'status'])
              .where('user_id', '=', userId)
              .where('word', 'in', part)
              .execute(),
          ),
        )
      ).flat(),
    /** Sets the status of these headwords (new rows keep `at` as when they became so). */
    async upsert(userId: number, words: readonly string[], status: MarkStatus, source: string, at: string): Promise<void> {
      for (const part of chunks(words)) {
        await own.query
          .insertInto('learner_words')
          .values(part.map((word) => ({ user_id: userId, word, status, source, created_at: at })))
          .onConflict((oc) => oc.columns(['user_id', 'word']).doUpdateSet({ status, source, created_at: at }))
          .execute();
      }
    },
    /** Adds rows for headwords without one; marked words keep their status. */
    async insertMissing(userId: number, words: readonly string[], status: MarkStatus, source: string, at: string): Promise<void> {
      for (const part of chunks(words)) {
        await own.query
          .insertInto('learner_words')
          .values(part.map((word) => ({ user_id: userId, word, status, source, created_at: at })))
          .onConflict((oc) => oc.columns(['user_id', 'word']).doNothing())
          .execute();
      }
    },
    async remove(userId: number, words: readonly string[]): Promise<number> {
      let removed = 0;
      for (const part of chunks(words)) {
        const done = await own.query.deleteFrom('learner_words').where('user_id', '=', userId).where('word', 'in', part).executeTakeFirst();
        removed += Number(done.numDeletedRows);
      }
      return removed;
    },
    async removeBySource(userId: number, source: string): Promise<void> {
      await own.query.deleteFrom('learner_words').where('user_id', '=', userId).where('source', '=', source).execute();
    },
    knownTimes: async (userId: number) =>
      (
        await own.query
          .selectFrom('learner_words')
          .select('created_at')
          .where('user_id', '=', userId)
          .where('status', '=', 'known')
          .orderBy('created_at')
          .execute()
      ).map((r) => r.created_at),

    latestEstimate: (userId: number) =>
      own.query
        .selectFrom('learner_estimates')
        .select(['estimate', 'level', 'created_at'])
        .where('user_id', '=', userId)
        .orderBy('created_at', 'desc')
        .orderBy('id', 'desc')
        .executeTakeFirst(),
    async estimateCount(userId: number): Promise<number> {
      const row = await own.query
        .selectFrom('learner_estimates')
        .select((eb) => eb.fn.countAll<number | string>().as('n'))
        .where('user_id', '=', userId)
        .executeTakeFirstOrThrow();
      return Number(row.n);
    },
    async addEstimate(userId: number, estimate: number, level: string, at: string): Promise<void> {
      await own.query.insertInto('learner_estimates').values({ user_id: userId, estimate, level, created_at: at }).execute();
    },

    articleWords: (ids: readonly number[], part: string) =>
      ids.length
        ? own.query
            .selectFrom('learner_article_words')
            .select(['article_id', 'version', 'tokens', 'words'])
            .where('article_id', 'in', [...ids])
            .where('part', '=', part)
            .execute()
        : Promise.resolve([]),
    /** The stored version of each article's set of this part and the start of its header line (article-words.ts#isCurrentSet), without the words. */
    storedVersions: (ids: readonly number[], part: string) =>
      ids.length
        ? own.query
            .selectFrom('learner_article_words')
            .select(['article_id', 'version', sql<string>`substr(words, 1, 16)`.as('head')])
            .where('article_id', 'in', [...ids])
            .where('part', '=', part)
            .execute()
        : Promise.resolve([]),
    async saveArticleWords(row: { article_id: number; part: string; version: number; tokens: number; words: string }): Promise<void> {
      await own.query
        .insertInto('learner_article_words')
        .values(row)
        .onConflict((oc) => oc.columns(['article_id', 'part']).doUpdateSet({ version: row.version, tokens: row.tokens, words: row.words }))
        .execute();
    },
  };
}
export type LearnerRepo = ReturnType<typeof learnerRepo>;
