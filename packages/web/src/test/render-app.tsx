import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import type { User } from '@changdu/contract';
import { setNavigate } from '../api/client';
import { routes } from '../router';
import { mockApi, ok } from './api-mock';

type Handlers = Parameters<typeof mockApi>[0];

/** Renders the real route table at `path` against a mocked API. */
export function renderApp(path: string, handlers: Handlers = {}) {
  const api = mockApi({
    'GET /api/config': ok({ product_name: '畅读', analytics_script_url: null, database: 'sqlite', version: '0.1.0' }),
    'POST /api/log': ok({ id: 1 }),
    ...handlers,
  });
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  const router = createMemoryRouter(routes, { initialEntries: [path] });
  setNavigate((to) => void router.navigate(to));
  const view = render(
    <QueryClientProvider client={queryClient}>
      <RouterProvider router={router} />
    </QueryClientProvider>,
  );
  return { api, router, queryClient, ...view };
}

/**
 * Logs the test browser in as `user`: the user id cookie a login leaves (the token itself is
 * an HttpOnly cookie script cannot see or set); GET /api/user/me must answer the user.
 */
export function logIn(user: Pick<User, 'user_id'>): void {
  document.cookie = `bb_uid=${user.user_id}; path=/`;
}

export function makeUser(overrides: Partial<User> = {}): User {
  return {
    user_id: 5,
    username: 'reader',
    phone: '13812345678',
    role: 'user',
    effective_role: 'user',
    is_super: false,
    is_manager: false,
    is_member: false,
    member: null,
    openid: null,
    xhs_id: null,
    created_at: '2025-01-01T08:00:00.000Z',
    ...overrides,
  };
}
