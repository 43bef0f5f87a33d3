import { z } from 'zod';
import { endpoint } from '../endpoint.js';
import { int, text } from '../fields.js';
import { DEFAULT_IMAGE_WIDTH } from './articles.shared.js';

export const mediaEndpoints = {
  'media.image': endpoint({
    method: 'GET',
    path: '/api/image/{name}',
    role: 'anonymous',
    summary: '封面与占位图，按宽度 w 缩放（默认 300）',
    input: z.object({
      name: text('图片名', { max: 100 }).regex(/^[a-z0-9-]+\.(webp|jpg|png)$/, { error: '图片名格式不正确' }),
      w: int('宽度 w', {
        min: 32,
        max: 1600,
        msg: { type: '宽度 w 必须是数字', int: '宽度 w 必须是整数', min: '宽度 w 至少 32', max: '宽度 w 最多 1600' },
      }).default(DEFAULT_IMAGE_WIDTH),
    }),
    // Raw image bytes (a Buffer on the server); the web client uses the URL, never this type.
    output: z.custom<Uint8Array<ArrayBufferLike>>((v) => v instanceof Uint8Array),
    produces: 'image/webp',
  }),
  'demo.feed': endpoint({
    method: 'GET',
    path: '/api/demo/feed.xml',
    role: 'anonymous',
    cache: { maxAge: 60 },
    summary: '应用自带的演示 RSS 源（离线也能试用抓取流程）',
    input: z.object({}),
    output: z.string(),
    produces: 'application/rss+xml; charset=utf-8',
  }),
  'demo.page': endpoint({
    method: 'GET',
    path: '/api/demo/article/{slug}',
    role: 'anonymous',
    cache: { maxAge: 60 },
    summary: '演示源中一篇文章的网页',
    input: z.object({ slug: text('文章标识', { max: 120 }).regex(/^[a-z0-9-]+$/, { error: '文章标识格式不正确' }) }),
    output: z.string(),
    produces: 'text/html; charset=utf-8',
  }),
} as const;
