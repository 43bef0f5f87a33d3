import { DOWNLOAD_NAMES } from '@changdu/contract';
import { attachment } from '../../lib/content-disposition.js';
import type { Handlers } from '../../http/register-endpoints.js';
import type { NotesService } from './notes.service.js';

export function notesRoutes(
  notes: NotesService,
): Pick<Handlers, 'note.add' | 'note.mine' | 'note.all' | 'note.delete' | 'note.articles' | 'note.ofArticle' | 'note.export'> {
  return {
    'note.add': (input, ctx) => notes.add(ctx.actor, input.id, input),
    'note.mine': (input, ctx) => notes.mine(ctx.actor, input.id),
    'note.all': (input, ctx) => notes.all(ctx.actor, input.id),
    'note.delete': (input, ctx) => notes.delete(ctx.actor, input.id, input.note_uuid),
    'note.articles': (input, ctx) => notes.articles(ctx.actor, input.offset),
    'note.ofArticle': (input, ctx) => notes.ofArticle(ctx.actor, input.id),
    'note.export': async (_input, ctx) => {
      ctx.setHeader('content-disposition', attachment(DOWNLOAD_NAMES.notes, 'changdu-notes.txt'));
      return notes.export(ctx.actor);
    },
  };
}
