import type { Handlers } from '../../http/register-endpoints.js';
import type { AiService } from './ai.service.js';

type Names =
  | 'ai.ask'
  | 'ai.askShow'
  | 'ai.history'
  | 'ai.summary'
  | 'ai.summaryCreate'
  | 'ai.wordExplain'
  | 'ai.wordDict'
  | 'ai.wordSense'
  | 'ai.trans'
  | 'ai.analyze'
  | 'ai.entity'
  | 'ai.retranslate'
  | 'ai.questions'
  | 'ai.usage';

export function aiRoutes(ai: AiService): Pick<Handlers, Names> {
  return {
    'ai.ask': (input, ctx) => ai.ask(ctx.actor, input, ctx.signal),
    'ai.askShow': (input, ctx) => ai.askShow(ctx.actor, input.id),
    'ai.history': (input, ctx) => ai.history(ctx.actor, input),
    'ai.summary': (input, ctx) => ai.summary(ctx.actor, input.article_id, input.stream, { signal: ctx.signal }),
    'ai.summaryCreate': async (input, ctx) =>
      (await ai.summary(ctx.actor, input.article_id, false, { renew: input.renew })) as Awaited<ReturnType<Handlers['ai.summaryCreate']>>,
    'ai.wordExplain': (input, ctx) => ai.wordExplain(ctx.actor, input.word, input.sentence, ctx.signal),
    'ai.wordDict': (input, ctx) => ai.wordDict(ctx.actor, input.word),
    'ai.wordSense': (input, ctx) => ai.wordSense(ctx.actor, input.word, input.sentence),
    'ai.trans': (input, ctx) => ai.trans(ctx.actor, input.text),
    'ai.analyze': (input, ctx) => ai.analyze(ctx.actor, input.text),
    'ai.entity': (input, ctx) => ai.entity(ctx.actor, input.name),
    'ai.retranslate': (input, ctx) => ai.queueRetranslate(ctx.actor, input),
    'ai.questions': (input, ctx) => ai.questions(ctx.actor, input.article_id),
    'ai.usage': (_input, ctx) => ai.usage(ctx.actor),
  };
}
