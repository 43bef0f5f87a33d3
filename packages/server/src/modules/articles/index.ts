// The articles module's public face: other modules, jobs and the composition root use only this.
export { articlesService, type ArticlesService } from './articles.service.js';
export { editorialService, type EditorialService, type Editor, type IngestedArticle } from './editorial.service.js';
export { articlesRoutes } from './articles.routes.js';
