import { z } from 'zod';
import type { Clock } from '../lib/clock.js';
import { FetchError, type Fetcher } from '../providers/fetch/fetcher.js';
import { FeedParseError } from '../modules/rss/feed-parser.js';
import type { RssRepo } from '../modules/rss/rss.repo.js';
import { fetchFeed } from '../modules/rss/rss.service.js';
import { defineJob, PermanentJobError } from './job.js';

/** Fetches a feed and stores the items not seen before (by guid); items already known are skipped. */
export function crawlFeedJob(deps: { repo: RssRepo; fetcher: Fetcher; clock: Clock }) {
  return defineJob({
    name: 'rss.crawl',
    payload: z.object({ feed_id: z.number().int() }),
    maxAttempts: 3,
    backoffMs: 60_000,
    async run({ feed_id }, ctx) {
      const feed = await deps.repo.feed(feed_id);
      if (!feed) throw new PermanentJobError('订阅源不存在');
      await ctx.progress(10, '正在获取订阅内容');
      let parsed;
      try {
        parsed = await fetchFeed(deps.fetcher, feed.url);
      } catch (error) {
        if (!(error instanceof FetchError || error instanceof FeedParseError)) throw error;
        const message = `抓取失败：${error.message}`;
        await deps.repo.markCrawled(feed_id, deps.clock.now().toISOString(), message);
        if (error instanceof FetchError && !error.permanent) throw new Error(message);
        throw new PermanentJobError(message);
      }
      await ctx.progress(60, `解析到 ${parsed.items.length} 个条目，正在保存`);
      const now = deps.clock.now().toISOString();
      const added = await deps.repo.insertNewItems(
        parsed.items.map((item) => ({
          feed_id,
          guid: item.guid,
          url: item.url,
          title: item.title,
          author: item.author,
          summary: item.summary,
          categories: JSON.stringify(item.categories),
          published_at: item.publishedAt,
          article_id: null,
          created_at: now,
        })),
      );
      await deps.repo.markCrawled(feed_id, now, null, { title: parsed.title, site_url: parsed.siteUrl, description: parsed.description });
      await ctx.progress(100, `新增 ${added} 条，跳过已有 ${parsed.items.length - added} 条`);
      return { added, total: parsed.items.length, link: '/admin/rss' };
    },
  });
}
