import { Navigate, type RouteObject } from 'react-router';
import { screen } from '../screen';

/** Media and app screens (issue 16): posters, app upgrade, the legacy home. */
export const mediaRoutes: RouteObject[] = [
  { path: 'app_upgrade', ...screen(() => import('./AppUpgrade').then((m) => m.AppUpgrade)) },
  { path: '_old_index', element: <Navigate to="/" replace /> },
  { path: 'poster/product', ...screen(() => import('./ProductPoster').then((m) => m.ProductPoster)) },
  { path: 'article/:id/poster3', ...screen(() => import('./Poster3').then((m) => m.Poster3)) },
];

/** Children of `admin`. */
export const mediaAdminRoutes: RouteObject[] = [
  { path: 'qywx', ...screen(() => import('./QywxAdmin').then((m) => m.QywxAdmin)) },
  { path: 'poster', ...screen(() => import('./WeekPosters').then((m) => m.WeekPosters)) },
  { path: 'poster_xhs', ...screen(() => import('./XhsCards').then((m) => m.XhsCards)) },
  { path: 'article/:id/poster', ...screen(() => import('./ArticlePosterAdmin').then((m) => m.ArticlePoster)) },
  { path: 'article/:id/Poster2', ...screen(() => import('./ArticlePosterAdmin').then((m) => m.ArticlePoster2)) },
];
