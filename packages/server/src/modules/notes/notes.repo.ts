import type { Insertable, Selectable } from 'kysely';
import type { Db } from '../../db/client.js';
import type { ArticleNotesTable } from '../../db/schema.js';

export type NoteRow = Selectable<ArticleNotesTable> & { username: string | null };

export function notesRepo(db: Db) {
  const k = db.kysely;
  const withUser = () =>
    k
      .selectFrom('article_notes')
      .leftJoin('users', 'users.id', 'article_notes.user_id')
      .selectAll('article_notes')
      .select('users.username');
  return {
    findByUuid: (userId: number, uuid: string) =>
      k.selectFrom('article_notes').selectAll().where('user_id', '=', userId).where('note_uuid', '=', uuid).executeTakeFirst(),
    async insert(row: Insertable<ArticleNotesTable>) {
      const { id } = await k.insertInto('article_notes').values(row).returning('id').executeTakeFirstOrThrow();
      return id;
    },
    async update(id: number, patch: Partial<Insertable<ArticleNotesTable>>) {
      await k.updateTable('article_notes').set(patch).where('id', '=', id).execute();
    },
    byId: (id: number) => withUser().where('article_notes.id', '=', id).executeTakeFirstOrThrow(),
    mine: (userId: number, articleId: number) =>
      withUser()
        .where('article_notes.user_id', '=', userId)
        .where('article_notes.article_id', '=', articleId)
        .orderBy('article_notes.id')
        .execute(),
    /** The caller's notes (if any) and everyone's public notes on an article. */
    visible: (userId: number | null, articleId: number) =>
      withUser()
        .where('article_notes.article_id', '=', articleId)
        .where((eb) =>
          userId === null
            ? eb('article_notes.is_public', '=', 1)
            : eb.or([eb('article_notes.user_id', '=', userId), eb('article_notes.is_public', '=', 1)]),
        )
        .orderBy('article_notes.id')
        .limit(500)
        .execute(),
    deleteMine: async (userId: number, articleId: number, uuid: string) =>
      Number(
        (
          await k
            .deleteFrom('article_notes')
            .where('user_id', '=', userId)
            .where('article_id', '=', articleId)
            .where('note_uuid', '=', uuid)
            .executeTakeFirst()
        ).numDeletedRows,
      ),
    /** Articles the user noted, most recent note first. */
    articles: (userId: number, offset: number, limit: number) =>
      k
        .selectFrom('article_notes')
        .select(['article_id', (eb) => eb.fn.countAll<number>().as('note_count'), (eb) => eb.fn.max('updated_at').as('last_noted_at')])
        .where('user_id', '=', userId)
        .groupBy('article_id')
        .orderBy('last_noted_at', 'desc')
        .limit(limit)
        .offset(offset)
        .execute(),
    allOf: (userId: number) =>
      k.selectFrom('article_notes').selectAll().where('user_id', '=', userId).orderBy('article_id').orderBy('id').execute(),
  };
}
