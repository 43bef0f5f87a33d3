import { z } from 'zod';

/** Difficulty grades computed at ingest (spec §3), easiest first, with their Chinese labels. */
export const articleLevels = ['VERY_EASY', 'EASY', 'STANDARD', 'DIFFICULT', 'VERY_DIFFICULT'] as const;
export type ArticleLevel = (typeof articleLevels)[number];

/** Exam word bands readers highlight words beyond (spec §3: C4, C6, L4, L8, IELTS). */
export const examLevels = ['C4', 'C6', 'L4', 'L8', 'IELTS'] as const;
export type ExamLevel = (typeof examLevels)[number];

export const levelLabels: Record<ArticleLevel | ExamLevel, string> = {
  VERY_EASY: '非常简单',
  EASY: '简单',
  STANDARD: '标准',
  DIFFICULT: '较难',
  VERY_DIFFICULT: '非常难',
  C4: '四级/高考',
  C6: '六级/考研',
  L4: '专四',
  L8: '专八',
  IELTS: '雅思',
};

/**
 * Article statuses: a crawl or a manual creation makes a `draft`; `pending` waits for
 * audit; audit approves to `published` or refuses to `rejected` (with a reason);
 * `offline` is taken down after publication. See docs/articles.md.
 */
export const articleStatuses = ['draft', 'pending', 'published', 'rejected', 'offline'] as const;
export type ArticleStatus = (typeof articleStatuses)[number];

export const statusLabels: Record<ArticleStatus, string> = {
  draft: '草稿',
  pending: '待审核',
  published: '已发布',
  rejected: '未通过',
  offline: '已下线',
};

/** Topic tags with their Chinese labels. */
export const topics = {
  science: '科学',
  technology: '科技',
  culture: '文化',
  environment: '环境',
  business: '商业',
  health: '健康',
  education: '教育',
  travel: '旅行',
  society: '社会',
  world: '国际',
} as const;
export type Topic = keyof typeof topics;
export const topicSlugs = Object.keys(topics) as Topic[];

/** Covers and placeholders are served resized by width (spec §9: default 300). */
export const DEFAULT_IMAGE_WIDTH = 300;
/** Placeholder covers for articles without one (spec §9: a fixed list of about 26). */
export const PLACEHOLDER_COUNT = 26;

export const authorRefSchema = z.object({ id: z.number().int(), name: z.string() });

/** An article in a list. */
export const articleCardSchema = z.object({
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
export const articleDetailSchema = articleCardSchema.extend({
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
export const articleRowSchema = articleCardSchema.extend({
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
