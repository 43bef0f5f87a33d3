import { DOWNLOAD_NAMES } from '@changdu/contract';
import { attachment } from '../../lib/content-disposition.js';
import type { Handlers } from '../../http/register-endpoints.js';
import { wordsAnki, wordsCsv } from './words.export.js';
import type { WordsService } from './words.service.js';

export function wordsRoutes(
  words: WordsService,
): Pick<
  Handlers,
  | 'words.add'
  | 'words.delete'
  | 'words.list'
  | 'words.overview'
  | 'words.next'
  | 'words.ofArticle'
  | 'words.review'
  | 'words.detail'
  | 'words.export'
> {
  return {
    'words.add': (input, ctx) => words.add(ctx.actor, input),
    'words.delete': (input, ctx) => words.delete(ctx.actor.user.id, input.word),
    'words.list': (input, ctx) => words.list(ctx.actor.user.id, input.order, input.q, input.offset),
    'words.overview': (_input, ctx) => words.overview(ctx.actor.user.id),
    'words.next': (input, ctx) => words.next(ctx.actor.user.id, input.force, input.size ?? 15),
    'words.ofArticle': (input, ctx) => words.ofArticle(ctx.actor, input.article_id, input.offset, input.size ?? 15),
    'words.review': (input, ctx) => words.review(ctx.actor.user.id, input.id, input.rating, input.spent, input.reps),
    'words.detail': (input, ctx) => words.detail(ctx.actor.user.id, input.word),
    'words.export': async (input, ctx) => {
      const rows = await words.exportRows(ctx.actor.user.id);
      if (input.format === 'anki') {
        ctx.setHeader('content-type', 'text/plain; charset=utf-8');
        ctx.setHeader('content-disposition', attachment(DOWNLOAD_NAMES.wordsAnki, 'changdu-words-anki.txt'));
        return wordsAnki(rows);
      }
      ctx.setHeader('content-disposition', attachment(DOWNLOAD_NAMES.words, 'changdu-words.csv'));
      return wordsCsv(rows, ctx.origin);
    },
  };
}
