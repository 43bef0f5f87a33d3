import type { Clock } from '../lib/clock.js';
import type { EditorialService } from '../modules/articles/editorial.service.js';
import type { ImagesService } from '../modules/media/images.service.js';
import type { RssRepo } from '../modules/rss/rss.repo.js';
import type { Fetcher } from '../providers/fetch/fetcher.js';
import { crawlFeedJob } from './crawl-feed.job.js';
import { downloadItemJob, redownloadArticleJob } from './download-item.job.js';
import type { JobDefinition } from './job.js';

export interface JobDeps {
  clock: Clock;
  fetcher: Fetcher;
  rss: RssRepo;
  editorial: EditorialService;
  images: ImagesService;
}

/**
 * Every job type the workers run, each declared with its payload schema and retry
 * policy in its own `<name>.job.ts`. A task whose type is missing here stops a worker's start.
 */
export function jobDefinitions(deps: JobDeps): JobDefinition[] {
  return [
    crawlFeedJob({ repo: deps.rss, fetcher: deps.fetcher, clock: deps.clock }),
    downloadItemJob({ repo: deps.rss, fetcher: deps.fetcher, editorial: deps.editorial, images: deps.images }),
    redownloadArticleJob({ fetcher: deps.fetcher, editorial: deps.editorial }),
  ] as JobDefinition[];
}
