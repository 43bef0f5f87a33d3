import { sql, type Insertable, type Updateable } from 'kysely';
import type { Db } from '../../db/client.js';
import type { ReviewLogsTable, WordBookTable } from '../../db/schema.js';

export type WordOrder = 'new' | 'old' | 'due' | 'alpha';

export function wordsRepo(db: Db) {
  const k = db.kysely;
  return {
    byWord: (userId: number, word: string) =>
      k.selectFrom('word_book').selectAll().where('user_id', '=', userId).where('word', '=', word).executeTakeFirst(),
    byId: (userId: number, id: number) =>
      k.selectFrom('word_book').selectAll().where('user_id', '=', userId).where('id', '=', id).executeTakeFirst(),
    insert: async (row: Insertable<WordBookTable>) =>
      (await k.insertInto('word_book').values(row).returning('id').executeTakeFirstOrThrow()).id,
    async update(id: number, patch: Updateable<WordBookTable>) {
      await k.updateTable('word_book').set(patch).where('id', '=', id).execute();
    },
    delete: async (userId: number, word: string) =>
      Number((await k.deleteFrom('word_book').where('user_id', '=', userId).where('word', '=', word).executeTakeFirst()).numDeletedRows),

    /** `q` matches headwords by prefix, or exactly the headword of the form searched for. */
    list(userId: number, order: WordOrder, q: { prefix: string; headword: string | null } | undefined, offset: number, limit: number) {
      let query = k.selectFrom('word_book').selectAll().where('user_id', '=', userId);
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
      k
        .selectFrom('word_book')
        .selectAll()
        .where('user_id', '=', userId)
        .where('due', '<=', before)
        .orderBy('due')
        .orderBy('id')
        .limit(limit)
        .execute(),
    upcoming: (userId: number, after: string, limit: number) =>
      k
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
          await k
            .selectFrom('word_book')
            .select((eb) => eb.fn.countAll<number>().as('n'))
            .where('user_id', '=', userId)
            .where('due', '<=', before)
            .executeTakeFirstOrThrow()
        ).n,
      ),
    countByState: (userId: number) =>
      k
        .selectFrom('word_book')
        .select(['state', (eb) => eb.fn.countAll<number>().as('n')])
        .where('user_id', '=', userId)
        .groupBy('state')
        .execute(),
    withWords: (userId: number, words: string[]) =>
      words.length
        ? k.selectFrom('word_book').selectAll().where('user_id', '=', userId).where('word', 'in', words).orderBy('word').execute()
        : Promise.resolve([]),
    all: (userId: number) => k.selectFrom('word_book').selectAll().where('user_id', '=', userId).orderBy('created_at').execute(),

    contexts: (entryIds: number[]) =>
      entryIds.length
        ? k
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
    }) {
      const same = await k
        .selectFrom('word_contexts')
        .select('id')
        .where('entry_id', '=', row.entry_id)
        .where((eb) => (row.sentence === null ? eb('sentence', 'is', null) : eb('sentence', '=', row.sentence)))
        .executeTakeFirst();
      if (!same) await k.insertInto('word_contexts').values(row).execute();
    },

    async log(row: Insertable<ReviewLogsTable>) {
      await k.insertInto('review_logs').values(row).execute();
    },
    reviews: (entryId: number) =>
      k.selectFrom('review_logs').selectAll().where('entry_id', '=', entryId).orderBy('id', 'desc').limit(100).execute(),
    reviewsSince: (userId: number, since: string) =>
      k
        .selectFrom('review_logs')
        .select(['rating', 'state', 'review'])
        .where('user_id', '=', userId)
        .where('review', '>=', since)
        .execute(),
    reviewDays: async (userId: number) =>
      (
        await k.selectFrom('review_logs').select('review').where('user_id', '=', userId).orderBy('review', 'desc').limit(5000).execute()
      ).map((r) => r.review),
  };
}

export type WordsRepo = ReturnType<typeof wordsRepo>;
