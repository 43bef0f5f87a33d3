import { z } from 'zod';
import { endpoint } from '../endpoint.js';
import { Headers } from '../identity.js';
import { clearableText, flag, id, offset, optionalText, page, text } from '../fields.js';
import {
  articleCardSchema,
  articleDetailSchema,
  articleLevels,
  articleManageSchema,
  articleRowSchema,
  articleStatuses,
  authorRefSchema,
  searchHitSchema,
  topicSlugs,
} from './articles.shared.js';
import { okResult } from './shared.js';

const articleId = { id: id('文章 id') };
const taskStarted = z.object({ task_id: z.number().int() });

/** A manager's edit: every field optional; `level: null` returns to the computed level. */
export const articleEditSchema = z.object(
  {
    title: text('英文标题', { max: 300 }).optional(),
    title_zh: clearableText('中文标题', 300),
    summary: clearableText('摘要', 2000),
    summary_zh: clearableText('中文摘要', 2000),
    author: clearableText('作者', 100),
    topics: z
      .array(z.enum(topicSlugs as [string, ...string[]], { error: '话题不在可选范围内' }), { error: '话题格式不正确' })
      .max(5, { error: '话题最多 5 个' })
      .optional(),
    level: z.enum(articleLevels, { error: '难度不在可选范围内' }).nullable().optional(),
    paragraphs: z
      .array(
        z
          .object({
            id: z.string().max(40).optional(),
            kind: z.enum(['p', 'h2', 'h3', 'blockquote', 'li', 'figure']).default('p'),
            // A figure's text is its caption and may be empty; every other block needs text.
            text: z.string({ error: '段落内容格式不正确' }).trim().max(10_000, { error: '段落内容不能超过 10000 个字符' }).default(''),
            zh: optionalText('段落译文', 10_000),
          })
          .refine((p) => p.kind === 'figure' || p.text.length > 0, { error: '请填写段落内容' })
          .refine((p) => p.kind !== 'figure' || Boolean(p.id), { error: '图片段落只能保留原有的，不能手动新建' }),
        { error: '段落格式不正确' },
      )
      .min(1, { error: '正文至少需要一段' })
      .max(500, { error: '段落太多了' })
      .optional(),
  },
  { error: '请提供要修改的文章内容（article）' },
);
export type ArticleEdit = z.infer<typeof articleEditSchema>;

export const articleEndpoints = {
  'article.list': endpoint({
    method: 'GET',
    path: '/reader/article/waikan',
    role: 'anonymous',
    cache: { maxAge: 60, vary: [Headers.clientId] },
    summary: '已发布的外刊文章，最新在前',
    input: z.object({ offset }),
    output: page(articleCardSchema),
  }),
  'article.show': endpoint({
    method: 'GET',
    path: '/reader/article/{id}/show',
    role: 'anonymous',
    cache: { maxAge: 60, vary: [Headers.clientId] },
    summary: '阅读页的文章（会员文章对非会员只给开头几段）',
    input: z.object(articleId),
    output: articleDetailSchema,
  }),
  'article.showWaikan': endpoint({
    method: 'GET',
    path: '/reader/article/waikan/{id}/show',
    role: 'anonymous',
    cache: { maxAge: 60, vary: [Headers.clientId] },
    summary: '外刊文章阅读页（同 /reader/article/{id}/show）',
    input: z.object(articleId),
    output: articleDetailSchema,
  }),
  'article.forYou': endpoint({
    method: 'GET',
    path: '/api/recommend/foryou',
    role: 'anonymous',
    summary: '为你推荐：按读者认识的词占比（最好 90–98%）、水平、常读话题、新近程度和热度排序',
    input: z.object({ offset }),
    /** `reason`: why it is recommended ("你认识其中 95% 的词"); null when there is nothing to say. */
    output: page(articleCardSchema.extend({ reason: z.string().nullable() })),
  }),
  'article.newCount': endpoint({
    method: 'GET',
    path: '/reader/article/new_count',
    role: 'anonymous',
    summary: '读者上次查看列表后新发布的文章数',
    input: z.object({}),
    output: z.object({ count: z.number().int(), since: z.string().nullable() }),
  }),
  'article.topic': endpoint({
    method: 'GET',
    path: '/reader/article/topic',
    role: 'anonymous',
    cache: { maxAge: 60 },
    summary: '按话题（q）、作者（author）或难度（level）列出文章',
    input: z.object({
      q: optionalText('话题', 40),
      author: id('作者 id').optional(),
      level: z.enum(articleLevels, { error: '难度不在可选范围内' }).optional(),
      offset,
    }),
    output: page(articleCardSchema),
  }),
  'article.labels': endpoint({
    method: 'GET',
    path: '/reader/article/labels',
    role: 'anonymous',
    cache: { maxAge: 60 },
    summary: '话题标签及其已发布文章数',
    input: z.object({}),
    output: z.object({ list: z.array(z.object({ topic: z.string(), label: z.string(), count: z.number().int() })) }),
  }),
  'author.show': endpoint({
    method: 'GET',
    path: '/reader/author/{id}',
    role: 'anonymous',
    cache: { maxAge: 60 },
    summary: '作者及其文章数',
    input: z.object({ id: id('作者 id') }),
    output: authorRefSchema.extend({ bio: z.string().nullable(), article_count: z.number().int() }),
  }),
  'search.articles': endpoint({
    method: 'GET',
    path: '/api/search',
    role: 'anonymous',
    summary: '全文搜索已发布文章（标题、中文标题、摘要、正文），带高亮片段',
    input: z.object({ q: text('搜索内容', { max: 100 }), offset }),
    output: page(searchHitSchema),
  }),
  'article.manage': endpoint({
    method: 'GET',
    path: '/reader/article/manage',
    role: 'manager',
    summary: '文章管理列表：按状态、来源、关键词筛选',
    input: z.object({
      status: z.enum(articleStatuses, { error: '状态不在可选范围内' }).optional(),
      source: optionalText('来源', 100),
      q: optionalText('关键词', 100),
      offset,
    }),
    output: page(articleRowSchema),
  }),
  'article.edit': endpoint({
    method: 'GET',
    path: '/reader/article/{id}/edit',
    role: 'manager',
    summary: '编辑用的完整文章，含审核字段和修改记录',
    input: z.object(articleId),
    output: articleManageSchema,
  }),
  'article.create': endpoint({
    method: 'POST',
    path: '/reader/article/create',
    role: 'manager',
    summary: '手动新建文章草稿',
    input: z.object({
      article: articleEditSchema.extend({
        title: text('英文标题', { max: 300 }),
        paragraphs: articleEditSchema.shape.paragraphs.unwrap(),
      }),
    }),
    output: articleManageSchema,
  }),
  'article.update': endpoint({
    method: 'POST',
    path: '/reader/article/{id}/update',
    role: 'manager',
    summary: '修改标题、中文标题、摘要、话题、难度、段落与译文',
    input: z.object({ ...articleId, article: articleEditSchema }),
    output: articleManageSchema,
  }),
  'article.lock': endpoint({
    method: 'POST',
    path: '/reader/article/{id}/lock',
    role: 'manager',
    summary: '设为会员文章（is_lock）或取消',
    input: z.object({ ...articleId, is_lock: flag('is_lock') }),
    output: articleManageSchema,
  }),
  'article.audit': endpoint({
    method: 'POST',
    path: '/reader/article/waikan/{id}/audit',
    role: 'manager',
    summary: '审核：approve 通过并发布，reject 退回（需写明原因）',
    input: z.object({
      ...articleId,
      action: z.enum(['approve', 'reject'], { error: '审核操作只能是 approve 或 reject' }),
      reason: optionalText('退回原因', 500),
    }),
    output: articleManageSchema,
  }),
  'article.publish': endpoint({
    method: 'POST',
    path: '/reader/article/{id}/publish',
    role: 'manager',
    summary: '设置状态；published_at 仅在非空时设置',
    input: z.object({
      ...articleId,
      status: z.enum(articleStatuses, { error: '状态不在可选范围内' }),
      published_at: z.preprocess(
        (v) => (v === '' || v === null ? undefined : v),
        z.iso.datetime({ offset: true, error: '发布时间格式不正确' }).optional(),
      ),
    }),
    output: articleManageSchema,
  }),
  'article.delete': endpoint({
    method: 'POST',
    path: '/reader/article/{id}/delete',
    role: 'manager',
    summary: '删除文章',
    input: z.object(articleId),
    output: okResult,
  }),
  'article.redownload': endpoint({
    method: 'POST',
    path: '/reader/article/{id}/redownload',
    role: 'manager',
    summary: '从原文地址重新抽取正文（任务）；未改动的段落保留编辑的译文',
    input: z.object(articleId),
    output: taskStarted,
  }),
} as const;

export { taskStarted };
