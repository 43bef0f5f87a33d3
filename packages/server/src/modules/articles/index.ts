// The articles module's public face: other modules, jobs, the seed and the composition root use only this.
export { articlesService, type ArticlesService } from './articles.service.js';
export { editorialService, type EditorialService, type Editor, type IngestedArticle } from './editorial.service.js';
export { keyWordsService, type KeyWordsService } from './key-words.service.js';
export { levelWordsService, type LevelWordsService } from './level-words.service.js';
export { marksService, type MarksService } from './marks.service.js';
export { articlesRoutes } from './articles.routes.js';
export { readerAidsRoutes } from './reader-aids.routes.js';
export type { ReadableArticle } from './article-access.js';
export { parseParagraphs } from './article-content.js';
export { visibleParagraphs } from './article.mapper.js';
export { paragraphFromText, structureFromHtml } from './structure.js';
export { measure, levelOf } from './metrics.js';
export { levelWords, type LevelWord } from './level-words.js';
