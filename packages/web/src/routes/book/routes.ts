import type { RouteObject } from 'react-router';
import { screen } from '../screen';

/** Books (spec §2): my shelf, the library, upload, a book's page, its reader and its share card. */
export const bookRoutes: RouteObject[] = [
  { path: 'book', ...screen(() => import('./Shelf').then((m) => m.Shelf)) },
  { path: 'book/library', ...screen(() => import('./Library').then((m) => m.Library)) },
  { path: 'book/upload', ...screen(() => import('./Upload').then((m) => m.Upload)) },
  { path: 'book/:id/show', ...screen(() => import('./BookShow').then((m) => m.BookShow)) },
  { path: 'book/:id/read', ...screen(() => import('./BookReader').then((m) => m.BookReader)) },
  { path: 'book/:id/share', ...screen(() => import('./BookShare').then((m) => m.BookShare)) },
];
