import type { Handlers } from '../../http/register-endpoints.js';
import type { DictionaryService } from '../dictionary/dictionary.service.js';
import type { ReaderToolsService } from './reader-tools.service.js';

export function readerToolsRoutes(
  tools: ReaderToolsService,
  dictionary: DictionaryService,
): Pick<Handlers, 'dict.word' | 'article.wordAdd' | 'article.wordDelete' | 'article.levelWords' | 'article.mark' | 'article.starred'> {
  return {
    'dict.word': (input, ctx) => dictionary.lookup(input.word, input.sentence, ctx.actor.kind === 'user' ? ctx.actor.user.id : null),
    'article.wordAdd': (input, ctx) => tools.addWord(ctx.actor.user.id, input.id, input),
    'article.wordDelete': (input, ctx) => tools.deleteWord(ctx.actor.user.id, input.id, input.word),
    'article.levelWords': (input, ctx) => tools.levelWords(input.id, input.level, ctx.actor),
    'article.mark': (input, ctx) => tools.mark(ctx.actor, input.id, input.action, input.status),
    'article.starred': (input, ctx) => tools.starred(ctx.actor, input.offset),
  };
}
