import type { Insertable, Selectable } from 'kysely';
import type { Db } from '../../db/client.js';
import type { ArticleNotesTable } from '../../db/schema.js';
import { tablesOf } from '../../db/ownership.js';

export type NoteRow = Selectable<ArticleNotesTable> & { username: string | null };

export function notesRepo(db: Db) {
  const own = tablesOf(db, 'notes');
  const withUser = () =>
    own.query
      .selectFrom('article_notes')
      .leftJoin('users', 'users.id', 'article_notes.user_id')
      .selectAll('article_notes')
      .select('users.username');
  return {
    /**
     * Inserts the note, or updates the caller's note with this uuid on the same article, in one
     * statement: the row as written; null when the uuid already belongs to a note on another article.
     */
    async upsert(row: Insertable<ArticleNotesTable>): Promise<Selectable<ArticleNotesTable> | null> {
      const { user_id: _user, article_id: _article, note_uuid: _uuid, created_at: _created, ...patch } = row;
      const done = await own.query
        .insertInto('article_notes')
        .values(row)
        .onConflict((oc) => oc.columns(['user_id', 'note_uuid']).doUpdateSet(patch).where('article_notes.article_id', '=', row.article_id))
        .returningAll()
        .executeTakeFirst();
      return done ?? null;
    },
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
          await own.query
            .deleteFrom('article_notes')
            .where('user_id', '=', userId)
            .where('article_id', '=', articleId)
            .where('note_uuid', '=', uuid)
            .executeTakeFirst()
        ).numDeletedRows,
      ),
    /** Articles the user noted, most recent note first. */
    articles: (userId: number, offset: number, limit: number) =>
      own.query
        .selectFrom('article_notes')
        .select(['article_id', (eb) => eb.fn.countAll<number>().as('note_count'), (eb) => eb.fn.max('updated_at').as('last_noted_at')])
        .where('user_id', '=', userId)
        .groupBy('article_id')
        .orderBy('last_noted_at', 'desc')
        .limit(limit)
        .offset(offset)
        .execute(),
    allOf: (userId: number) =>
      own.query.selectFrom('article_notes').selectAll().where('user_id', '=', userId).orderBy('article_id').orderBy('id').execute(),
  };
}
