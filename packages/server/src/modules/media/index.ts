// The media module's public face.
export { imagesService, type ImagesService } from './images.service.js';
export { mediaRoutes } from './media.routes.js';
