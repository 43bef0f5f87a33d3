import type { RssService } from '../modules/rss/index.js';
import { handle } from './job.js';
import { downloadItemKind, retranslateArticleKind, type Enqueue } from './kinds.js';

/** `translate`: when an AI provider is configured, a new draft's paragraphs are queued for translation. */
export function downloadItemJob(rss: RssService, translate: Enqueue['enqueue'] | null) {
  return handle(downloadItemKind, async ({ item_id, user_id }, ctx) => {
    const { article_id } = await rss.downloadItem(item_id, user_id, ctx.progress);
    if (translate) await translate(retranslateArticleKind, { article_id, ai: true, cache: true, user_id }, { createdBy: user_id });
    return { article_id, link: `/admin/article/${article_id}` };
  });
}
