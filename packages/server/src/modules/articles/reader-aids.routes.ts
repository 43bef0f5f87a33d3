import type { Handlers } from '../../http/register-endpoints.js';
import type { KeyWordsService } from './key-words.service.js';
import type { LevelWordsService } from './level-words.service.js';
import type { MarksService } from './marks.service.js';

/** Key words (editors), level words and star/finished marks (readers). */
export function readerAidsRoutes(
  keyWords: KeyWordsService,
  levelWords: LevelWordsService,
  marks: MarksService,
): Pick<Handlers, 'article.wordAdd' | 'article.wordDelete' | 'article.levelWords' | 'article.mark' | 'article.starred'> {
  return {
    'article.wordAdd': (input, ctx) => keyWords.add(ctx.actor.user.id, input.id, input),
    'article.wordDelete': (input, ctx) => keyWords.remove(ctx.actor.user.id, input.id, input.word),
    'article.levelWords': (input, ctx) => levelWords.of(input.id, input.level, ctx.actor),
    'article.mark': (input, ctx) => marks.mark(ctx.actor, input.id, input.action, input.status),
    'article.starred': (input, ctx) => marks.starred(ctx.actor, input.offset),
  };
}
