import type { Insertable, Selectable } from 'kysely';
import type { Db } from '../../db/client.js';
import type { BookChaptersTable, BookNotesTable, BooksTable, BookShelfTable } from '../../db/schema.js';
import { tablesOf } from '../../db/ownership.js';

export type BookRow = Selectable<BooksTable>;
export type ShelfRow = Selectable<BookShelfTable>;
export type BookNoteRow = Selectable<BookNotesTable>;

export function booksRepo(db: Db) {
  const own = tablesOf(db, 'books');
  return {
    byId: (id: number) => own.query.selectFrom('books').selectAll().where('id', '=', id).executeTakeFirst(),
    byUuid: (uuid: string) => own.query.selectFrom('books').selectAll().where('uuid', '=', uuid).executeTakeFirst(),
    byDigest: (digest: string) => own.query.selectFrom('books').selectAll().where('digest', '=', digest).executeTakeFirst(),

    /** Inserts a book and its chapters (call inside a transaction); null when the digest is already there. */
    async insert(book: Insertable<BooksTable>, chapters: Omit<Insertable<BookChaptersTable>, 'book_id'>[]): Promise<number | null> {
      const row = await own.query
        .insertInto('books')
        .values(book)
        .onConflict((oc) => oc.column('digest').doNothing())
        .returning('id')
        .executeTakeFirst();
      if (!row) return null;
      for (let i = 0; i < chapters.length; i += 50) {
        await own.query
          .insertInto('book_chapters')
          .values(chapters.slice(i, i + 50).map((c) => ({ ...c, book_id: row.id })))
          .execute();
      }
      return row.id;
    },

    chapter: (bookId: number, idx: number) =>
      own.query.selectFrom('book_chapters').selectAll().where('book_id', '=', bookId).where('idx', '=', idx).executeTakeFirst(),
    chapterInfos: (bookId: number) =>
      own.query
        .selectFrom('book_chapters')
        .select(['idx', 'title', 'word_count', 'level', 'level_words'])
        .where('book_id', '=', bookId)
        .orderBy('idx')
        .execute(),

    published: (offset: number, limit: number) =>
      own.query
        .selectFrom('books')
        .selectAll()
        .where('status', '=', 'published')
        .orderBy('published_at', 'desc')
        .orderBy('id', 'desc')
        .limit(limit)
        .offset(offset)
        .execute(),
    all: (status: string | undefined, offset: number, limit: number) => {
      let q = own.query.selectFrom('books').selectAll();
      if (status) q = q.where('status', '=', status);
      return q.orderBy('id', 'desc').limit(limit).offset(offset).execute();
    },
    setStatus: (id: number, status: string, publishedAt: string | null, now: string) =>
      own.query.updateTable('books').set({ status, published_at: publishedAt, updated_at: now }).where('id', '=', id).execute(),

    // Shelf
    entry: (userId: number, bookId: number) =>
      own.query.selectFrom('book_shelf').selectAll().where('user_id', '=', userId).where('book_id', '=', bookId).executeTakeFirst(),
    async addToShelf(userId: number, bookId: number, now: string) {
      await own.query
        .insertInto('book_shelf')
        .values({ user_id: userId, book_id: bookId, added_at: now, progress: 0, read_seconds: 0 })
        .onConflict((oc) => oc.columns(['user_id', 'book_id']).doNothing())
        .execute();
    },
    removeFromShelf: async (userId: number, bookId: number) =>
      Number(
        (await own.query.deleteFrom('book_shelf').where('user_id', '=', userId).where('book_id', '=', bookId).executeTakeFirst())
          .numDeletedRows,
      ),
    shelf: (userId: number, offset: number, limit: number) =>
      own.query
        .selectFrom('book_shelf')
        .innerJoin('books', 'books.id', 'book_shelf.book_id')
        .selectAll('books')
        .select([
          'book_shelf.pos',
          'book_shelf.pos_at',
          'book_shelf.progress',
          'book_shelf.read_seconds',
          'book_shelf.added_at',
          'book_shelf.last_read_at',
        ])
        .where('book_shelf.user_id', '=', userId)
        // Last read first; never-read books by when they were added.
        .orderBy((eb) => eb.fn.coalesce('book_shelf.last_read_at', 'book_shelf.added_at'), 'desc')
        .orderBy('book_shelf.id', 'desc')
        .limit(limit)
        .offset(offset)
        .execute(),
    /**
     * Moves the position only when `posAt` is newer than the stored one: one conditional
     * statement, so of two devices racing the newer reading wins whatever the arrival order.
     */
    async setPos(userId: number, bookId: number, pos: string, posAt: string, progress: number, now: string): Promise<boolean> {
      const done = await own.query
        .updateTable('book_shelf')
        .set({ pos, pos_at: posAt, progress, last_read_at: now })
        .where('user_id', '=', userId)
        .where('book_id', '=', bookId)
        .where((eb) => eb.or([eb('pos_at', 'is', null), eb('pos_at', '<', posAt)]))
        .executeTakeFirst();
      return Number(done.numUpdatedRows) === 1;
    },
    async addSeconds(userId: number, bookId: number, seconds: number, now: string) {
      await own.query
        .updateTable('book_shelf')
        .set((eb) => ({ read_seconds: eb('read_seconds', '+', seconds), last_read_at: now }))
        .where('user_id', '=', userId)
        .where('book_id', '=', bookId)
        .execute();
    },

    // Notes
    async upsertNote(row: Insertable<BookNotesTable>): Promise<number | null> {
      const { user_id: _u, book_id: _b, note_uuid: _n, created_at: _c, ...patch } = row;
      const done = await own.query
        .insertInto('book_notes')
        .values(row)
        .onConflict((oc) => oc.columns(['user_id', 'note_uuid']).doUpdateSet(patch).where('book_notes.book_id', '=', row.book_id))
        .returning('id')
        .executeTakeFirst();
      return done?.id ?? null;
    },
    noteByUuid: (userId: number, bookId: number, uuid: string) =>
      own.query
        .selectFrom('book_notes')
        .selectAll()
        .where('user_id', '=', userId)
        .where('book_id', '=', bookId)
        .where('note_uuid', '=', uuid)
        .executeTakeFirst(),
    noteById: (id: number) => own.query.selectFrom('book_notes').selectAll().where('id', '=', id).executeTakeFirstOrThrow(),
    myNotes: (userId: number, bookId: number) =>
      own.query
        .selectFrom('book_notes')
        .selectAll()
        .where('user_id', '=', userId)
        .where('book_id', '=', bookId)
        .orderBy('chapter')
        .orderBy('id')
        .limit(2000)
        .execute(),
    /** Books the user noted, last noted first, with how many notes and when the last was written. */
    notedBooks: (userId: number, offset: number, limit: number) =>
      own.query
        .selectFrom('book_notes')
        .innerJoin('books', 'books.id', 'book_notes.book_id')
        .where('book_notes.user_id', '=', userId)
        .groupBy('books.id')
        .selectAll('books')
        .select((eb) => [eb.fn.countAll<string | number>().as('note_count'), eb.fn.max('book_notes.updated_at').as('last_noted_at')])
        .orderBy('last_noted_at', 'desc')
        .orderBy('books.id', 'desc')
        .limit(limit)
        .offset(offset)
        .execute(),
    notesOfBooks: (userId: number, bookIds: number[]) =>
      bookIds.length === 0
        ? Promise.resolve([])
        : own.query
            .selectFrom('book_notes')
            .selectAll()
            .where('user_id', '=', userId)
            .where('book_id', 'in', bookIds)
            .orderBy('book_id')
            .orderBy('chapter')
            .orderBy('id')
            .limit(2000)
            .execute(),
    /** Whether any book exists (the demo book is made only when none does). */
    any: async () => (await own.query.selectFrom('books').select('id').limit(1).executeTakeFirst()) !== undefined,
    deleteNote: async (userId: number, bookId: number, uuid: string) =>
      Number(
        (
          await own.query
            .deleteFrom('book_notes')
            .where('user_id', '=', userId)
            .where('book_id', '=', bookId)
            .where('note_uuid', '=', uuid)
            .executeTakeFirst()
        ).numDeletedRows,
      ),
  };
}

export type BooksRepo = ReturnType<typeof booksRepo>;
