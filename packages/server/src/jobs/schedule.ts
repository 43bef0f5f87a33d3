import type { Clock } from '../lib/clock.js';
import { HOUR } from '../lib/clock.js';
import type { RssRepo } from '../modules/rss/rss.repo.js';
import type { JobQueue } from './queue.js';

/**
 * Scheduled crawling: every feed not crawled for `everyHours` gets a crawl task, unless one
 * is already waiting or running. Workers call this every few minutes.
 */
export async function enqueueDueCrawls(rss: RssRepo, queue: JobQueue, clock: Clock, everyHours: number): Promise<number> {
  const due = await rss.dueFeeds(new Date(clock.now().getTime() - everyHours * HOUR).toISOString());
  let queued = 0;
  for (const { id } of due) {
    if (await queue.hasUnfinished('rss.crawl', { feed_id: id })) continue;
    await queue.enqueue('rss.crawl', { feed_id: id });
    queued += 1;
  }
  return queued;
}
