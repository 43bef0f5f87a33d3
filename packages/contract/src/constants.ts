// Plain constants of the contract, with no zod: the web client loads this file (through
// client.ts) without the schemas, which stay on the server (docs/performance.md). The schema
// files re-export them, so `@changdu/contract` offers the same names as before.

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

/** FSRS card states (ts-fsrs `State`). */
export const cardStates = ['new', 'learning', 'review', 'relearning'] as const;
export const cardStateLabels: Record<(typeof cardStates)[number], string> = {
  new: '新词',
  learning: '学习中',
  review: '复习中',
  relearning: '重新学习',
};

/** Ratings of a review: 1 Again, 2 Hard, 3 Good, 4 Easy (FSRS grades). */
export const ratings = { again: 1, hard: 2, good: 3, easy: 4 } as const;
export const ratingLabels: Record<1 | 2 | 3 | 4, string> = { 1: '忘记', 2: '模糊', 3: '记得', 4: '简单' };

export const wordOrders = ['new', 'old', 'due', 'alpha'] as const;
export const REVIEW_BATCH = 15;

/** Event names the web shell sends; other names are accepted too. */
export const LogEvents = { OPEN_APP: 'OPEN_APP', PAGE_OPEN: 'PAGE_OPEN' } as const;

/** Note highlight colours. */
export const noteColors = ['yellow', 'green', 'blue', 'pink', 'purple'] as const;

/** Sign-up and profile rules the forms show and the schemas check. */
export const PHONE_PATTERN = /^1[3-9]\d{9}$/;
export const PASSWORD_RULE = { min_length: 8, max_length: 64, hint: '8–64 位，需同时包含字母和数字' } as const;
export const USERNAME_RULE = { min_length: 2, max_length: 20, hint: '2–20 个字符，可用中文、字母、数字和下划线，不能全是数字' } as const;
