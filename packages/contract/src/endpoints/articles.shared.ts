import { z } from 'zod';

// The plain constants (levels, statuses, topics, labels) live in ../constants.ts, which the web
// client loads without zod (docs/performance.md).
import { articleLevels, articleStatuses } from '../constants.js';
export {
  articleLevels,
  articleStatuses,
  DEFAULT_IMAGE_WIDTH,
  examLevels,
  levelLabels,
  PLACEHOLDER_COUNT,
  statusLabels,
  topics,
  topicSlugs,
  type ArticleLevel,
  type ArticleStatus,
  type ExamLevel,
  type Topic,
} from '../constants.js';

export const authorRefSchema = z.object({ id: z.number().int(), name: z.string() });

/** What every view of an article starts with (its card, its page, the manager's row). */
export const articleSummarySchema = z.object({
  id: z.number().int(),
  title: z.string(),
  title_zh: z.string().nullable(),
  summary: z.string().nullable(),
  author: authorRefSchema.nullable(),
  source: z.string().nullable(),
  /** Own image path, e.g. `/api/image/covers-ab12cd.webp`; null → use a placeholder. */
  cover: z.string().nullable(),
  /** Index into the placeholder list, stable per article. */
  placeholder: z.number().int(),
  topics: z.array(z.string()),
  level: z.enum(articleLevels),
  word_count: z.number().int(),
  reading_minutes: z.number().int(),
  is_lock: z.boolean(),
  published_at: z.string().nullable(),
});
export type ArticleSummary = z.infer<typeof articleSummarySchema>;

/** An article in a list. */
export const articleCardSchema = articleSummarySchema.extend({
  /**
   * The share (0–100) of the article's word tokens whose headword the reader knows (names and
   * numbers not counted): filled for a logged-in reader where the answer leaves the server
   * (learner module, docs/learner.md); null for anonymous visitors.
   */
  known_pct: z.number().nullable(),
});
export type ArticleCard = z.infer<typeof articleCardSchema>;

export const sentenceSchema = z.object({ id: z.string(), text: z.string() });

/** A block of the body the reader can address: its id survives edits that keep it. */
export const paragraphSchema = z.object({
  id: z.string(),
  kind: z.enum(['p', 'h2', 'h3', 'blockquote', 'li', 'figure']),
  /** Sanitised inline HTML (links, emphasis; an image for `figure`). */
  html: z.string(),
  text: z.string(),
  sentences: z.array(sentenceSchema),
  zh: z.string().nullable(),
});
export type Paragraph = z.infer<typeof paragraphSchema>;

/** An editor's key word of an article, with its explanation. */
export const articleWordSchema = z.object({ word: z.string(), resolve: z.string(), tag: z.string().nullable() });

/** An article as the reader sees it: the lock is already applied for the caller. */
export const articleDetailSchema = articleSummarySchema.extend({
  /** The editors' key vocabulary of the article. */
  words: z.array(articleWordSchema),
  /** The caller's marks; null for anonymous readers. */
  me: z.object({ starred: z.boolean(), finished: z.boolean() }).nullable(),
  status: z.enum(articleStatuses),
  url: z.string().nullable(),
  summary_zh: z.string().nullable(),
  paragraphs: z.array(paragraphSchema),
  /** True when the caller sees only the opening paragraphs of a members-only article. */
  preview: z.boolean(),
  paragraph_total: z.number().int(),
  audio: z.string().nullable(),
  pdf: z.string().nullable(),
  poster: z.string().nullable(),
});
export type ArticleDetail = z.infer<typeof articleDetailSchema>;

export const articleEventSchema = z.object({
  id: z.number().int(),
  action: z.string(),
  detail: z.string(),
  user: z.object({ id: z.number().int(), username: z.string() }).nullable(),
  created_at: z.string(),
});

/** The manager's view: everything, never locked, with the review fields and the change history. */
export const articleManageSchema = articleDetailSchema.extend({
  level_auto: z.enum(articleLevels),
  level_override: z.enum(articleLevels).nullable(),
  /** Flesch–Kincaid grade, and the shares (fractions 0–1) of headwords beyond CET-4 and CET-6. */
  readability: z.object({ grade: z.number(), beyond_c4: z.number(), beyond_c6: z.number() }),
  reject_reason: z.string().nullable(),
  feed_id: z.number().int().nullable(),
  created_at: z.string(),
  updated_at: z.string(),
  events: z.array(articleEventSchema),
  /**
   * Which parts have Chinese: `title` (title_zh), `summary` (summary_zh, true when there is no
   * summary), and how many of the text paragraphs (figures excluded) have a translation.
   */
  translation: z.object({
    title: z.boolean(),
    summary: z.boolean(),
    paragraphs: z.number().int(),
    translated: z.number().int(),
  }),
  /** Set by publishing (publish, audit approve) when readers will find parts without Chinese; else null. */
  warning: z.string().nullable(),
});
export type ArticleManage = z.infer<typeof articleManageSchema>;

/** A row of the manager's article table. */
export const articleRowSchema = articleSummarySchema.extend({
  status: z.enum(articleStatuses),
  url: z.string().nullable(),
  updated_at: z.string(),
});

export const searchHitSchema = articleCardSchema.extend({
  /** HTML-escaped text with the matched words in `<mark>`. */
  snippet: z.string(),
});

export const feedSchema = z.object({
  id: z.number().int(),
  url: z.string(),
  title: z.string(),
  site_url: z.string().nullable(),
  description: z.string().nullable(),
  item_count: z.number().int(),
  last_crawled_at: z.string().nullable(),
  last_error: z.string().nullable(),
  created_at: z.string(),
});

export const feedItemSchema = z.object({
  id: z.number().int(),
  feed_id: z.number().int(),
  title: z.string(),
  url: z.string(),
  author: z.string().nullable(),
  summary: z.string().nullable(),
  published_at: z.string().nullable(),
  article_id: z.number().int().nullable(),
  article_status: z.enum(articleStatuses).nullable(),
  created_at: z.string(),
});
