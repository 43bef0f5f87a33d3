// The system module's public face: health, public config, the OpenAPI document.
export { systemRoutes } from './system.routes.js';
