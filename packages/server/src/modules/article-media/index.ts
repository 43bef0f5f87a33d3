// The article-media module's public face: posters, audio, PDFs and exports of articles.
export { articleMediaService, articleVersion, type ArticleMediaService } from './article-media.service.js';
export { articleMediaRoutes } from './article-media.routes.js';
