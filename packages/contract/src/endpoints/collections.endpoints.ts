import { z } from 'zod';
import { endpoint } from '../endpoint.js';
import { flag, id, limit, offset, optionalText, page, text } from '../fields.js';
import { articleCardSchema } from './articles.shared.js';
export * from '../collections-constants.js';
import { COLLECTION_MAX_ARTICLES, collectionActions, collectionStates, creatorApplicationStatuses } from '../collections-constants.js';

/** A collection's owner as lists show them. */
export const collectionOwnerSchema = z.object({ id: z.number().int(), name: z.string(), is_creator: z.boolean() });

/** A collection in a list. `article_count` counts the articles a reader can open now. */
export const collectionSchema = z.object({
  id: z.number().int(),
  title: z.string(),
  description: z.string().nullable(),
  /** An image path (from one of its articles); null → use `placeholder`. */
  cover: z.string().nullable(),
  placeholder: z.number().int(),
  owner: collectionOwnerSchema,
  is_published: z.boolean(),
  published_at: z.string().nullable(),
  article_count: z.number().int(),
  follower_count: z.number().int(),
  star_count: z.number().int(),
  created_at: z.string(),
  updated_at: z.string(),
});
export type Collection = z.infer<typeof collectionSchema>;

export const collectionFollowSchema = collectionSchema.extend({
  /** Articles added since the reader last opened the collection. */
  new_count: z.number().int(),
  followed_at: z.string(),
});

export const collectionManageSchema = collectionSchema.extend({ deleted_at: z.string().nullable() });

export const collectionArticleSchema = articleCardSchema.extend({
  /** 1-based place in the collection, among the articles shown. */
  position: z.number().int(),
  note: z.string().nullable(),
  /** The caller finished it (false for anonymous readers). */
  finished: z.boolean(),
});

export const collectionDetailSchema = collectionSchema.extend({
  cover_article_id: z.number().int().nullable(),
  articles: z.array(collectionArticleSchema),
  /** For the owner and managers: articles kept in the list that readers cannot open now (withdrawn). */
  hidden_count: z.number().int(),
  me: z
    .object({
      followed: z.boolean(),
      starred: z.boolean(),
      can_edit: z.boolean(),
      finished_count: z.number().int(),
      /** The first article in order not finished yet; null when all are (or the list is empty). */
      continue_article_id: z.number().int().nullable(),
    })
    .nullable(),
});
export type CollectionDetail = z.infer<typeof collectionDetailSchema>;

export const collectionMarksSchema = z.object({
  starred: z.boolean(),
  followed: z.boolean(),
  star_count: z.number().int(),
  follower_count: z.number().int(),
});

const collectionId = { id: id('合集 id') };

export const collectionEndpoints = {
  'collection.add': endpoint({
    method: 'POST',
    path: '/reader/collection/add',
    role: 'user',
    summary: '新建（不带 id）或修改（带 id，限本人或管理员）合集：标题、简介、封面文章、按顺序的文章和每篇的备注',
    input: z.object({
      id: id('合集 id').optional(),
      title: text('合集标题', { max: 60 }),
      description: optionalText('合集简介', 500),
      cover_article_id: id('封面文章 id').optional(),
      articles: z
        .array(z.object({ article_id: id('文章 id'), note: optionalText('文章备注', 300) }, { error: '文章列表格式不正确' }), {
          error: '文章列表格式不正确',
        })
        .max(COLLECTION_MAX_ARTICLES, { error: `一个合集最多 ${COLLECTION_MAX_ARTICLES} 篇文章` })
        .refine((list) => new Set(list.map((a) => a.article_id)).size === list.length, { error: '同一篇文章不能重复加入' })
        .default([]),
    }),
    output: collectionDetailSchema,
  }),
  'collection.publish': endpoint({
    method: 'POST',
    path: '/reader/collection/{id}/publish',
    role: 'user',
    summary: '公开合集；cancel 为 true 时撤回为私有（限本人或管理员）',
    input: z.object({ ...collectionId, cancel: flag('cancel').default(false) }),
    output: collectionSchema,
  }),
  'collection.mark': endpoint({
    method: 'POST',
    path: '/reader/collection/{id}/mark',
    role: 'user',
    summary: '收藏（star/unstar）或关注（follow/unfollow）合集；重复操作结果不变',
    input: z.object({ ...collectionId, action: z.enum(collectionActions, { error: '操作只能是 star、unstar、follow 或 unfollow' }) }),
    output: collectionMarksSchema,
  }),
  'collection.destory': endpoint({
    method: 'POST',
    path: '/reader/collection/{id}/destory',
    role: 'user',
    summary: '删除合集（限本人或管理员；保留记录，不再显示）',
    input: z.object(collectionId),
    output: z.object({ ok: z.literal(true) }),
  }),
  'collection.list': endpoint({
    method: 'GET',
    path: '/reader/collection',
    role: 'anonymous',
    summary: '已发布的合集：new 最新发布（默认），hot 关注最多',
    input: z.object({ offset, order: z.enum(['new', 'hot'], { error: '排序只能是 new 或 hot' }).default('new') }),
    output: page(collectionSchema),
  }),
  'collection.random': endpoint({
    method: 'GET',
    path: '/reader/collection/random',
    role: 'anonymous',
    summary: '随机几个已发布的合集，用于发现',
    input: z.object({ size: limit(4, 12, 'size') }),
    output: z.object({ list: z.array(collectionSchema) }),
  }),
  'collection.follow': endpoint({
    method: 'GET',
    path: '/reader/collection/follow',
    role: 'user',
    summary: '我关注的合集，带上次打开后新增的文章数（有新文章的在前）',
    input: z.object({ offset }),
    output: page(collectionFollowSchema),
  }),
  'collection.mystar': endpoint({
    method: 'GET',
    path: '/reader/collection/mystar',
    role: 'user',
    summary: '我收藏的合集',
    input: z.object({ offset }),
    output: page(collectionSchema),
  }),
  'collection.mine': endpoint({
    method: 'GET',
    path: '/reader/collection/mine',
    role: 'user',
    summary: '我创建的合集（含未发布的）',
    input: z.object({ offset }),
    output: page(collectionSchema),
  }),
  'collection.manage': endpoint({
    method: 'GET',
    path: '/reader/collection/manage',
    role: 'manager',
    summary: '合集管理：全部合集，可按状态、关键词、创建者筛选',
    input: z.object({
      state: z.enum(collectionStates, { error: '状态只能是 published、private 或 deleted' }).optional(),
      q: optionalText('关键词', 60),
      owner_id: id('创建者 id').optional(),
      offset,
    }),
    output: page(collectionManageSchema),
  }),
  'collection.show': endpoint({
    method: 'GET',
    path: '/reader/collection/{id}/show',
    role: 'anonymous',
    summary: '合集详情：文章（带我的已读标记）、阅读进度、是否关注/收藏；关注者打开后新文章数清零',
    input: z.object(collectionId),
    output: collectionDetailSchema,
  }),
  'collection.next': endpoint({
    method: 'GET',
    path: '/reader/collection/{id}/article/next',
    role: 'anonymous',
    summary: '合集中这篇文章的下一篇；已是最后一篇时 article 为 null',
    input: z.object({ ...collectionId, article_id: id('文章 id') }),
    output: z.object({
      article: articleCardSchema.nullable(),
      /** 1-based place of the given article, and how many the reader can open. */
      position: z.number().int(),
      total: z.number().int(),
      collection: z.object({ id: z.number().int(), title: z.string() }),
    }),
  }),
} as const;

export const creatorSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  bio: z.string().nullable(),
  /** An image path; null → the web shows the name's first letter. */
  avatar: z.string().nullable(),
  follower_count: z.number().int(),
  collection_count: z.number().int(),
  created_at: z.string(),
});
export type Creator = z.infer<typeof creatorSchema>;

export const creatorApplicationSchema = z.object({
  id: z.number().int(),
  user: z.object({ id: z.number().int(), username: z.string() }),
  statement: z.string(),
  bio: z.string().nullable(),
  status: z.enum(creatorApplicationStatuses),
  reason: z.string().nullable(),
  created_at: z.string(),
  reviewed_at: z.string().nullable(),
});
export type CreatorApplication = z.infer<typeof creatorApplicationSchema>;

/** A followed creator's published collection, newest activity first. */
export const creatorWorkSchema = collectionSchema.extend({ activity_at: z.string() });

const creatorId = { id: id('创作者 id') };

export const creatorEndpoints = {
  'creator.list': endpoint({
    method: 'GET',
    path: '/reader/creator',
    role: 'anonymous',
    summary: '创作者，关注最多的在前',
    input: z.object({ offset }),
    output: page(creatorSchema),
  }),
  'creator.show': endpoint({
    method: 'GET',
    path: '/reader/creator/{id}',
    role: 'anonymous',
    summary: '创作者主页：简介、数量、已发布的合集和文章、我是否关注',
    input: z.object(creatorId),
    output: creatorSchema.extend({
      article_count: z.number().int(),
      /** The editorial byline whose articles are listed; null when none is linked. */
      byline: z.object({ id: z.number().int(), name: z.string() }).nullable(),
      me: z.object({ followed: z.boolean() }).nullable(),
      collections: z.array(collectionSchema),
      articles: z.array(articleCardSchema),
    }),
  }),
  'creator.follow': endpoint({
    method: 'POST',
    path: '/reader/creator/{id}/follow',
    role: 'user',
    summary: '关注（status true）或取消关注创作者；重复操作结果不变',
    input: z.object({ ...creatorId, status: flag('status') }),
    output: z.object({ followed: z.boolean(), follower_count: z.number().int() }),
  }),
  'creator.following': endpoint({
    method: 'GET',
    path: '/reader/creator/following',
    role: 'user',
    summary: '我关注的创作者的新作品（已发布的合集，最近更新的在前）',
    input: z.object({ offset }),
    output: page(creatorWorkSchema),
  }),
  'creator.byline': endpoint({
    method: 'POST',
    path: '/reader/creator/{id}/byline',
    role: 'manager',
    summary: '把创作者和一个文章作者署名关联（author_id 为 null 时取消），其主页会列出该署名已发布的文章',
    input: z.object({ ...creatorId, author_id: id('作者 id').nullable() }),
    output: z.object({ author: z.object({ id: z.number().int(), name: z.string() }).nullable() }),
  }),
  'creator.apply': endpoint({
    method: 'POST',
    path: '/reader/creator/apply',
    role: 'user',
    summary: '申请成为创作者：申请理由和个人简介；审核中时不能重复申请',
    input: z.object({ statement: text('申请理由', { min: 10, max: 1000 }), bio: optionalText('个人简介', 200) }),
    output: creatorApplicationSchema,
  }),
  'creator.myApplication': endpoint({
    method: 'GET',
    path: '/reader/creator/apply',
    role: 'user',
    summary: '我是否已是创作者，以及我最近一次申请',
    input: z.object({}),
    output: z.object({ is_creator: z.boolean(), application: creatorApplicationSchema.nullable() }),
  }),
  'creator.applications': endpoint({
    method: 'GET',
    path: '/reader/creator/applications',
    role: 'manager',
    summary: '创作者申请列表（默认审核中的）',
    input: z.object({
      status: z.enum(creatorApplicationStatuses, { error: '状态只能是 pending、approved 或 refused' }).default('pending'),
      offset,
    }),
    output: page(creatorApplicationSchema),
  }),
  'creator.review': endpoint({
    method: 'POST',
    path: '/reader/creator/applications/{id}/review',
    role: 'manager',
    summary: '审核创作者申请：approve 通过（成为创作者），refuse 拒绝（需写明原因）',
    input: z.object({
      id: id('申请 id'),
      action: z.enum(['approve', 'refuse'], { error: '审核操作只能是 approve 或 refuse' }),
      reason: optionalText('拒绝原因', 300),
    }),
    output: creatorApplicationSchema,
  }),
} as const;
