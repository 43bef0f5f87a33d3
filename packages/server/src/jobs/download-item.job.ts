import { z } from 'zod';
import type { EditorialService } from '../modules/articles/editorial.service.js';
import type { ImagesService } from '../modules/media/images.service.js';
import { ExtractionError, extractArticle } from '../modules/rss/extract.js';
import type { RssRepo } from '../modules/rss/rss.repo.js';
import { topicsFromCategories } from '../modules/rss/topics-from-categories.js';
import { decodeBody, FetchError, type Fetcher } from '../providers/fetch/fetcher.js';
import { defineJob, PermanentJobError } from './job.js';

export interface DownloadDeps {
  repo: RssRepo;
  fetcher: Fetcher;
  editorial: EditorialService;
  images: ImagesService;
}

/** Fetches the page, extracts and sanitises the article, and throws the right kind of failure. */
export async function fetchAndExtract(fetcher: Fetcher, url: string) {
  let page;
  try {
    page = await fetcher.get(url, { accept: 'text/html,application/xhtml+xml;q=0.9,*/*;q=0.5' });
  } catch (error) {
    if (error instanceof FetchError) {
      if (error.permanent) throw new PermanentJobError(`下载失败：${error.message}`);
      throw new Error(`下载失败：${error.message}`);
    }
    throw error;
  }
  if (!/html/.test(page.contentType)) throw new PermanentJobError('原文地址不是网页');
  try {
    return { page, extracted: extractArticle(decodeBody(page), page.url) };
  } catch (error) {
    if (error instanceof ExtractionError) throw new PermanentJobError(error.message);
    throw error;
  }
}

/** Turns a feed item into a draft article (idempotent: an item already downloaded answers its article). */
export function downloadItemJob(deps: DownloadDeps) {
  return defineJob({
    name: 'rss.download',
    payload: z.object({ item_id: z.number().int(), user_id: z.number().int().nullable() }),
    maxAttempts: 3,
    backoffMs: 30_000,
    async run({ item_id, user_id }, ctx) {
      const item = await deps.repo.item(item_id);
      if (!item) throw new PermanentJobError('条目不存在');
      if (item.article_id) return { article_id: item.article_id, link: `/admin/article/${item.article_id}` };
      await ctx.progress(10, '正在下载原文');
      const { page, extracted } = await fetchAndExtract(deps.fetcher, item.url);
      await ctx.progress(50, `识别出 ${extracted.paragraphs.length} 段正文，正在下载封面`);
      // A cover that cannot be had is no reason to lose the article: it gets a placeholder.
      const cover = extracted.coverUrl ? await deps.images.storeCover(extracted.coverUrl).catch(() => null) : null;
      await ctx.progress(75, '正在计算难度并保存');
      const articleId = await deps.editorial.ingest(
        {
          title: extracted.title || item.title,
          summary: extracted.excerpt ?? item.summary,
          byline: extracted.byline ?? item.author,
          source: extracted.siteName ?? item.feed_title,
          url: page.url,
          feedId: item.feed_id,
          cover,
          topics: topicsFromCategories(JSON.parse(item.categories) as string[]),
          publishedAt: item.published_at ?? extracted.publishedAt,
          paragraphs: extracted.paragraphs,
        },
        user_id !== null ? { id: user_id } : null,
      );
      await deps.repo.linkArticle(item_id, articleId);
      await ctx.progress(100, '已生成草稿');
      return { article_id: articleId, link: `/admin/article/${articleId}` };
    },
  });
}

/** Re-extracts an article from its source URL, keeping what editors did to unchanged paragraphs. */
export function redownloadArticleJob(deps: Pick<DownloadDeps, 'fetcher' | 'editorial'>) {
  return defineJob({
    name: 'article.redownload',
    payload: z.object({ article_id: z.number().int(), user_id: z.number().int().nullable() }),
    maxAttempts: 3,
    backoffMs: 30_000,
    async run({ article_id, user_id }, ctx) {
      const url = await deps.editorial.requireUrl(article_id).catch(() => {
        throw new PermanentJobError('文章不存在或没有原文地址');
      });
      await ctx.progress(10, '正在下载原文');
      const { extracted } = await fetchAndExtract(deps.fetcher, url);
      await ctx.progress(70, '正在合并段落');
      await deps.editorial.refresh(article_id, extracted.paragraphs, user_id !== null ? { id: user_id } : null);
      await ctx.progress(100, '已重新抽取');
      return { article_id, link: `/admin/article/${article_id}` };
    },
  });
}
