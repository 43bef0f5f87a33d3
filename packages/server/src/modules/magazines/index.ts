// The magazines module's public face: jobs and the composition root use only this.
export { magazinesService, type MagazinesService, type MagazinesDeps } from './magazines.service.js';
export { magazinesRoutes } from './magazines.routes.js';
export { loadSiteRules, type SiteRule } from './toc.js';
