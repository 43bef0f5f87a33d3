import type { RssService } from '../modules/rss/index.js';
import { crawlFeedKind, type Enqueue } from './kinds.js';

/**
 * Periodic feed crawling: every feed not crawled for `everyHours` gets a crawl task. Workers
 * call this every few minutes; a feed whose crawl is still queued or running keeps that one
 * (the kind's idempotency key), so several workers calling at once queue nothing twice.
 * Answers how many feeds were due.
 */
export async function enqueueDueCrawls(rss: Pick<RssService, 'dueFeeds'>, jobs: Enqueue, everyHours: number): Promise<number> {
  const due = await rss.dueFeeds(everyHours);
  for (const feedId of due) await jobs.enqueue(crawlFeedKind, { feed_id: feedId });
  return due.length;
}
