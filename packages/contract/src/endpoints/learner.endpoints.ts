import { z } from 'zod';
import { endpoint } from '../endpoint.js';
import { id } from '../fields.js';
import { ENGLISH_WORD, LEARNER_WORDS_MAX, learnerWordStatuses } from '../learner-constants.js';

const englishWord = z
  .string({ error: '单词格式不正确' })
  .trim()
  .max(64, { error: '单词不能超过 64 个字符' })
  .regex(ENGLISH_WORD, { error: '只能标记英文单词（字母、连字符或撇号）' });

export const learnerProfileSchema = z.object({
  /** Headwords the reader knows: marked known (by hand, placement, finishing an article) or graduated cards. */
  known_words: z.number().int(),
  /** Headwords in the word book still being learned. */
  learning_words: z.number().int(),
  /** The latest placement test's vocabulary size estimate; null before the first test. */
  vocabulary_estimate: z.number().int().nullable(),
  /** The CEFR-style level of that estimate (A1–C2); null before the first test. */
  level: z.string().nullable(),
  /** When the estimate was made. */
  estimated_at: z.string().nullable(),
  /** Known words at the end of each day the count changed (China time), oldest first, at most 90. */
  known_by_day: z.array(z.object({ day: z.string(), known: z.number().int() })),
});
export type LearnerProfile = z.infer<typeof learnerProfileSchema>;

export const learnerArticleSchema = z.object({
  article_id: z.number().int(),
  /** Word tokens counted (names, numbers, ignored words and non-words left out). */
  tokens: z.number().int(),
  unique_words: z.number().int(),
  /** Shares of `tokens`, 0–100 with one decimal. */
  known_pct: z.number(),
  learning_pct: z.number(),
  /** Up to 20 new words most worth learning: frequent in the article and in English. */
  new_words: z.array(
    z.object({
      word: z.string(),
      count: z.number().int(),
      /** The meaning that fits the word's first sentence in the article. */
      meaning: z.string().nullable(),
      /** That sentence, to show the word where it is used. */
      sentence: z.string().nullable(),
      /** Rank in the dictionary's frequency list (lower is more common); null when unranked. */
      rank: z.number().int().nullable(),
    }),
  ),
});
export type LearnerArticle = z.infer<typeof learnerArticleSchema>;

export const learnerEndpoints = {
  'learner.profile': endpoint({
    method: 'GET',
    path: '/api/learner/profile',
    role: 'user',
    summary: '我的词汇：认识和在学的词数、词汇量估计、认识的词随时间的变化',
    input: z.object({}),
    output: learnerProfileSchema,
  }),
  'learner.words': endpoint({
    method: 'POST',
    path: '/api/learner/words',
    role: 'user',
    summary: '标记单词：认识、忽略或恢复为生词（按词头；可一次导入最多 2000 个）',
    input: z.object({
      words: z
        .array(englishWord, { error: '请提供单词列表' })
        .min(1, { error: '请至少提供一个单词' })
        .max(LEARNER_WORDS_MAX, { error: `一次最多标记 ${LEARNER_WORDS_MAX} 个单词，请分批导入` }),
      status: z.enum(learnerWordStatuses, { error: '状态只能是 known、ignored 或 new' }),
    }),
    output: z.object({ changed: z.number().int() }),
  }),
  'learner.article': endpoint({
    method: 'GET',
    path: '/api/learner/article/{id}',
    role: 'user',
    summary: '读前概览：认识的词占比和最值得学的生词（含合乎语境的释义）',
    input: z.object({ id: id('文章 id') }),
    output: learnerArticleSchema,
  }),
  'learner.articleMarks': endpoint({
    method: 'GET',
    path: '/api/learner/article/{id}/marks',
    role: 'user',
    summary: '正文里的生词标记：文章中我还不认识（也不在生词本里）的词出现的各种词形',
    input: z.object({ id: id('文章 id') }),
    output: z.object({
      article_id: z.number().int(),
      /** Lower-case forms as they occur in the text (walked, walking) of every headword that is new to the reader; function words are never marked. */
      new_forms: z.array(z.string()),
    }),
  }),
  'learner.articleKnown': endpoint({
    method: 'POST',
    path: '/api/learner/article/{id}/known',
    role: 'user',
    summary: '读完了，其余都认识：文章里不在生词本中的词都标为认识',
    input: z.object({ id: id('文章 id') }),
    output: z.object({ changed: z.number().int() }),
  }),
  'learner.placement': endpoint({
    method: 'GET',
    path: '/api/learner/placement',
    role: 'user',
    summary: '词汇量测试题：按词频分段的真词和若干假词（不标明哪些是假词）',
    input: z.object({}),
    output: z.object({ items: z.array(z.object({ word: z.string() })) }),
  }),
  'learner.placementAnswer': endpoint({
    method: 'POST',
    path: '/api/learner/placement',
    role: 'user',
    summary: '提交词汇量测试：估计词汇量（按假词的误认率校正），把水平以下的常用词标为认识',
    input: z.object({
      answers: z
        .array(z.object({ word: englishWord, known: z.boolean({ error: 'known 必须是 true 或 false' }) }), { error: '请提供答案' })
        .min(1, { error: '请先作答' })
        .max(200, { error: '答案太多了' }),
    }),
    output: z.object({ vocabulary_estimate: z.number().int(), level: z.string() }),
  }),
} as const;
