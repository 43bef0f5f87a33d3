import type { Db } from '../../db/client.js';
import { tablesOf } from '../../db/ownership.js';
import { wrote } from './articles.repo.js';

/** Editors' key words of an article. */
export function keyWordsRepo(db: Db) {
  const own = tablesOf(db, 'articles');
  /** Key words are part of the reader's article: a change raises its version (articles.repo#update). */
  const bump = async (articleId: number) => {
    await own.query
      .updateTable('articles')
      .set((eb) => ({ version: eb('version', '+', 1) }))
      .where('id', '=', articleId)
      .execute();
    // The version is part of the article's kept stamp (articles.service#stampOf).
    wrote(db);
  };
  return {
    list: (articleId: number) =>
      own.query
        .selectFrom('article_words')
        .select(['word', 'resolve', 'tag'])
        .where('article_id', '=', articleId)
        .orderBy('created_at')
        .orderBy('word')
        .execute(),
    async put(row: { article_id: number; word: string; resolve: string; tag: string | null; created_by: number; created_at: string }) {
      await own.query
        .insertInto('article_words')
        .values(row)
        .onConflict((oc) => oc.columns(['article_id', 'word']).doUpdateSet({ resolve: row.resolve, tag: row.tag }))
        .execute();
      await bump(row.article_id);
    },
    async remove(articleId: number, word: string) {
      const removed = Number(
        (await own.query.deleteFrom('article_words').where('article_id', '=', articleId).where('word', '=', word).executeTakeFirst())
          .numDeletedRows,
      );
      if (removed) await bump(articleId);
      return removed;
    },
  };
}
