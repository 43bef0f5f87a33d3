import type { RouteObject } from 'react-router';
import { screen } from '../screen';

/** Membership, buying, trials, awards and weekly ranks (spec §2). */
export const membershipRoutes: RouteObject[] = [
  { path: 'member', ...screen(() => import('./Member').then((m) => m.Member)) },
  { path: 'member/buy', ...screen(() => import('./Buy').then((m) => m.Buy)) },
  { path: 'member/log', ...screen(() => import('./MemberLog').then((m) => m.MemberLog)) },
  { path: 'trial', ...screen(() => import('./Trial').then((m) => m.Trial)) },
  { path: 'Award', ...screen(() => import('./Award').then((m) => m.Award)) },
  { path: 'Rank', ...screen(() => import('./Rank').then((m) => m.Rank)) },
];
