import type { RouteObject } from 'react-router';
import { screen } from '../screen';

/** The reader's own pages: notes, stars, history, read data (spec §2). */
export const readingRoutes: RouteObject[] = [
  { path: 'mynote', ...screen(() => import('./MyNotes').then((m) => m.MyNotes)) },
  { path: 'mynote/:id', ...screen(() => import('./ArticleNotes').then((m) => m.ArticleNotes)) },
  { path: 'MyStar', ...screen(() => import('./MyStar').then((m) => m.MyStar)) },
  { path: 'history', ...screen(() => import('./History').then((m) => m.History)) },
  { path: 'read_data', ...screen(() => import('./ReadData').then((m) => m.ReadData)) },
];
