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

export function booksRoutes(uploads: UploadsService, books: BooksService): Pick<Handlers, BookHandlers> {
  return {
    'auth.uploadToken': (input, ctx) => uploads.issue(ctx.actor, input),
    'book.uploadByLink': (input, ctx) => books.importByLink(ctx.actor, input),
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
