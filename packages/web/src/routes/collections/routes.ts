import type { RouteObject } from 'react-router';
import { screen } from '../screen';

/** Collections and creators (spec §2): lists, a collection, the editor, a creator, applying. */
export const collectionRoutes: RouteObject[] = [
  { path: 'collection/all', ...screen(() => import('./CollectionAll').then((m) => m.CollectionAll)) },
  { path: 'collection/follow', ...screen(() => import('./CollectionFollow').then((m) => m.CollectionFollow)) },
  { path: 'collection/new', ...screen(() => import('./CollectionNew').then((m) => m.CollectionNew)) },
  { path: 'collection/:id/show', ...screen(() => import('./CollectionShow').then((m) => m.CollectionShow)) },
  { path: 'creator/:id', ...screen(() => import('./CreatorPage').then((m) => m.CreatorPage)) },
  { path: 'MyCollection', ...screen(() => import('./MyCollection').then((m) => m.MyCollection)) },
  { path: 'changdu/apply', ...screen(() => import('./Apply').then((m) => m.Apply)) },
];

/** The managers' screens, children of `admin`. */
export const adminCollectionRoutes: RouteObject[] = [
  { path: 'collection', ...screen(() => import('./AdminCollections').then((m) => m.AdminCollections)) },
  { path: 'collection/edit', ...screen(() => import('./AdminCollectionEdit').then((m) => m.AdminCollectionEdit)) },
];
