import type { Db } from '../../db/client.js';
import { isUniqueViolation } from '../../db/client.js';
import { Conflict, Invalid, NotFound } from '../../lib/errors.js';
import { HOUR, type Clock } from '../../lib/clock.js';
import { pageOf } from '../../lib/page.js';
import { FetchError, type Fetcher } from '../../providers/fetch/fetcher.js';
import { crawlFeedKind, downloadItemKind, type Enqueue } from '../../jobs/kinds.js';
import type { EditorialService } from '../articles/index.js';
import type { ImagesService } from '../media/index.js';
import { FeedParseError } from './feed-parser.js';
import { feedKey } from './feed-url.js';
import { rssRepo } from './rss.repo.js';
import { fetchAndExtract, fetchFailure, fetchFeed } from './sources.js';
import { topicsFromCategories } from './topics-from-categories.js';

const ITEMS_PAGE = 20;

/** Reports how far long work has come (0–100), with a message for whoever watches it. */
export type Progress = (percent: number, message?: string) => Promise<void>;

export interface RssDeps {
  db: Db;
  clock: Clock;
  fetcher: Fetcher;
  editorial: EditorialService;
  images: ImagesService;
  /** Starting the feed crawls and item downloads managers ask for. */
  jobs: Enqueue;
  /** This server's public address (PUBLIC_URL): its host counts as this server in feed addresses. */
  publicUrl?: string | null;
}

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

/** What is known of a page before fetching it (from a feed item, a table of contents). */
export interface PageHints {
  title: string;
  summary?: string | null;
  byline?: string | null;
  source?: string | null;
  feedId?: number | null;
  topics?: string[];
  publishedAt?: string | null;
}

const editorOf = (userId: number | null) => (userId !== null ? { id: userId } : null);

export function rssService({ db, clock, fetcher, editorial, images, jobs, publicUrl = null }: RssDeps) {
  const repo = rssRepo(db);

  /**
   * Fetches a page, extracts its article, stores its cover and makes it a draft (the one
   * ingest of a web page: feed items and magazine articles come through here). What the
   * page says wins over `known`, except its date: a feed's (or issue's) date is kept.
   * Idempotent: a page whose address is already stored answers that article.
   */
  async function importPage(url: string, known: PageHints, userId: number | null, progress: Progress = async () => {}): Promise<number> {
    await progress(10, '正在下载原文');
    const { page, extracted } = await fetchAndExtract(fetcher, url);
    await progress(50, `识别出 ${extracted.paragraphs.length} 段正文，正在下载封面`);
    // A cover that cannot be had is no reason to lose the article: it gets a placeholder.
    const cover = extracted.coverUrl ? await images.storeCover(extracted.coverUrl).catch(() => null) : null;
    await progress(75, '正在计算难度并保存');
    return editorial.ingest(
      {
        title: extracted.title || known.title,
        summary: extracted.excerpt ?? known.summary ?? null,
        byline: extracted.byline ?? known.byline ?? null,
        source: extracted.siteName ?? known.source ?? null,
        url: page.url,
        feedId: known.feedId ?? null,
        cover,
        topics: known.topics ?? [],
        publishedAt: known.publishedAt ?? extracted.publishedAt,
        paragraphs: extracted.paragraphs,
      },
      editorOf(userId),
    );
  }

  /** The feed already added under this address or an equivalent one (see feed-url.ts), if any. */
  async function sameFeed(url: string) {
    const key = feedKey(url, publicUrl);
    return (await repo.feedByUrl(url)) ?? (await repo.feeds()).find((f) => feedKey(f.url, publicUrl) === key);
  }
  return {
    importPage,

    feeds: async () => ({ list: (await repo.feeds()).map(toFeed) }),

    /** Adds a feed after checking that its address answers with RSS or Atom. */
    async addFeed(url: string, userId: number) {
      const normalized = new URL(url).toString();
      if (await sameFeed(normalized)) throw new Conflict('这个订阅源已经添加过了');
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

    /** Registers a feed the app serves itself (the demo feed) without fetching it; once. */
    async registerFeed(feed: { url: string; title: string; description: string }) {
      if (await sameFeed(feed.url)) return;
      await repo.insertFeed({ ...feed, site_url: null, created_by: null, created_at: clock.now().toISOString() });
    },

    async requireFeed(id: number) {
      if (!(await repo.feed(id))) throw new NotFound('订阅源不存在');
    },

    /** Queues a fetch of the feed's new items (or answers the crawl already queued or running). */
    async queueCrawl(feedId: number, by: number) {
      await this.requireFeed(feedId);
      const task = await jobs.enqueue(crawlFeedKind, { feed_id: feedId }, { createdBy: by });
      return { task_id: task.id };
    },

    /** Queues turning a feed item into a draft, `by` its creator. */
    async queueDownload(itemId: number, by: number) {
      if (!(await repo.item(itemId))) throw new NotFound('条目不存在');
      const task = await jobs.enqueue(downloadItemKind, { item_id: itemId, user_id: by }, { createdBy: by });
      return { task_id: task.id };
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

    /** Ids of the feeds not crawled for `everyHours` (or never). */
    async dueFeeds(everyHours: number): Promise<number[]> {
      const before = new Date(clock.now().getTime() - everyHours * HOUR).toISOString();
      return (await repo.dueFeeds(before)).map((f) => f.id);
    },

    /**
     * Fetches a feed and stores the items not seen before (by guid). A failure is recorded on
     * the feed, so the feed list shows it, and then thrown.
     */
    async crawlFeed(feedId: number, progress: Progress): Promise<{ added: number; total: number }> {
      const feed = await repo.feed(feedId);
      if (!feed) throw new NotFound('订阅源不存在');
      await progress(10, '正在获取订阅内容');
      let parsed;
      try {
        parsed = await fetchFeed(fetcher, feed.url);
      } catch (error) {
        if (!(error instanceof FetchError || error instanceof FeedParseError)) throw error;
        const failure = error instanceof FetchError ? fetchFailure(error, '抓取失败：') : new Invalid(`抓取失败：${error.message}`);
        await repo.markCrawled(feedId, clock.now().toISOString(), failure.message);
        throw failure;
      }
      await progress(60, `解析到 ${parsed.items.length} 个条目，正在保存`);
      const now = clock.now().toISOString();
      const added = await repo.insertNewItems(
        parsed.items.map((item) => ({
          feed_id: feedId,
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
      await repo.markCrawled(feedId, now, null, { title: parsed.title, site_url: parsed.siteUrl, description: parsed.description });
      await progress(100, `新增 ${added} 条，跳过已有 ${parsed.items.length - added} 条`);
      return { added, total: parsed.items.length };
    },

    /**
     * Turns a feed item into a draft article, created by `userId`. Idempotent: an item already
     * downloaded, or whose page is already stored, answers the existing article.
     */
    async downloadItem(itemId: number, userId: number | null, progress: Progress): Promise<{ article_id: number }> {
      const item = await repo.item(itemId);
      if (!item) throw new NotFound('条目不存在');
      if (item.article_id) return { article_id: item.article_id };
      const articleId = await importPage(
        item.url,
        {
          title: item.title,
          summary: item.summary,
          byline: item.author,
          source: item.feed_title,
          feedId: item.feed_id,
          topics: topicsFromCategories(JSON.parse(item.categories) as string[]),
          publishedAt: item.published_at,
        },
        userId,
        progress,
      );
      // Not one transaction with the ingest (another module's write): if this link is lost,
      // the retry's ingest finds the article by its address and links that one.
      await repo.linkArticle(itemId, articleId);
      await progress(100, '已生成草稿');
      return { article_id: articleId };
    },

    /** Re-extracts an article from its source address, keeping what editors did to unchanged paragraphs. */
    async redownloadArticle(articleId: number, userId: number | null, progress: Progress): Promise<{ article_id: number }> {
      const url = await editorial.requireUrl(articleId);
      await progress(10, '正在下载原文');
      const { extracted } = await fetchAndExtract(fetcher, url);
      await progress(70, '正在合并段落');
      await editorial.refresh(articleId, extracted.paragraphs, editorOf(userId));
      await progress(100, '已重新抽取');
      return { article_id: articleId };
    },
  };
}

export type RssService = ReturnType<typeof rssService>;
