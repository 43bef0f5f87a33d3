import { z } from 'zod';
import { endpoint } from '../endpoint.js';
import { id, int, optionalText, text } from '../fields.js';
export * from '../article-media-constants.js';
import { pdfStyles, DEFAULT_PDF_STYLE, imageLayouts, EXPORT_MAX_ARTICLES, EXPORT_FILE_NAME } from '../article-media-constants.js';

const noteUuid = text('笔记 id', { max: 64 }).regex(/^[A-Za-z0-9_-]+$/, { error: '笔记 id 格式不正确' });

export const audioTimingSchema = z.object({
  /** The sentence id as in the article's paragraphs. */
  id: z.string(),
  paragraph: z.string(),
  /** Seconds from the start of the file. */
  start: z.number(),
  end: z.number(),
});

export const articleMediaEndpoints = {
  'article.pdf': endpoint({
    method: 'GET',
    path: '/reader/article/{id}/pdf',
    role: 'user',
    cookieAuth: true,
    summary:
      '文章 PDF（style: sy 双语，默认；en 纯英文；notes 重点词与我的笔记）。首次请求时排队生成并返回 404，生成后返回文件；HEAD 可检查是否已生成',
    input: z.object({ id: id('文章 id'), style: z.enum(pdfStyles, { error: '样式只能是 sy、en 或 notes' }).default(DEFAULT_PDF_STYLE) }),
    output: z.custom<Uint8Array<ArrayBufferLike>>((v) => v instanceof Uint8Array),
    produces: 'application/pdf',
  }),
  'article.pdfPrepare': endpoint({
    method: 'GET',
    path: '/reader/article/{id}/pdf/prepare',
    role: 'user',
    summary: '准备文章 PDF：已生成时 ready=true；否则排队生成并给出任务 id（在 /reader/task/{id} 查看进度）',
    input: z.object({ id: id('文章 id'), style: z.enum(pdfStyles, { error: '样式只能是 sy、en 或 notes' }).default(DEFAULT_PDF_STYLE) }),
    output: z.object({ ready: z.boolean(), task_id: z.number().int().nullable(), url: z.string() }),
  }),
  'article.poster': endpoint({
    method: 'GET',
    path: '/reader/article/{id}/poster',
    role: 'anonymous',
    cookieAuth: true,
    summary: '文章分享海报 PNG（750×1334）：标题、中文标题、一句话或我的划线、封面、难度与文章二维码；note_uuid 用我的划线',
    input: z.object({
      id: id('文章 id'),
      note_uuid: noteUuid.optional(),
      sentence: optionalText('句子', 400),
    }),
    output: z.custom<Uint8Array<ArrayBufferLike>>((v) => v instanceof Uint8Array),
    produces: 'image/png',
  }),
  'poster.product': endpoint({
    method: 'GET',
    path: '/api/poster/product',
    role: 'user',
    cookieAuth: true,
    summary: '会员产品海报 PNG：管理员设置的标题与卖点，加上带我的邀请的注册二维码',
    input: z.object({}),
    output: z.custom<Uint8Array<ArrayBufferLike>>((v) => v instanceof Uint8Array),
    produces: 'image/png',
  }),
  'media.renderMarkdown': endpoint({
    method: 'POST',
    path: '/api/image/markdown',
    role: 'manager',
    summary: 'Markdown 转图片（海报页面使用的内部服务）：layout 决定尺寸，qr 为二维码内容',
    input: z.object({
      markdown: text('Markdown', { max: 6000 }),
      layout: z.enum(imageLayouts, { error: '版式只能是 poster、poster2、xhs 或 square' }).default('poster'),
      qr: optionalText('二维码内容', 500),
      cover: optionalText('封面图片名', 100).refine((v) => v === undefined || /^[a-z0-9-]+\.(webp|jpg|png)$/.test(v), {
        error: '封面图片名格式不正确',
      }),
      page: int('页码', { min: 0, max: 99 }).optional(),
    }),
    output: z.custom<Uint8Array<ArrayBufferLike>>((v) => v instanceof Uint8Array),
    produces: 'image/png',
  }),
  'article.audio': endpoint({
    method: 'GET',
    path: '/reader/article/{id}/audio',
    role: 'anonymous',
    summary:
      '文章朗读（离线合成，逐句）：已生成时 ready=true 并给出每句的起止时间（秒）；否则后台生成，ready=false 并给出任务 id 与进度（带 task_id 再问即可跟进，任务失败时返回原因）。每位读者每小时可发起的新生成有限。文件用 /auth/audio_token 的令牌获取',
    input: z.object({ id: id('文章 id'), task_id: id('任务 id').optional() }),
    output: z.discriminatedUnion('ready', [
      z.object({
        ready: z.literal(true),
        task_id: z.null(),
        version: z.string(),
        duration: z.number(),
        voice: z.string(),
        sentences: z.array(audioTimingSchema),
      }),
      z.object({
        ready: z.literal(false),
        task_id: z.number().int(),
        /** 0–100 */
        progress: z.number().int(),
        message: z.string().nullable(),
      }),
    ]),
  }),
  'auth.audioToken': endpoint({
    method: 'GET',
    path: '/auth/audio_token',
    role: 'anonymous',
    summary:
      '播放文章音频的短期令牌（10 分钟），音频元素不带 Cookie 也能获取文件。规范的调用不带参数：令牌可取调用者能听的任何文章音频；带 article_id 时只对这篇有效，并给出文件地址 src',
    input: z.object({ article_id: id('文章 id').optional() }),
    output: z.object({ token: z.string(), expires_at: z.string(), src: z.string().nullable() }),
  }),
  'article.audioFile': endpoint({
    method: 'GET',
    path: '/reader/article/{id}/audio.mp3',
    role: 'anonymous',
    summary: '文章朗读 MP3（凭 /auth/audio_token 的 token）；还没有生成时返回 404（生成由 /reader/article/{id}/audio 发起）',
    input: z.object({ id: id('文章 id'), token: text('令牌', { max: 600 }) }),
    output: z.custom<Uint8Array<ArrayBufferLike>>((v) => v instanceof Uint8Array),
    produces: 'audio/mpeg',
  }),
  'article.export': endpoint({
    method: 'POST',
    path: '/reader/article/export',
    role: 'user',
    summary: `导出文章：Markdown（含译文、我的笔记与划线、生词）与全部文章的 EPUB，打包为 ZIP；后台任务，完成后下载（最多 ${EXPORT_MAX_ARTICLES} 篇）`,
    input: z.object({
      article_ids: z
        .array(id('文章 id'), { error: '请选择要导出的文章' })
        .min(1, { error: '请选择要导出的文章' })
        .max(EXPORT_MAX_ARTICLES, { error: `一次最多导出 ${EXPORT_MAX_ARTICLES} 篇` }),
    }),
    output: z.object({ task_id: z.number().int() }),
  }),
  'article.exportFile': endpoint({
    method: 'GET',
    path: '/reader/article/export/{task_id}',
    role: 'user',
    cookieAuth: true,
    summary: `下载导出的 ZIP（${EXPORT_FILE_NAME}）；只有发起导出的人可以下载`,
    input: z.object({ task_id: id('任务 id') }),
    output: z.custom<Uint8Array<ArrayBufferLike>>((v) => v instanceof Uint8Array),
    produces: 'application/zip',
  }),
} as const;
