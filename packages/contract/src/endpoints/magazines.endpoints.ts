import { z } from 'zod';
import { endpoint } from '../endpoint.js';
import { flag, id, offset, optionalText, page, text } from '../fields.js';
import { articleEditSchema, taskStarted } from './articles.endpoints.js';
import { articleCardSchema, articleManageSchema } from './articles.shared.js';
export * from '../magazines-constants.js';
import { magazineStatuses, magazineArticleStates, magazineReviews } from '../magazines-constants.js';

const reviewAction = z.enum(['approve', 'reject'], { error: '审核操作只能是 approve 或 reject' });

/** An issue in a list. */
export const magazineCardSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  edition: z.string(),
  /** The table-of-contents page it was crawled from; null for an uploaded issue. */
  url: z.string().nullable(),
  /** Own image path; null → use the placeholder. */
  cover: z.string().nullable(),
  placeholder: z.number().int(),
  status: z.enum(magazineStatuses),
  /** Articles a reader can open (for managers: every article found). */
  article_count: z.number().int(),
  published_at: z.string().nullable(),
  created_at: z.string(),
});
export type MagazineCard = z.infer<typeof magazineCardSchema>;

/** One article of an issue: its place (order, section) and, once downloaded, the article's card. */
export const magazineArticleSchema = z.object({
  /** The magazine article's id (`/reader/magazinearticle/{id}`), not the article's. */
  id: z.number().int(),
  position: z.number().int(),
  section: z.string().nullable(),
  title: z.string(),
  url: z.string().nullable(),
  state: z.enum(magazineArticleStates),
  error: z.string().nullable(),
  review: z.enum(magazineReviews),
  review_reason: z.string().nullable(),
  article_id: z.number().int().nullable(),
  /** The article as a card (level, length); null until downloaded. */
  article: articleCardSchema.extend({ status: z.string() }).nullable(),
});
export type MagazineArticle = z.infer<typeof magazineArticleSchema>;

/** An issue with its sections and articles in order; managers also get the work state. */
export const magazineDetailSchema = magazineCardSchema.extend({
  review_reason: z.string().nullable(),
  crawled_at: z.string().nullable(),
  crawl_error: z.string().nullable(),
  /** The last crawl or download task (managers), to show its progress again after a reload. */
  task_id: z.number().int().nullable(),
  sections: z.array(z.object({ title: z.string().nullable(), articles: z.array(magazineArticleSchema) })),
});
export type MagazineDetail = z.infer<typeof magazineDetailSchema>;

const magazineId = { id: id('杂志 id') };

export const magazineEndpoints = {
  'magazine.list': endpoint({
    method: 'GET',
    path: '/reader/magazine',
    role: 'anonymous',
    summary: '杂志期刊列表：读者看到已发布的，最新在前；管理员看到全部',
    input: z.object({ offset }),
    output: page(magazineCardSchema),
  }),
  'magazine.create': endpoint({
    method: 'POST',
    path: '/reader/magazine',
    role: 'manager',
    summary: '新建一期杂志（刊名 + 期号唯一）；url 是目录页，cover 是封面图片地址',
    input: z.object({
      name: text('刊名', { max: 100 }),
      edition: text('期号', { max: 60 }),
      url: z.preprocess(
        (v) => (v === '' || v === null ? undefined : v),
        text('目录页地址', { max: 2000 })
          .pipe(z.url({ protocol: /^https?$/, error: '目录页地址必须是 http 或 https 网址' }))
          .optional(),
      ),
      cover: z.preprocess(
        (v) => (v === '' || v === null ? undefined : v),
        text('封面地址', { max: 2000 })
          .pipe(z.url({ protocol: /^https?$/, error: '封面地址必须是 http 或 https 网址' }))
          .optional(),
      ),
    }),
    output: magazineDetailSchema,
  }),
  'magazine.show': endpoint({
    method: 'GET',
    path: '/reader/magazine/{id}',
    role: 'anonymous',
    summary: '一期杂志：封面、分区和按顺序排列的文章（难度、篇幅）',
    input: z.object(magazineId),
    output: magazineDetailSchema,
  }),
  'magazine.articles': endpoint({
    method: 'GET',
    path: '/reader/magazine/{id}/articles',
    role: 'anonymous',
    summary: '一期杂志的文章，按目录顺序',
    input: z.object(magazineId),
    output: z.object({ list: z.array(magazineArticleSchema) }),
  }),
  'magazine.crawl': endpoint({
    method: 'POST',
    path: '/reader/magazine/{id}/crawl',
    role: 'manager',
    summary: '抓取目录页（任务）：找出本期的文章链接和分区，生成待下载的文章',
    input: z.object(magazineId),
    output: taskStarted,
  }),
  'magazine.upload': endpoint({
    method: 'POST',
    path: '/reader/magazine/{id}/upload',
    role: 'manager',
    summary: '上传本期的 EPUB（先用 /auth/upload_token 上传，link 为 upload:…），按目录拆成文章',
    input: z.object({ ...magazineId, link: text('上传文件的链接', { max: 300 }) }),
    output: magazineDetailSchema,
  }),
  'magazine.downloadArticles': endpoint({
    method: 'POST',
    path: '/reader/magazine/{id}/download_articles',
    role: 'manager',
    summary: '下载并抽取本期所有待下载（或失败）的文章（任务，可重复调用，单篇失败不影响其余）',
    input: z.object(magazineId),
    output: taskStarted,
  }),
  'magazine.audit': endpoint({
    method: 'POST',
    path: '/reader/magazine/{id}/audit',
    role: 'manager',
    summary: '审核本期（action）和其中的文章（articles）；退回需写明原因。通过本期时，已下载且未审核的文章一并通过',
    input: z
      .object({
        ...magazineId,
        action: reviewAction.optional(),
        reason: optionalText('退回原因', 500),
        articles: z
          .array(
            z.object(
              { id: id('杂志文章 id'), action: reviewAction, reason: optionalText('退回原因', 500) },
              { error: '文章审核格式不正确' },
            ),
            { error: '文章审核格式不正确' },
          )
          .max(500, { error: '一次审核的文章太多了' })
          .optional(),
      })
      .refine((v) => v.action !== undefined || (v.articles?.length ?? 0) > 0, { error: '请选择审核操作（action 或 articles）' }),
    output: magazineDetailSchema,
  }),
  'magazine.publish': endpoint({
    method: 'POST',
    path: '/reader/magazine/{id}/publish',
    role: 'manager',
    summary: '发布本期及其审核通过的文章；cancel 为 true 时撤回本期和这些文章',
    input: z.object({ ...magazineId, cancel: flag('cancel').optional() }),
    output: magazineDetailSchema,
  }),
  'magazineArticle.update': endpoint({
    method: 'POST',
    path: '/reader/magazinearticle/{id}/update',
    role: 'manager',
    summary: '修改杂志中的一篇文章（同文章编辑，保留段落 id）',
    input: z.object({ id: id('杂志文章 id'), article: articleEditSchema }),
    output: articleManageSchema,
  }),
} as const;
