// The tasks module's public face: showing background tasks to whoever may watch them.
export { tasksService, type TasksService, type TaskSource } from './tasks.service.js';
export { tasksRoutes } from './tasks.routes.js';
