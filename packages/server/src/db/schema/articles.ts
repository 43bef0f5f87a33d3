import type { Generated } from 'kysely';

/** Articles and where they come from: authors, RSS feeds and items, topics, views, key words, marks and notes. */
export interface ArticlesTables {
  authors: AuthorsTable;
  rss_feeds: RssFeedsTable;
  articles: ArticlesTable;
  article_topics: ArticleTopicsTable;
  article_events: ArticleEventsTable;
  article_views: ArticleViewsTable;
  rss_items: RssItemsTable;
  article_words: ArticleWordsTable;
  article_marks: ArticleMarksTable;
  article_notes: ArticleNotesTable;
}

export interface AuthorsTable {
  id: Generated<number>;
  name: string;
  bio: string | null;
  created_at: string;
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
export interface ArticlesTable {
  id: Generated<number>;
  status: 'draft' | 'pending' | 'published' | 'rejected' | 'offline';
  title: string;
  title_zh: string | null;
  summary: string | null;
  summary_zh: string | null;
  author_id: number | null;
  source: string | null;
  url: string | null;
  feed_id: number | null;
  cover: string | null;
  /** JSON array of topic slugs (also rows of article_topics, for queries). */
  topics: string;
  /** JSON array of paragraphs: the addressable body (contract `Paragraph`). */
  content: string;
  body_text: string;
  word_count: number;
  level_auto: string;
  level_override: string | null;
  /** JSON readability metrics behind level_auto. */
  metrics: string;
  is_lock: number;
  reject_reason: string | null;
  audio: string | null;
  pdf: string | null;
  poster: string | null;
  views: number;
  published_at: string | null;
  created_at: string;
  updated_at: string;
  /** Raised by every write of the row or its key words: the reader's cache key and ETag. */
  version: Generated<number>;
}
export interface ArticleTopicsTable {
  article_id: number;
  topic: string;
}
export interface ArticleEventsTable {
  id: Generated<number>;
  article_id: number;
  user_id: number | null;
  action: string;
  detail: string;
  created_at: string;
}
export interface ArticleViewsTable {
  id: Generated<number>;
  article_id: number;
  user_id: number | null;
  cuid: string | null;
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
export interface ArticleWordsTable {
  article_id: number;
  word: string;
  resolve: string;
  tag: string | null;
  created_by: number | null;
  created_at: string;
}
export interface ArticleMarksTable {
  user_id: number;
  article_id: number;
  starred_at: string | null;
  finished_at: string | null;
}
export interface ArticleNotesTable {
  id: Generated<number>;
  user_id: number;
  article_id: number;
  note_uuid: string;
  text: string;
  comment: string;
  root: string;
  tag: string | null;
  color: string;
  /** JSON: where in the paragraph the note sits. */
  data: string;
  is_public: number;
  created_at: string;
  updated_at: string;
}
