import type { Generated } from 'kysely';

/** RSS feeds and their items (modules/rss). */
export interface RssTables {
  rss_feeds: RssFeedsTable;
  rss_items: RssItemsTable;
}

export interface RssFeedsTable {
  id: Generated<number>;
  url: string;
  title: string;
  site_url: string | null;
  description: string | null;
  last_crawled_at: string | null;
  last_error: string | null;
  created_by: number | null;
  created_at: string;
}
export interface RssItemsTable {
  id: Generated<number>;
  feed_id: number;
  guid: string;
  url: string;
  title: string;
  author: string | null;
  summary: string | null;
  /** JSON array of the item's categories. */
  categories: string;
  published_at: string | null;
  article_id: number | null;
  created_at: string;
}
