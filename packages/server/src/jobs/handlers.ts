import type { BooksService } from '../modules/books/index.js';
import type { MagazinesService } from '../modules/magazines/index.js';
import type { RssService } from '../modules/rss/index.js';
import { importBookJob } from './import-book.job.js';
import { crawlFeedJob } from './crawl-feed.job.js';
import { downloadItemJob } from './download-item.job.js';
import type { JobHandler } from './job.js';
import { redownloadArticleJob } from './redownload-article.job.js';
import { crawlMagazineJob, downloadMagazineJob } from './magazine.job.js';

/** The services job handlers call; handlers reach the app only through these. */
export interface HandlerDeps {
  rss: RssService;
  books: Pick<BooksService, 'importBook'>;
  magazines: MagazinesService;
}

/** One handler per kind in `kinds.ts`; the queue refuses to build when the two lists differ. */
export function jobHandlers(deps: HandlerDeps): JobHandler[] {
  return [
    crawlFeedJob(deps.rss),
    downloadItemJob(deps.rss),
    redownloadArticleJob(deps.rss),
    importBookJob(deps.books),
    crawlMagazineJob(deps.magazines),
    downloadMagazineJob(deps.magazines),
  ];
}
