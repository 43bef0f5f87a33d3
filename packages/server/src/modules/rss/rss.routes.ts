import type { Handlers } from '../../http/register-endpoints.js';
import { crawlFeedKind, downloadItemKind, type Enqueue } from '../../jobs/kinds.js';
import type { RssService } from './rss.service.js';

export function rssRoutes(
  rss: RssService,
  jobs: Enqueue,
): Pick<Handlers, 'rss.feeds' | 'rss.addFeed' | 'rss.crawl' | 'rss.items' | 'rss.download'> {
  return {
    'rss.feeds': () => rss.feeds(),
    'rss.addFeed': (input, ctx) => rss.addFeed(input.url, ctx.actor.user.id),
    'rss.crawl': async (input, ctx) => {
      await rss.requireFeed(input.id);
      const task = await jobs.enqueue(crawlFeedKind, { feed_id: input.id }, { createdBy: ctx.actor.user.id });
      return { task_id: task.id };
    },
    'rss.items': (input) => rss.items(input.id, input.offset),
    'rss.download': async (input, ctx) => {
      await rss.requireItem(input.id);
      const task = await jobs.enqueue(
        downloadItemKind,
        { item_id: input.id, user_id: ctx.actor.user.id },
        { createdBy: ctx.actor.user.id },
      );
      return { task_id: task.id };
    },
  };
}
