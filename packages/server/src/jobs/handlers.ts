import type { AiService } from '../modules/ai/index.js';
import type { RssService } from '../modules/rss/index.js';
import { crawlFeedJob } from './crawl-feed.job.js';
import { downloadItemJob } from './download-item.job.js';
import type { JobHandler } from './job.js';
import type { Enqueue } from './kinds.js';
import { redownloadArticleJob } from './redownload-article.job.js';
import { retranslateArticleJob } from './retranslate-article.job.js';

/** The services job handlers call; handlers reach the app only through these. */
export interface HandlerDeps {
  rss: RssService;
  /** Built after the queue (it needs services the queue's users build), so reached lazily. */
  ai: () => AiService;
  /** Set when an AI provider is configured: a downloaded draft is queued for translation. */
  translateAfterDownload: Enqueue['enqueue'] | null;
}

/** One handler per kind in `kinds.ts`; the queue refuses to build when the two lists differ. */
export function jobHandlers(deps: HandlerDeps): JobHandler[] {
  return [
    crawlFeedJob(deps.rss),
    downloadItemJob(deps.rss, deps.translateAfterDownload),
    redownloadArticleJob(deps.rss),
    retranslateArticleJob(deps.ai),
  ];
}
