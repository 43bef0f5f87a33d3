// The article-media module's public face: posters, audio, PDFs and exports of articles.
export { articleMediaService, mdInline, type ArticleMediaService } from './article-media.service.js';
export { articleVersion } from './article-version.js';
export { articleMediaRoutes } from './article-media.routes.js';
