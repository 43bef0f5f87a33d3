import type { LearnerService } from '../modules/learner/index.js';
import { handle } from './job.js';
import { learnerSetsKind } from './kinds.js';

/** Makes the learner's headword sets of one article, or of the newest published ones; answers how many were made. */
export function learnerSetsJob(learner: Pick<LearnerService, 'makeSets'>) {
  return handle(learnerSetsKind, async (payload, ctx) => {
    const { made } = await learner.makeSets(payload.article_id === undefined ? undefined : [payload.article_id]);
    await ctx.progress(100, `已为 ${made} 篇文章统计词汇`);
    return { made };
  });
}
