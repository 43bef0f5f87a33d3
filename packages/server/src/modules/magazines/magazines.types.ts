// The magazines module's shared types: the service and its ingest both read these, so the
// ingest does not import the service back.
import type { Db } from '../../db/client.js';
import type { Enqueue } from '../../jobs/kinds.js';
import type { Clock } from '../../lib/clock.js';
import type { Fetcher } from '../../providers/fetch/fetcher.js';
import type { ArticlesService, EditorialService } from '../articles/index.js';
import type { UploadsService } from '../books/index.js';
import type { ImagesService } from '../media/index.js';
import type { RssService } from '../rss/index.js';
import type { SiteRule } from './toc.js';

export interface MagazinesDeps {
  db: Db;
  clock: Clock;
  fetcher: Fetcher;
  articles: Pick<ArticlesService, 'cards' | 'statuses'>;
  editorial: Pick<EditorialService, 'update' | 'publish' | 'ingest'>;
  /** The one ingest of a web page (fetch, extract, cover, draft): the rss module's. */
  pages: Pick<RssService, 'importPage'>;
  images: Pick<ImagesService, 'storeCover'>;
  /** Per-site rules of the table-of-contents discovery (site-rules.json). */
  rules: readonly SiteRule[];
  /** Where uploaded files are kept (the upload token's storage). */
  files: { get(key: string): Promise<Buffer | null> };
  /** Taking an own upload for the issue (no longer pending), and letting it go once used. */
  uploads: Pick<UploadsService, 'hold' | 'release'>;
  /** Starting an issue's crawl and its articles' download. */
  jobs: Enqueue;
}
