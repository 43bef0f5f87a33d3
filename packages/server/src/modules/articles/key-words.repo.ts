import type { Db } from '../../db/client.js';

/** Editors' key words of an article. */
export function keyWordsRepo(db: Db) {
  return {
    list: (articleId: number) =>
      db.kysely
        .selectFrom('article_words')
        .select(['word', 'resolve', 'tag'])
        .where('article_id', '=', articleId)
        .orderBy('created_at')
        .orderBy('word')
        .execute(),
    async put(row: { article_id: number; word: string; resolve: string; tag: string | null; created_by: number; created_at: string }) {
      await db.kysely
        .insertInto('article_words')
        .values(row)
        .onConflict((oc) => oc.columns(['article_id', 'word']).doUpdateSet({ resolve: row.resolve, tag: row.tag }))
        .execute();
    },
    remove: async (articleId: number, word: string) =>
      Number(
        (await db.kysely.deleteFrom('article_words').where('article_id', '=', articleId).where('word', '=', word).executeTakeFirst())
          .numDeletedRows,
      ),
  };
}
