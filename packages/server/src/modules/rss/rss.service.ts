import type { Db } from '../../db/client.js';
import { isUniqueViolation } from '../../db/client.js';
import { Conflict, Invalid, NotFound } from '../../lib/errors.js';
import type { Clock } from '../../lib/clock.js';
import { pageOf } from '../../lib/page.js';
import { decodeBody, FetchError, type Fetcher } from '../../providers/fetch/fetcher.js';
import { FeedParseError, parseFeed } from './feed-parser.js';
import { rssRepo } from './rss.repo.js';

const ITEMS_PAGE = 20;
export const FEED_ACCEPT = 'application/rss+xml, application/atom+xml, application/xml;q=0.9, text/xml;q=0.8, */*;q=0.5';

type FeedRow = Awaited<ReturnType<ReturnType<typeof rssRepo>['feeds']>>[number];

function toFeed(row: FeedRow) {
  return {
    id: row.id,
    url: row.url,
    title: row.title,
    site_url: row.site_url,
    description: row.description,
    item_count: Number(row.item_count ?? 0),
    last_crawled_at: row.last_crawled_at,
    last_error: row.last_error,
    created_at: row.created_at,
  };
}

/** Fetches and parses a feed; failures become learner-readable messages. */
export async function fetchFeed(fetcher: Fetcher, url: string) {
  const resource = await fetcher.get(url, { accept: FEED_ACCEPT, limits: { maxBytes: 10 * 1024 * 1024 } });
  return parseFeed(decodeBody(resource), resource.url);
}

export function rssService(db: Db, clock: Clock, fetcher: Fetcher) {
  const repo = rssRepo(db);
  return {
    feeds: async () => ({ list: (await repo.feeds()).map(toFeed) }),

    /** Adds a feed after checking that its address answers with RSS or Atom. */
    async addFeed(url: string, userId: number) {
      const normalized = new URL(url).toString();
      if (await repo.feedByUrl(normalized)) throw new Conflict('这个订阅源已经添加过了');
      let feed;
      try {
        feed = await fetchFeed(fetcher, normalized);
      } catch (error) {
        if (error instanceof FetchError || error instanceof FeedParseError) throw new Invalid(`无法添加：${error.message}`);
        throw error;
      }
      try {
        const id = await repo.insertFeed({
          url: normalized,
          title: feed.title,
          site_url: feed.siteUrl,
          description: feed.description,
          created_by: userId,
          created_at: clock.now().toISOString(),
        });
        return toFeed((await repo.feed(id))!);
      } catch (error) {
        if (isUniqueViolation(error)) throw new Conflict('这个订阅源已经添加过了');
        throw error;
      }
    },

    async requireFeed(id: number) {
      if (!(await repo.feed(id))) throw new NotFound('订阅源不存在');
    },

    async requireItem(id: number) {
      if (!(await repo.item(id))) throw new NotFound('条目不存在');
    },

    async items(feedId: number, offset: number) {
      await this.requireFeed(feedId);
      const rows = await repo.items(feedId, offset, ITEMS_PAGE + 1);
      return pageOf(
        rows.map((r) => ({
          id: r.id,
          feed_id: r.feed_id,
          title: r.title,
          url: r.url,
          author: r.author,
          summary: r.summary,
          published_at: r.published_at,
          article_id: r.article_id,
          article_status: r.article_status ?? null,
          created_at: r.created_at,
        })),
        offset,
        ITEMS_PAGE,
      );
    },
  };
}

export type RssService = ReturnType<typeof rssService>;
