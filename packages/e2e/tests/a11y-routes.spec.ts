import { expect, test } from '@playwright/test';
import { ADMIN_SCREENS, READER_SCREENS } from './a11y-screens';
import { routerPaths } from './route-table';

test('every route of the web app’s router is in the reader or the admin accessibility list, and no listed route is gone', () => {
  const router = routerPaths();
  const listed = [...READER_SCREENS, ...ADMIN_SCREENS].map((s) => s.route);
  expect(router.length).toBeGreaterThan(40);
  expect(
    router.filter((route) => !listed.includes(route)),
    'routes no accessibility spec visits',
  ).toEqual([]);
  expect(
    listed.filter((route) => !router.includes(route)),
    'listed routes the router does not have',
  ).toEqual([]);
  expect(new Set(listed).size, 'a route listed twice').toBe(listed.length);
  expect(
    ADMIN_SCREENS.filter((s) => !s.route.startsWith('/admin')).map((s) => s.route),
    'admin screens outside /admin',
  ).toEqual([]);
});
