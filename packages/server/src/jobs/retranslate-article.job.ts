import type { AiService } from '../modules/ai/index.js';
import { handle } from './job.js';
import { retranslateArticleKind } from './kinds.js';

export function retranslateArticleJob(ai: AiService) {
  return handle(retranslateArticleKind, async ({ article_id, ai: useAi, cache, user_id }, ctx) => {
    await ctx.progress(1, '开始重新翻译');
    return ai.retranslate(article_id, { ai: useAi, cache, editorId: user_id }, ctx.progress);
  });
}
