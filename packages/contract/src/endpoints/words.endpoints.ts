import { z } from 'zod';
import { endpoint } from '../endpoint.js';
import { flag, id, int, limit, offset, optionalText, page, text } from '../fields.js';
import { wordEntrySchema } from './reader.endpoints.js';

import { cardStates, REVIEW_BATCH, wordOrders } from '../constants.js';
export { cardStateLabels, cardStates, ratingLabels, ratings, REVIEW_BATCH, wordOrders } from '../constants.js';

export const wordContextSchema = z.object({
  /** The form as read ("went"), when it differs from the headword; null otherwise. */
  form: z.string().nullable(),
  sentence: z.string().nullable(),
  article_id: z.number().int().nullable(),
  article_title: z.string().nullable(),
  source: z.string().nullable(),
  created_at: z.string(),
});

export const wordItemSchema = z.object({
  id: z.number().int(),
  word: z.string(),
  phonetic: z.string().nullable(),
  /** The meaning the word sheet showed first for the sentence the card was added from ("vt. 粘贴"). */
  meaning: z.string().nullable(),
  state: z.enum(cardStates),
  due: z.string(),
  reps: z.number().int(),
  lapses: z.number().int(),
  last_review: z.string().nullable(),
  created_at: z.string(),
});

/** What each rating would do now: the next due time and a readable interval. */
export const intervalPreviewSchema = z.object({
  rating: z.number().int(),
  label: z.string(),
  due: z.string(),
  interval: z.string(),
});

export const reviewCardSchema = wordItemSchema.extend({
  /** The dictionary's other meanings of the card, shown folded under `meaning` on its back. */
  other_meanings: z.array(z.string()),
  contexts: z.array(wordContextSchema),
  intervals: z.array(intervalPreviewSchema),
});

export const wordsEndpoints = {
  'words.add': endpoint({
    method: 'POST',
    path: '/reader/myword',
    role: 'user',
    summary: '加入生词本（按词头保存；再次添加会记下新的例句）',
    input: z.object({
      word: text('单词', { max: 64 }).regex(/^\p{Script=Latin}[\p{Script=Latin}'’ -]*$/u, { error: '只能添加英文单词' }),
      sentence: optionalText('例句', 1000),
      article_id: id('文章 id').optional(),
      source: optionalText('来源', 40),
      /** The meaning the sheet showed ("n. 岸"), when it was not the dictionary's first for the sentence (an AI choice): one of the word's own. */
      meaning: optionalText('释义', 200),
      /** Which occurrence of the word in `sentence` was tapped, as the lookup (`dict.word`) was asked: the card keeps that one's meaning. */
      at: int('at', { min: 0, max: 500 }).optional(),
    }),
    output: wordItemSchema.extend({ added: z.boolean() }),
  }),
  'words.delete': endpoint({
    method: 'POST',
    path: '/reader/myword/del',
    role: 'user',
    summary: '从生词本删除',
    input: z.object({ word: text('单词', { max: 64 }) }),
    output: z.object({ ok: z.literal(true) }),
  }),
  'words.list': endpoint({
    method: 'GET',
    path: '/reader/myword',
    role: 'user',
    summary: '生词本：new 最近加入（默认）、old 最早加入、due 最先到期、alpha 按字母；q 搜索',
    input: z.object({
      offset,
      order: z.enum(wordOrders, { error: '排序只能是 new、old、due 或 alpha' }).default('new'),
      q: optionalText('搜索内容', 64),
    }),
    output: page(wordItemSchema),
  }),
  'words.overview': endpoint({
    method: 'GET',
    path: '/reader/myword/overview',
    role: 'user',
    summary: '生词本概况：各状态数量、现在到期、今天到期、今天已复习、连续天数、近 30 天记住率',
    input: z.object({}),
    output: z.object({
      total: z.number().int(),
      by_state: z.record(z.enum(cardStates), z.number().int()),
      due_now: z.number().int(),
      due_today: z.number().int(),
      reviewed_today: z.number().int(),
      streak: z.number().int(),
      retention_30d: z.number().nullable(),
    }),
  }),
  'words.next': endpoint({
    method: 'GET',
    path: '/reader/myword/review/next',
    role: 'user',
    summary: '下一批到期的卡片；force 时没有到期卡片也给出未到期的（提前复习）',
    input: z.object({ force: flag('force').default(false), size: limit(REVIEW_BATCH, 50, 'size').optional() }),
    output: z.object({ list: z.array(reviewCardSchema), due_now: z.number().int() }),
  }),
  'words.ofArticle': endpoint({
    method: 'GET',
    path: '/reader/myword/review/article',
    role: 'user',
    summary: '生词本中在这篇文章里出现的词',
    input: z.object({ article_id: id('文章 id'), offset, size: limit(REVIEW_BATCH, 200, 'size').optional() }),
    output: page(reviewCardSchema.extend({ forms: z.array(z.string()) })),
  }),
  'words.review': endpoint({
    method: 'POST',
    path: '/reader/myword/{id}/review',
    role: 'user',
    summary: '复习一张卡片：rating 1 忘记 / 2 模糊 / 3 记得 / 4 简单，spent 为用时（毫秒）',
    input: z.object({
      id: id('卡片 id'),
      rating: int('rating', {
        min: 1,
        max: 4,
        msg: { type: 'rating 必须是 1–4', int: 'rating 必须是 1–4', min: 'rating 必须是 1–4', max: 'rating 必须是 1–4' },
      }),
      spent: int('用时', {
        min: 0,
        max: 3_600_000,
        msg: { type: '用时必须是数字（毫秒）', int: '用时必须是整数（毫秒）', min: '用时不能为负数', max: '用时太长了' },
      }).default(0),
      /**
       * The card's `reps` as the reader saw it: the review's idempotency key with `id`. A review
       * sent again (the offline outbox after a lost answer) finds the card moved on and applies nothing.
       */
      reps: int('reps', {
        min: 0,
        max: 1_000_000,
        msg: { type: 'reps 必须是整数', int: 'reps 必须是整数', min: 'reps 不能为负数', max: 'reps 太大了' },
      }).optional(),
    }),
    output: reviewCardSchema,
  }),
  'words.detail': endpoint({
    method: 'GET',
    path: '/reader/myword/detail',
    role: 'user',
    summary: '生词详情：词典释义、全部例句（含文章链接）、复习记录、下次到期',
    input: z.object({ word: text('单词', { max: 64 }) }),
    output: z.object({
      item: wordItemSchema,
      entry: wordEntrySchema.nullable(),
      contexts: z.array(wordContextSchema),
      reviews: z.array(
        z.object({
          rating: z.number().int(),
          label: z.string(),
          state: z.enum(cardStates),
          review: z.string(),
          scheduled_days: z.number().int(),
          spent: z.number().int(),
        }),
      ),
      intervals: z.array(intervalPreviewSchema),
    }),
  }),
  'words.export': endpoint({
    method: 'GET',
    path: '/reader/myword/export',
    role: 'user',
    summary: '导出生词本：format=csv（默认）或 anki（制表符分隔，可导入 Anki）',
    input: z.object({ format: z.enum(['csv', 'anki'], { error: '格式只能是 csv 或 anki' }).default('csv') }),
    output: z.string(),
    produces: 'text/csv; charset=utf-8',
    cookieAuth: true,
  }),
} as const;
