// The history module's public face: reading time, read data and the reading history list.
export { historyService, type HistoryService } from './history.service.js';
export { historyRoutes } from './history.routes.js';
