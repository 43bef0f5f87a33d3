import { z } from 'zod';
import { endpoint } from '../endpoint.js';
import { id, offset, page, text } from '../fields.js';
import { feedItemSchema, feedSchema } from './articles.shared.js';
import { taskStarted } from './articles.endpoints.js';

export const rssEndpoints = {
  'rss.feeds': endpoint({
    method: 'GET',
    path: '/reader/rss/feed',
    role: 'manager',
    summary: 'RSS 订阅源列表',
    input: z.object({}),
    output: z.object({ list: z.array(feedSchema) }),
  }),
  'rss.addFeed': endpoint({
    method: 'POST',
    path: '/reader/rss/feed/add',
    role: 'manager',
    summary: '添加订阅源：地址必须能取到并解析为 RSS 或 Atom',
    input: z.object({
      url: text('订阅地址', { max: 2000 }).pipe(z.url({ protocol: /^https?$/, error: '订阅地址必须是 http 或 https 网址' })),
    }),
    output: feedSchema,
  }),
  'rss.crawl': endpoint({
    method: 'POST',
    path: '/reader/rss/feed/{id}/crawl',
    role: 'manager',
    summary: '抓取订阅源（任务）：保存新条目，跳过已有条目',
    input: z.object({ id: id('订阅源 id') }),
    output: taskStarted,
  }),
  'rss.items': endpoint({
    method: 'GET',
    path: '/reader/rss/feed/{id}/articles',
    role: 'manager',
    summary: '订阅源的条目，最新在前',
    input: z.object({ id: id('订阅源 id'), offset }),
    output: page(feedItemSchema),
  }),
  'rss.download': endpoint({
    method: 'POST',
    path: '/reader/rss/articles/{id}/download',
    role: 'manager',
    summary: '下载条目原文并生成文章草稿（任务，可重复调用）',
    input: z.object({ id: id('条目 id') }),
    output: taskStarted,
  }),
} as const;
