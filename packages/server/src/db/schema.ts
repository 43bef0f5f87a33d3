import type { Generated } from 'kysely';

/**
 * Table types. Times are ISO 8601 UTC strings on both dialects (text on SQLite,
 * timestamptz on PostgreSQL, read back as ISO by the client's type parser);
 * booleans are 0/1 integers so one query works on both; JSON is text.
 */
export interface UsersTable {
  id: Generated<number>;
  phone: string | null;
  username: string;
  password_hash: string;
  role: 'user' | 'manager' | 'super';
  openid: string | null;
  xhs_id: string | null;
  member_level: number | null;
  member_expires_at: string | null;
  articles_seen_at: string | null;
  created_at: string;
  updated_at: string;
}

export interface AuthTokensTable {
  id: Generated<number>;
  user_id: number;
  token_hash: string;
  created_at: string;
  expires_at: string;
  revoked_at: string | null;
  user_agent: string | null;
  ip: string | null;
}

export interface CaptchasTable {
  key: string;
  answer: string;
  expires_at: string;
}

export interface SmsCodesTable {
  id: Generated<number>;
  phone: string;
  stype: string;
  code_hash: string;
  attempts: number;
  created_at: string;
  expires_at: string;
  consumed_at: string | null;
}

export interface SmsOutboxTable {
  id: Generated<number>;
  phone: string;
  stype: string;
  text: string;
  provider: string;
  created_at: string;
}

export interface VisitorsTable {
  cuid: string;
  uid: number | null;
  source: 'WEB' | 'WEBVIEW';
  platform: string | null;
  is_new: number;
  first_seen_at: string;
  last_seen_at: string;
  last_event: string;
  last_path: string | null;
  events: number;
  articles_seen_at: string | null;
}

export interface LogEventsTable {
  id: Generated<number>;
  cuid: string;
  uid: number | null;
  name: string;
  data: string | null;
  is_new: number;
  source: 'WEB' | 'WEBVIEW';
  ip: string | null;
  created_at: string;
}

export type TaskStatus = 'queued' | 'running' | 'done' | 'failed';

export interface TasksTable {
  id: Generated<number>;
  type: string;
  payload: string;
  status: TaskStatus;
  progress: number;
  message: string | null;
  result: string | null;
  attempts: number;
  max_attempts: number;
  /** The kind's idempotency key; unique per type among queued and running tasks. */
  idem_key: string | null;
  run_after: string;
  locked_at: string | null;
  created_by: number | null;
  created_at: string;
  updated_at: string;
  finished_at: string | null;
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

export interface WordBookTable {
  id: Generated<number>;
  user_id: number;
  word: string;
  due: string;
  stability: Generated<number>;
  difficulty: Generated<number>;
  elapsed_days: Generated<number>;
  scheduled_days: Generated<number>;
  learning_steps: Generated<number>;
  reps: Generated<number>;
  lapses: Generated<number>;
  state: Generated<number>;
  last_review: string | null;
  created_at: string;
  updated_at: string;
}

export interface WordLookupsTable {
  user_id: number;
  day: string;
  word: string;
}

export interface ReadHistoryTable {
  user_id: number;
  article_id: number;
  spent_time: number;
  is_finish: number;
  first_read_at: string;
  last_read_at: string;
}

export interface ReadingDaysTable {
  user_id: number;
  /** China-time date, YYYY-MM-DD. */
  day: string;
  seconds: number;
  finished: number;
}

export interface HistoryTokensTable {
  token_hash: string;
  user_id: number;
  credited: number;
  last_sign_at: number;
  created_at: string;
}

export interface AppSecretsTable {
  name: string;
  value: string;
}

export interface WordContextsTable {
  id: Generated<number>;
  entry_id: number;
  /** The form as read, when it differs from the headword. */
  form: string | null;
  sentence: string | null;
  article_id: number | null;
  source: string | null;
  created_at: string;
}

export interface ReviewLogsTable {
  id: Generated<number>;
  entry_id: number;
  user_id: number;
  rating: number;
  /** The card's state, due, stability… before this review (ts-fsrs ReviewLog). */
  state: number;
  due: string;
  stability: number;
  difficulty: number;
  elapsed_days: number;
  last_elapsed_days: number;
  scheduled_days: number;
  learning_steps: number;
  review: string;
  spent_ms: number;
}

export interface Database {
  users: UsersTable;
  auth_tokens: AuthTokensTable;
  captchas: CaptchasTable;
  sms_codes: SmsCodesTable;
  sms_outbox: SmsOutboxTable;
  visitors: VisitorsTable;
  log_events: LogEventsTable;
  tasks: TasksTable;
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
  word_book: WordBookTable;
  word_lookups: WordLookupsTable;
  read_history: ReadHistoryTable;
  reading_days: ReadingDaysTable;
  history_tokens: HistoryTokensTable;
  app_secrets: AppSecretsTable;
  word_contexts: WordContextsTable;
  review_logs: ReviewLogsTable;
}
