import type { Handlers } from '../../http/register-endpoints.js';
import type { JobQueue } from '../../jobs/queue.js';
import type { tasksService } from '../tasks/tasks.service.js';
import type { RssService } from './rss.service.js';

export function rssRoutes(
  rss: RssService,
  jobs: JobQueue,
  tasks: ReturnType<typeof tasksService>,
): Pick<Handlers, 'rss.feeds' | 'rss.addFeed' | 'rss.crawl' | 'rss.items' | 'rss.download' | 'task.show'> {
  return {
    'rss.feeds': () => rss.feeds(),
    'rss.addFeed': (input, ctx) => rss.addFeed(input.url, ctx.actor.user.id),
    'rss.crawl': async (input, ctx) => {
      await rss.requireFeed(input.id);
      const task = await jobs.enqueue('rss.crawl', { feed_id: input.id }, { createdBy: ctx.actor.user.id });
      return { task_id: task.id };
    },
    'rss.items': (input) => rss.items(input.id, input.offset),
    'rss.download': async (input, ctx) => {
      await rss.requireItem(input.id);
      const task = await jobs.enqueue('rss.download', { item_id: input.id, user_id: ctx.actor.user.id }, { createdBy: ctx.actor.user.id });
      return { task_id: task.id };
    },
    'task.show': (input, ctx) => tasks.show(input.id, ctx.actor),
  };
}
