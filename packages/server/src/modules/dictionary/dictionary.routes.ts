import type { Handlers } from '../../http/register-endpoints.js';
import type { DictionaryService } from './dictionary.service.js';

export function dictionaryRoutes(dictionary: DictionaryService): Pick<Handlers, 'dict.word'> {
  return {
    'dict.word': (input, ctx) =>
      dictionary.answer(input.word, input.sentence, ctx.actor.kind === 'user' ? ctx.actor.user.id : null, { at: input.at }),
  };
}
