import { importBookKind, type Enqueue } from '../../jobs/kinds.js';
import type { Handlers } from '../../http/register-endpoints.js';
import type { BooksService } from './books.service.js';
import type { UploadsService } from './uploads.service.js';

type BookHandlers =
  | 'auth.uploadToken'
  | 'book.uploadByLink'
  | 'book.library'
  | 'book.manage'
  | 'book.publish'
  | 'book.show'
  | 'book.chapter'
  | 'book.shelf'
  | 'book.shelfEntry'
  | 'book.add'
  | 'book.remove'
  | 'book.pos'
  | 'book.notesMine'
  | 'book.noteAdd'
  | 'book.noteDelete'
  | 'book.historyToken'
  | 'book.history'
  | 'book.levelWords'
  | 'book.chapterWords'
  | 'book.shareImage'
  | 'book.notedBooks';

export function booksRoutes(uploads: UploadsService, books: BooksService, jobs: Enqueue): Pick<Handlers, BookHandlers> {
  return {
    'auth.uploadToken': (input, ctx) => uploads.issue(ctx.actor, input),
    'book.uploadByLink': async (input, ctx) => {
      // An own upload is taken for the import at once: no longer pending, so not removed as expired.
      const held = await uploads.hold(ctx.actor.user.id, input.link);
      // A published book with this digest is public anyway: on the shelf at once. Anything else
      // is proved by reading the file (a private book is never handed out for a digest alone).
      const known = input.digest ? await books.addIfPublished(ctx.actor, input.digest) : null;
      if (known !== null) {
        if (held) await uploads.release(held);
        return { task_id: null, book_id: known };
      }
      const task = await jobs.enqueue(
        importBookKind,
        { user_id: ctx.actor.user.id, link: input.link, digest: input.digest ?? null },
        {
          createdBy: ctx.actor.user.id,
        },
      );
      return { task_id: task.id, book_id: null };
    },
    'book.library': (input) => books.library(input.offset),
    'book.manage': (input) => books.manage(input.status, input.offset),
    'book.publish': (input) => books.publish(input.id, input.cancel),
    'book.show': (input, ctx) => books.show(ctx.actor, input.id),
    'book.chapter': (input, ctx) => books.chapter(ctx.actor, input.id, input.chapter),
    'book.shelf': (input, ctx) => books.shelf(ctx.actor, input.offset),
    'book.shelfEntry': (input, ctx) => books.entry(ctx.actor, input.id),
    'book.add': (input, ctx) => books.add(ctx.actor, input.book_uuid),
    'book.remove': (input, ctx) => books.remove(ctx.actor, input.id),
    'book.pos': (input, ctx) => books.setPos(ctx.actor, input.id, input.pos),
    'book.notesMine': (input, ctx) => books.notes(ctx.actor, input.id),
    'book.noteAdd': ({ id, ...note }, ctx) => books.addNote(ctx.actor, id, note),
    'book.noteDelete': (input, ctx) => books.deleteNote(ctx.actor, input.id, input.note_uuid),
    'book.historyToken': (input, ctx) => books.historyToken(ctx.actor, input.id),
    'book.history': (input, ctx) => books.reportHistory(ctx.actor, input, ctx.signature),
    'book.levelWords': (input, ctx) => books.levelWords(ctx.actor, input.id, input.chapter, input.level),
    'book.chapterWords': (input, ctx) => books.chapterWords(ctx.actor, input.id, input.chapter, input.offset, input.size ?? 20),
    'book.shareImage': async (input, ctx) => {
      const png = await books.shareImage(ctx.actor, input.id, input.note_uuid, ctx.origin);
      // It shows my progress and may quote my highlight: never in a shared cache.
      ctx.setHeader('cache-control', 'private, no-store');
      return png;
    },
    'book.notedBooks': (input, ctx) => books.notedBooks(ctx.actor, input.offset),
  };
}
