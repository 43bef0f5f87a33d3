import type { RssService } from '../modules/rss/index.js';
import { handle } from './job.js';
import { crawlFeedKind } from './kinds.js';

export function crawlFeedJob(rss: RssService) {
  return handle(crawlFeedKind, async ({ feed_id }, ctx) => ({ ...(await rss.crawlFeed(feed_id, ctx.progress)), link: '/admin/rss' }));
}
