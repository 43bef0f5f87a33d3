import { createBrowserRouter, type RouteObject } from 'react-router';
import { AppShell } from './components/AppShell';
import { NotFound } from './components/NotFound';
import { RouteError } from './components/RouteError';
import { Spinner } from './components/Spinner';
import { magazineRoutes } from './routes/magazines/routes';
import { mediaAdminRoutes, mediaRoutes } from './routes/media/routes';
import { readingRoutes } from './routes/reading/routes';
import { adminCollectionRoutes, collectionRoutes } from './routes/collections/routes';
import { screen } from './routes/screen';
import { wordRoutes } from './routes/words/routes';
import { membershipRoutes } from './routes/membership/routes';
import { bookRoutes } from './routes/book/routes';
import { askAiRoutes } from './routes/askai/routes';

/**
 * The screens that exist so far (spec §2); every other path of the spec's list falls
 * to the 404 page until its screen is built. Paths match case-insensitively, so
 * `/login` finds `/Login`.
 */
export const routes: RouteObject[] = [
  {
    path: '/',
    Component: AppShell,
    // Only when the shell itself fails; screens fail inside the shell, below.
    errorElement: <RouteError />,
    hydrateFallbackElement: <Spinner />,
    children: [
      {
        errorElement: <RouteError />,
        children: [
          { index: true, ...screen(() => import('./routes/home/Home').then((m) => m.Home)) },
          { path: 'article', ...screen(() => import('./routes/home/Home').then((m) => m.Home)) },
          { path: 'article/:id', ...screen(() => import('./routes/article/ArticlePage').then((m) => m.ArticlePage)) },
          { path: 'explore', ...screen(() => import('./routes/explore/Explore').then((m) => m.Explore)) },
          { path: 'label', ...screen(() => import('./routes/explore/Labels').then((m) => m.Labels)) },
          { path: 'topic/:topic', ...screen(() => import('./routes/explore/Topic').then((m) => m.Topic)) },
          { path: 'Search', ...screen(() => import('./routes/search/Search').then((m) => m.Search)) },
          { path: 'About', ...screen(() => import('./routes/general/About').then((m) => m.About)) },
          { path: 'Mine', ...screen(() => import('./routes/general/Mine').then((m) => m.Mine)) },
          { path: 'offline', ...screen(() => import('./offline/kept-ui').then((m) => m.KeptScreen)) },
          { path: 'learner/placement', ...screen(() => import('./routes/learner/Placement').then((m) => m.Placement)) },
          { path: 'learner/import', ...screen(() => import('./routes/learner/ImportWords').then((m) => m.ImportWords)) },
          { path: 'Login', ...screen(() => import('./routes/auth/Login').then((m) => m.Login)) },
          { path: 'Register', ...screen(() => import('./routes/auth/Register').then((m) => m.Register)) },
          { path: 'reset', ...screen(() => import('./routes/auth/Reset').then((m) => m.Reset)) },
          {
            path: 'change_password',
            ...screen(() => import('./routes/account/ChangePassword').then((m) => m.ChangePassword)),
          },
          {
            path: 'change_username',
            ...screen(() => import('./routes/account/ChangeUsername').then((m) => m.ChangeUsername)),
          },
          {
            path: 'admin',
            ...screen(() => import('./routes/admin/AdminLayout').then((m) => m.AdminLayout)),
            children: [
              { index: true, ...screen(() => import('./routes/admin/AdminHome').then((m) => m.AdminHome)) },
              { path: 'user/search', ...screen(() => import('./routes/admin/UserSearch').then((m) => m.UserSearch)) },
              { path: 'visitor', ...screen(() => import('./routes/admin/Visitors').then((m) => m.Visitors)) },
              { path: 'articles', ...screen(() => import('./routes/admin/Articles').then((m) => m.Articles)) },
              { path: 'article/:id', ...screen(() => import('./routes/admin/ArticleEdit').then((m) => m.ArticleEdit)) },
              { path: 'rss', ...screen(() => import('./routes/admin/Rss').then((m) => m.Rss)) },
              { path: 'order', ...screen(() => import('./routes/admin/Orders').then((m) => m.Orders)) },
              { path: 'code', ...screen(() => import('./routes/admin/Codes').then((m) => m.Codes)) },
              ...adminCollectionRoutes,
              { path: 'magazine', ...screen(() => import('./routes/admin/Magazines').then((m) => m.Magazines)) },
              { path: 'magazine/:id', ...screen(() => import('./routes/admin/MagazineEdit').then((m) => m.MagazineEdit)) },
              ...mediaAdminRoutes,
            ],
          },
          ...readingRoutes,
          ...wordRoutes,
          ...membershipRoutes,
          ...collectionRoutes,
          ...bookRoutes,
          ...magazineRoutes,
          ...askAiRoutes,
          ...mediaRoutes,
          { path: '*', Component: NotFound },
        ],
      },
    ],
  },
];

export function createAppRouter() {
  return createBrowserRouter(routes);
}
