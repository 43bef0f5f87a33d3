import type { Handlers } from '../../http/register-endpoints.js';
import type { LearnerService } from './learner.service.js';

type Names =
  | 'learner.profile'
  | 'learner.words'
  | 'learner.article'
  | 'learner.articleMarks'
  | 'learner.articleKnown'
  | 'learner.placement'
  | 'learner.placementAnswer';

export function learnerRoutes(learner: LearnerService): Pick<Handlers, Names> {
  return {
    'learner.profile': (_input, ctx) => learner.profile(ctx.actor.user.id),
    'learner.words': (input, ctx) => learner.mark(ctx.actor.user.id, input.words, input.status),
    'learner.article': (input, ctx) => learner.article(ctx.actor, input.id),
    'learner.articleMarks': (input, ctx) => learner.articleMarks(ctx.actor, input.id),
    'learner.articleKnown': (input, ctx) => learner.articleKnown(ctx.actor, input.id),
    'learner.placement': (_input, ctx) => learner.placement(ctx.actor.user.id),
    'learner.placementAnswer': (input, ctx) => learner.placementAnswer(ctx.actor.user.id, input.answers),
  };
}
