import type { Db } from '../../db/client.js';
import { tablesOf } from '../../db/ownership.js';

/** Readers' star and finished marks on articles: the only writer of `article_marks`. */
export function marksRepo(db: Db) {
  const own = tablesOf(db, 'articles');
  return {
    mark: (userId: number, articleId: number) =>
      own.query
        .selectFrom('article_marks')
        .selectAll()
        .where('user_id', '=', userId)
        .where('article_id', '=', articleId)
        .executeTakeFirst(),

    async set(userId: number, articleId: number, patch: { starred_at?: string | null; finished_at?: string | null }) {
      await own.query
        .insertInto('article_marks')
        .values({ user_id: userId, article_id: articleId, starred_at: patch.starred_at ?? null, finished_at: patch.finished_at ?? null })
        .onConflict((oc) => oc.columns(['user_id', 'article_id']).doUpdateSet(patch))
        .execute();
    },

    /** Sets the finished mark unless one is already there (the first finish is the one remembered). */
    async finishOnce(userId: number, articleId: number, at: string) {
      await own.query
        .insertInto('article_marks')
        .values({ user_id: userId, article_id: articleId, starred_at: null, finished_at: at })
        .onConflict((oc) =>
          oc
            .columns(['user_id', 'article_id'])
            .doUpdateSet((eb) => ({ finished_at: eb.fn.coalesce('article_marks.finished_at', eb.val(at)) })),
        )
        .execute();
    },

    finishedAmong: async (userId: number, articleIds: readonly number[]) =>
      articleIds.length === 0
        ? []
        : own.query
            .selectFrom('article_marks')
            .select('article_id')
            .where('user_id', '=', userId)
            .where('article_id', 'in', [...new Set(articleIds)])
            .where('finished_at', 'is not', null)
            .execute(),

    starred: (userId: number, offset: number, limit: number) =>
      own.query
        .selectFrom('article_marks')
        .innerJoin('articles', 'articles.id', 'article_marks.article_id')
        .select(['article_marks.article_id', 'article_marks.starred_at'])
        .where('article_marks.user_id', '=', userId)
        .where('article_marks.starred_at', 'is not', null)
        .where('articles.status', '=', 'published')
        .orderBy('article_marks.starred_at', 'desc')
        .limit(limit)
        .offset(offset)
        .execute(),
  };
}
