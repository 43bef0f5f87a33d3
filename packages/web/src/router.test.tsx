import { describe, expect, it, vi } from 'vitest';
import { render, screen } from '@testing-library/react';
import { createMemoryRouter, data, RouterProvider } from 'react-router';
import { RouteError } from './components/RouteError';
import { ErrorView } from './components/ErrorView';
import { renderApp } from './test/render-app';

describe('error pages', () => {
  it('an unknown path shows the 404 page with "Page Not Found"', async () => {
    renderApp('/no/such/page');
    expect(await screen.findByRole('heading', { name: 'Page Not Found' })).toBeTruthy();
    expect(screen.getByText('页面不存在')).toBeTruthy();
  });

  it('paths match case-insensitively, so /login opens the login screen', async () => {
    renderApp('/login');
    expect(await screen.findByRole('button', { name: '登录' })).toBeTruthy();
  });

  it('the error view is chosen by status: 404 → Page Not Found, anything else → Internal Server Error', () => {
    const { rerender } = render(<ErrorView status={404} />);
    expect(screen.getByRole('heading').textContent).toBe('Page Not Found');
    rerender(<ErrorView status={500} />);
    expect(screen.getByRole('heading').textContent).toBe('Internal Server Error');
    rerender(<ErrorView status={503} message="服务暂不可用" />);
    expect(screen.getByRole('heading').textContent).toBe('服务暂不可用');
  });

  it('the router errorElement shows the 404 view for a thrown 404 and the error view otherwise', async () => {
    // React and the router log the deliberate render error; it is expected here.
    vi.spyOn(console, 'error').mockImplementation(() => {});
    vi.spyOn(console, 'warn').mockImplementation(() => {});
    const router = createMemoryRouter(
      [
        {
          path: '/',
          errorElement: <RouteError />,
          children: [
            {
              path: 'gone',
              loader: () => {
                throw data(null, { status: 404 });
              },
              Component: () => null,
            },
            {
              path: 'broken',
              Component: () => {
                throw new Error('render failed');
              },
            },
          ],
        },
      ],
      { initialEntries: ['/gone'] },
    );
    render(<RouterProvider router={router} />);
    expect(await screen.findByText('Page Not Found')).toBeTruthy();
    await router.navigate('/broken');
    expect(await screen.findByText('Internal Server Error')).toBeTruthy();
  });
});
