import type { BooksService } from '../modules/books/index.js';
import { handle } from './job.js';
import { importBookKind } from './kinds.js';

export function importBookJob(books: Pick<BooksService, 'importBook'>) {
  return handle(importBookKind, async (payload, ctx) => {
    const { book_id, duplicate } = await books.importBook(payload, ctx.progress);
    return { book_id, duplicate, link: `/book/${book_id}/show` };
  });
}
