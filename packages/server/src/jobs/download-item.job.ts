import type { RssService } from '../modules/rss/index.js';
import { handle } from './job.js';
import { downloadItemKind } from './kinds.js';

export function downloadItemJob(rss: RssService) {
  return handle(downloadItemKind, async ({ item_id, user_id }, ctx) => {
    const { article_id } = await rss.downloadItem(item_id, user_id, ctx.progress);
    return { article_id, link: `/admin/article/${article_id}` };
  });
}
