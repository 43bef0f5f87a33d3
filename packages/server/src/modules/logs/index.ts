// The logs module's public face: page-open events and visitors.
export { logsService, type LogsService } from './logs.service.js';
export { logsRoutes } from './logs.routes.js';
