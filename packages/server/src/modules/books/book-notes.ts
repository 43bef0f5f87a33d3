import type { BookNote, Paragraph } from '@changdu/contract';
import { Conflict, Invalid, NotFound } from '../../lib/errors.js';
import { pageOf } from '../../lib/page.js';
import { toCard, toNote } from './book-views.js';
import type { BooksRepo } from './books.repo.js';
import type { UserActor } from '../../lib/actor.js';
import type { BooksDeps, Readable } from './books.types.js';

const MAX_NOTE_DATA = 2048;
const NOTED_PAGE = 10;

/** Highlights and notes in books, anchored to a chapter and a paragraph id; each reader sees only their own. */
export function bookNotes(deps: Pick<BooksDeps, 'clock'>, repo: BooksRepo, readable: Readable) {
  const now = () => deps.clock.now().toISOString();
  return {
    async notes(actor: UserActor, bookId: number) {
      await readable(actor, bookId);
      return { list: (await repo.myNotes(actor.user.id, bookId)).map(toNote) };
    },

    /** 我的笔记: the books I noted, last noted first, each with my notes in it by chapter. */
    async notedBooks(actor: UserActor, offset: number) {
      const page = pageOf(await repo.notedBooks(actor.user.id, offset, NOTED_PAGE + 1), offset, NOTED_PAGE);
      const notes = await repo.notesOfBooks(
        actor.user.id,
        page.list.map((r) => r.id),
      );
      const list = page.list.map((r) => ({
        book: toCard(r),
        note_count: Number(r.note_count),
        last_noted_at: r.last_noted_at,
        notes: notes.filter((n) => n.book_id === r.id).map(toNote),
      }));
      return { list, next_offset: page.next_offset };
    },

    async addNote(
      actor: UserActor,
      bookId: number,
      input: {
        note_uuid: string;
        chapter: number;
        text: string;
        comment: string;
        root: string;
        tag?: string | undefined;
        color: BookNote['color'];
        data?: Record<string, unknown> | undefined;
      },
    ) {
      await readable(actor, bookId);
      const chapter = await repo.chapter(bookId, input.chapter);
      if (!chapter) throw new Invalid('章节不存在');
      if (!(JSON.parse(chapter.content) as Paragraph[]).some((p) => p.id === input.root)) throw new Invalid('划线位置不在这一章里');
      const data = JSON.stringify(input.data ?? {});
      if (data.length > MAX_NOTE_DATA) throw new Invalid('位置数据太大');
      const at = now();
      const id = await repo.upsertNote({
        user_id: actor.user.id,
        book_id: bookId,
        note_uuid: input.note_uuid,
        chapter: input.chapter,
        text: input.text,
        comment: input.comment,
        root: input.root,
        tag: input.tag ?? null,
        color: input.color,
        data,
        created_at: at,
        updated_at: at,
      });
      if (id === null) throw new Conflict('这个笔记标识已用于另一本书');
      return toNote(await repo.noteById(id));
    },

    async deleteNote(actor: UserActor, bookId: number, uuid: string) {
      const n = await repo.deleteNote(actor.user.id, bookId, uuid);
      if (n === 0) throw new NotFound('笔记不存在');
      return { ok: true as const };
    },
  };
}
