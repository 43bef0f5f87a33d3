import type { Generated } from 'kysely';

/** Articles: authors, topics, change history, views, key words and marks (modules/articles). */
export interface ArticlesTables {
  authors: AuthorsTable;
  articles: ArticlesTable;
  article_topics: ArticleTopicsTable;
  article_events: ArticleEventsTable;
  article_views: ArticleViewsTable;
  article_words: ArticleWordsTable;
  article_marks: ArticleMarksTable;
}

export interface AuthorsTable {
  id: Generated<number>;
  name: string;
  bio: string | null;
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
