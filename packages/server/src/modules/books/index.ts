// The books module's public face: upload tokens and the upload address, the EPUB parser, the shelf and library.
export { uploadsService, type UploadsService, type UploadsDeps, ownUploadKey, looksLike, kindOfName, UPLOAD_LINK_PREFIX } from './uploads.service.js';
export { registerUploadRoute } from './uploads.routes.js';
export { booksRoutes } from './books.routes.js';
export {
  parseEpub,
  EpubError,
  EPUB_LIMITS,
  IMAGE_SCHEME,
  type ParsedEpub,
  type EpubChapter,
  type EpubImage,
  type TocItem,
} from './epub.js';
export { booksService, type BooksService, type BookImages } from './books.service.js';
export { chapterMetrics, flattenToc, toCard } from './book-views.js';
