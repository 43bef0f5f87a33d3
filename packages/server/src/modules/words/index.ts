// The words module's public face: the word book and its reviews.
export { wordsService, type WordsService } from './words.service.js';
export { wordsRoutes } from './words.routes.js';
