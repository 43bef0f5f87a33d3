import type { Handlers } from '../../http/register-endpoints.js';
import type { RssService } from './rss.service.js';

export function rssRoutes(
  rss: RssService,
): Pick<Handlers, 'rss.feeds' | 'rss.addFeed' | 'rss.crawl' | 'rss.items' | 'rss.download'> {
  return {
    'rss.feeds': () => rss.feeds(),
    'rss.addFeed': (input, ctx) => rss.addFeed(input.url, ctx.actor.user.id),
    'rss.crawl': (input, ctx) => rss.queueCrawl(input.id, ctx.actor.user.id),
    'rss.items': (input) => rss.items(input.id, input.offset),
    'rss.download': (input, ctx) => rss.queueDownload(input.id, ctx.actor.user.id),
  };
}
