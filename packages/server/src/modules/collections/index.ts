// The collections module's public face: collections (reading lists) and creators.
export { collectionsService, type CollectionsService } from './collections.service.js';
export { creatorsService, type CreatorsService } from './creators.service.js';
export { collectionsRoutes } from './collections.routes.js';
