import type { ArticleMediaService } from '../modules/article-media/index.js';
import type { RssService } from '../modules/rss/index.js';
import { articleExportJob, articlePdfJob } from './article-media.job.js';
import { crawlFeedJob } from './crawl-feed.job.js';
import { downloadItemJob } from './download-item.job.js';
import type { JobHandler } from './job.js';
import { redownloadArticleJob } from './redownload-article.job.js';

/** The services job handlers call; handlers reach the app only through these. */
export interface HandlerDeps {
  rss: RssService;
  media: ArticleMediaService;
}

/** One handler per kind in `kinds.ts`; the queue refuses to build when the two lists differ. */
export function jobHandlers(deps: HandlerDeps): JobHandler[] {
  return [
    crawlFeedJob(deps.rss),
    downloadItemJob(deps.rss),
    redownloadArticleJob(deps.rss),
    articlePdfJob(deps.media),
    articleExportJob(deps.media),
  ];
}
