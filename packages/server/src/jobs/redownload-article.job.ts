import type { RssService } from '../modules/rss/index.js';
import { handle } from './job.js';
import { redownloadArticleKind } from './kinds.js';

export function redownloadArticleJob(rss: RssService) {
  return handle(redownloadArticleKind, async ({ article_id, user_id }, ctx) => {
    await rss.redownloadArticle(article_id, user_id, ctx.progress);
    return { article_id, link: `/admin/article/${article_id}` };
  });
}
