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

export interface BooksTable {
  id: Generated<number>;
  uuid: string;
  digest: string;
  title: string;
  author: string | null;
  language: string | null;
  description: string | null;
  /** An image name served by /api/image/{name}. */
  cover: string | null;
  /** JSON: the flat table of contents `[{title, chapter, anchor, depth}]`. */
  toc: string;
  chapter_count: number;
  word_count: number;
  level: string;
  /** Storage key of the EPUB file. */
  file_key: string | null;
  /** Where it came from: a web address, `upload`, or `demo`. */
  source: string | null;
  /** `private` (its uploader and shelves only) or `published` (the library). */
  status: string;
  uploaded_by: number | null;
  published_at: string | null;
  created_at: string;
  updated_at: string;
}

export interface BookChaptersTable {
  book_id: number;
  idx: number;
  title: string;
  /** JSON: Paragraph[] (the article structure). */
  content: string;
  word_count: number;
  level: string;
  /** JSON: `{C4: n, C6: n, …}` words beyond each exam level. */
  level_words: string;
}

export interface BookShelfTable {
  id: Generated<number>;
  user_id: number;
  book_id: number;
  /** JSON: the reading position (docs/books.md). */
  pos: string | null;
  pos_at: string | null;
  progress: number;
  read_seconds: number;
  added_at: string;
  last_read_at: string | null;
}

export interface BookNotesTable {
  id: Generated<number>;
  user_id: number;
  book_id: number;
  note_uuid: string;
  chapter: number;
  text: string;
  comment: string;
  root: string;
  tag: string | null;
  color: string;
  data: string;
  created_at: string;
  updated_at: string;
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
  member_products: MemberProductsTable;
  member_logs: MemberLogsTable;
  member_orders: MemberOrdersTable;
  pay_notices: PayNoticesTable;
  member_trials: MemberTrialsTable;
  invitation_codes: InvitationCodesTable;
  code_bindings: CodeBindingsTable;
  awards: AwardsTable;
  read_article_days: ReadArticleDaysTable;
  collections: CollectionsTable;
  collection_items: CollectionItemsTable;
  collection_marks: CollectionMarksTable;
  creators: CreatorsTable;
  creator_follows: CreatorFollowsTable;
  creator_applications: CreatorApplicationsTable;
  books: BooksTable;
  book_chapters: BookChaptersTable;
  book_shelf: BookShelfTable;
  book_notes: BookNotesTable;
  magazines: MagazinesTable;
  magazine_articles: MagazineArticlesTable;
  ai_asks: AiAsksTable;
  ai_cache: AiCacheTable;
  ai_usage: AiUsageTable;
  app_settings: AppSettingsTable;
}

// Membership (issue 12): products, member logs, orders, payment notices, trials, codes, awards.
export interface MemberProductsTable {
  id: Generated<number>;
  code: string;
  name: string;
  level: number;
  days: number;
  price_fen: number;
  original_price_fen: number | null;
  /** JSON array of strings. */
  benefits: string;
  sort: number;
  is_active: number;
  created_at: string;
  updated_at: string;
}

export interface MemberLogsTable {
  id: Generated<number>;
  user_id: number;
  operator_id: number | null;
  action: 'open' | 'renew' | 'close';
  source: 'manager' | 'order' | 'trial' | 'award';
  days: number;
  level_before: number | null;
  level_after: number | null;
  expires_before: string | null;
  expires_after: string | null;
  remark: string;
  ref: string | null;
  created_at: string;
}

export interface MemberOrdersTable {
  id: Generated<number>;
  order_no: string;
  user_id: number;
  product_id: number;
  product_name: string;
  level: number;
  days: number;
  amount_fen: number;
  provider: string;
  status: 'pending' | 'paid' | 'finished' | 'closed' | 'refunded';
  pending_key: string | null;
  trade_no: string | null;
  pay_data: string | null;
  paid_at: string | null;
  finished_at: string | null;
  closed_at: string | null;
  finished_by: number | null;
  created_at: string;
  updated_at: string;
}

export interface PayNoticesTable {
  id: Generated<number>;
  provider: string;
  order_no: string | null;
  outcome: 'accepted' | 'duplicate' | 'refused';
  reason: string;
  excerpt: string;
  created_at: string;
}

export interface MemberTrialsTable {
  id: Generated<number>;
  user_id: number;
  xhs_id: string | null;
  source: 'xhs' | 'link';
  days: number;
  created_at: string;
}

export interface InvitationCodesTable {
  id: Generated<number>;
  code: string;
  ctype: 'invite' | 'register' | 'member' | 'trial';
  owner_id: number | null;
  days: number;
  remark: string;
  created_by: number | null;
  created_at: string;
}

export interface CodeBindingsTable {
  user_id: number;
  code_id: number;
  single_use: number | null;
  created_at: string;
}

export interface AwardsTable {
  id: Generated<number>;
  user_id: number;
  kind: 'invite' | 'code' | 'rank';
  ref: string;
  code_id: number | null;
  rank_date: string | null;
  days: number;
  title: string;
  status: 'earned' | 'claimed';
  claimed_at: string | null;
  created_at: string;
}

export interface ReadArticleDaysTable {
  user_id: number;
  article_id: number;
  day: string;
  seconds: number;
}

export interface CollectionsTable {
  id: Generated<number>;
  owner_id: number;
  title: string;
  description: string | null;
  cover_article_id: number | null;
  /** The cover image path, copied from the cover article (or the first with a cover) at save. */
  cover: string | null;
  is_published: number;
  published_at: string | null;
  follower_count: Generated<number>;
  star_count: Generated<number>;
  last_added_at: string | null;
  created_at: string;
  updated_at: string;
  deleted_at: string | null;
}

export interface CollectionItemsTable {
  collection_id: number;
  article_id: number;
  /** 0-based order in the collection. */
  position: number;
  note: string | null;
  added_at: string;
}

export interface CollectionMarksTable {
  user_id: number;
  collection_id: number;
  kind: 'star' | 'follow';
  created_at: string;
  /** When a follower last opened the collection (new articles are those added after). */
  seen_at: string;
}

export interface CreatorsTable {
  user_id: number;
  bio: string | null;
  avatar: string | null;
  author_id: number | null;
  follower_count: Generated<number>;
  created_at: string;
}

export interface CreatorFollowsTable {
  user_id: number;
  creator_id: number;
  created_at: string;
}

export interface CreatorApplicationsTable {
  id: Generated<number>;
  user_id: number;
  statement: string;
  bio: string | null;
  status: 'pending' | 'approved' | 'refused';
  reason: string | null;
  reviewed_by: number | null;
  created_at: string;
  reviewed_at: string | null;
}

export type MagazineStatus = 'draft' | 'approved' | 'rejected' | 'published' | 'offline';

export interface MagazinesTable {
  id: Generated<number>;
  name: string;
  edition: string;
  /** The table-of-contents page; null for an uploaded issue. */
  url: string | null;
  /** A stored image name (as articles.cover). */
  cover: string | null;
  status: MagazineStatus;
  review_reason: string | null;
  crawled_at: string | null;
  crawl_error: string | null;
  /** The last crawl or download task. */
  task_id: number | null;
  created_by: number | null;
  published_at: string | null;
  created_at: string;
  updated_at: string;
}

export interface MagazineArticlesTable {
  id: Generated<number>;
  magazine_id: number;
  position: number;
  section: string | null;
  title: string;
  url: string | null;
  article_id: number | null;
  state: 'pending' | 'downloaded' | 'failed';
  error: string | null;
  review: 'unreviewed' | 'approved' | 'rejected';
  review_reason: string | null;
  created_at: string;
  updated_at: string;
}

export interface AiAsksTable {
  id: Generated<number>;
  user_id: number;
  article_id: number | null;
  pos: string | null;
  selection: string | null;
  source: 'ARTICLE' | 'FREE';
  prompt: string;
  answer: string;
  /** JSON array of cited paragraph ids. */
  citations: string;
  model: string | null;
  offline: number;
  tokens: number;
  cache_key: string;
  created_at: string;
}

export interface AiCacheTable {
  id: Generated<number>;
  cache_key: string;
  kind: string;
  model: string;
  /** JSON of the answer. */
  content: string;
  created_at: string;
}

export interface AiUsageTable {
  id: Generated<number>;
  user_id: number;
  /** China-time day, YYYY-MM-DD (lib/days.ts). */
  day: string;
  tokens: number;
  requests: number;
}

/** A manager-edited setting: one JSON value per key (modules/appinfo). */
export interface AppSettingsTable {
  key: string;
  value: string;
  updated_by: number | null;
  updated_at: string;
}
