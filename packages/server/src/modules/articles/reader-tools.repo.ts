import type { Db } from '../../db/client.js';

/** Editors' key words of an article, and readers' star/finished marks. */
export function readerToolsRepo(db: Db) {
  const k = db.kysely;
  return {
    words: (articleId: number) =>
      k
        .selectFrom('article_words')
        .select(['word', 'resolve', 'tag'])
        .where('article_id', '=', articleId)
        .orderBy('created_at')
        .orderBy('word')
        .execute(),
    async putWord(row: { article_id: number; word: string; resolve: string; tag: string | null; created_by: number; created_at: string }) {
      await k
        .insertInto('article_words')
        .values(row)
        .onConflict((oc) => oc.columns(['article_id', 'word']).doUpdateSet({ resolve: row.resolve, tag: row.tag }))
        .execute();
    },
    deleteWord: async (articleId: number, word: string) =>
      Number(
        (await k.deleteFrom('article_words').where('article_id', '=', articleId).where('word', '=', word).executeTakeFirst())
          .numDeletedRows,
      ),

    mark: (userId: number, articleId: number) =>
      k.selectFrom('article_marks').selectAll().where('user_id', '=', userId).where('article_id', '=', articleId).executeTakeFirst(),
    async setMark(userId: number, articleId: number, patch: { starred_at?: string | null; finished_at?: string | null }) {
      await k
        .insertInto('article_marks')
        .values({ user_id: userId, article_id: articleId, starred_at: patch.starred_at ?? null, finished_at: patch.finished_at ?? null })
        .onConflict((oc) => oc.columns(['user_id', 'article_id']).doUpdateSet(patch))
        .execute();
    },
    starred: (userId: number, offset: number, limit: number) =>
      k
        .selectFrom('article_marks')
        .select(['article_id', 'starred_at'])
        .where('user_id', '=', userId)
        .where('starred_at', 'is not', null)
        .orderBy('starred_at', 'desc')
        .limit(limit)
        .offset(offset)
        .execute(),
    inWordBook: async (userId: number, word: string) =>
      Boolean(await k.selectFrom('word_book').select('id').where('user_id', '=', userId).where('word', '=', word).executeTakeFirst()),
    async recordLookup(userId: number, day: string, word: string) {
      await k
        .insertInto('word_lookups')
        .values({ user_id: userId, day, word })
        .onConflict((oc) => oc.doNothing())
        .execute();
    },
  };
}
