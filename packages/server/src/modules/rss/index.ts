// The rss module's public face: jobs, other modules and the composition root use only this.
export { rssService, type RssService, type RssDeps, type Progress, type PageHints } from './rss.service.js';
export { rssRoutes } from './rss.routes.js';
export { fetchFailure } from './sources.js';
