import type { BooksService, UploadsService } from '../modules/books/index.js';
import type { MagazinesService } from '../modules/magazines/index.js';
import type { AiService } from '../modules/ai/index.js';
import { expireUploadsJob } from './expire-uploads.job.js';
import { importBookJob } from './import-book.job.js';
import type { LearnerService } from '../modules/learner/index.js';
import { learnerSetsJob } from './learner-sets.job.js';
import type { ArticleMediaService } from '../modules/article-media/index.js';
import type { RssService } from '../modules/rss/index.js';
import { articleAudioJob, articleExportJob, articlePdfJob } from './article-media.job.js';
import { crawlFeedJob } from './crawl-feed.job.js';
import { downloadItemJob } from './download-item.job.js';
import type { JobHandler } from './job.js';
import type { Enqueue } from './kinds.js';
import { redownloadArticleJob } from './redownload-article.job.js';
import { crawlMagazineJob, downloadMagazineJob } from './magazine.job.js';
import { retranslateArticleJob } from './retranslate-article.job.js';

/** The services job handlers call; handlers reach the app only through these. */
export interface HandlerDeps {
  rss: RssService;
  books: Pick<BooksService, 'importBook'>;
  uploads: Pick<UploadsService, 'expire'>;
  magazines: MagazinesService;
  ai: AiService;
  /** Set when an AI provider is configured: a downloaded draft is queued for translation. */
  translateAfterDownload: Enqueue['enqueue'] | null;
  media: ArticleMediaService;
  learner: Pick<LearnerService, 'makeSets'>;
}

/** One handler per kind in `kinds.ts`; the queue refuses to build when the two lists differ. */
export function jobHandlers(deps: HandlerDeps): JobHandler[] {
  return [
    crawlFeedJob(deps.rss),
    downloadItemJob(deps.rss, deps.translateAfterDownload),
    redownloadArticleJob(deps.rss),
    importBookJob(deps.books),
    crawlMagazineJob(deps.magazines),
    downloadMagazineJob(deps.magazines),
    retranslateArticleJob(deps.ai),
    articlePdfJob(deps.media),
    articleAudioJob(deps.media),
    articleExportJob(deps.media),
    expireUploadsJob(deps.uploads),
    learnerSetsJob(deps.learner),
  ];
}
