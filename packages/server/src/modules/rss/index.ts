// The rss module's public face: jobs, other modules and the composition root use only this.
export { rssService, type RssService, type RssDeps, type Progress } from './rss.service.js';
export { rssRoutes } from './rss.routes.js';
