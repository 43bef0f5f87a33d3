import type { RouteObject } from 'react-router';
import { screen } from '../screen';

/** Magazines for readers: an issue's page (the list sits on /explore). */
export const magazineRoutes: RouteObject[] = [
  { path: 'magazine', ...screen(() => import('./MagazineList').then((m) => m.MagazineList)) },
  { path: 'magazine/:id', ...screen(() => import('./IssuePage').then((m) => m.IssuePage)) },
];
