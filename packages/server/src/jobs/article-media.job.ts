import type { ArticleMediaService } from '../modules/article-media/index.js';
import { handle } from './job.js';
import { articleAudioKind, articleExportKind, articlePdfKind } from './kinds.js';

export function articlePdfJob(media: ArticleMediaService) {
  return handle(articlePdfKind, async (payload, ctx) => {
    await ctx.progress(10, '正在排版 PDF');
    const done = await media.buildPdf(payload.article_id, payload.style, payload.user_id, payload.origin);
    return { file: done.url, size: done.size };
  });
}

export function articleExportJob(media: ArticleMediaService) {
  return handle(articleExportKind, async (payload, ctx) => {
    const done = await media.buildExport(payload.user_id, payload.article_ids, ctx.taskId, ctx.progress);
    return { file: done.url, articles: done.articles, size: done.size };
  });
}

export function articleAudioJob(media: ArticleMediaService) {
  return handle(articleAudioKind, async (payload, ctx) => {
    const done = await media.buildAudio(payload.article_id, ctx);
    return { duration: done.duration, sentences: done.sentences };
  });
}
