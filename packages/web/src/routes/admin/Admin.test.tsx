import { describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { ok } from '../../test/api-mock';
import { logIn, makeUser, renderApp } from '../../test/render-app';

const visitor = (n: number) => ({
  cuid: `cuid${String(n).padStart(12, '0')}`,
  uid: null,
  username: null,
  source: 'WEB',
  platform: null,
  first_seen_at: '2025-01-01T08:00:00.000Z',
  last_seen_at: '2025-01-02T08:00:00.000Z',
  last_event: 'PAGE_OPEN',
  last_path: '/About',
  events: n,
  is_new: false,
});

describe('admin dashboard', () => {
  it('shows a 403 message, and no tools, to a logged-in user who is not a manager', async () => {
    const user = makeUser();
    logIn(user);
    renderApp('/admin', { 'GET /api/user/me': ok(user) });
    expect(await screen.findByText('没有权限')).toBeTruthy();
    expect(screen.queryByRole('link', { name: '用户查询' })).toBeNull();
  });

  it('shows managers the navigation to user search and visitors', async () => {
    const manager = makeUser({ role: 'manager', is_manager: true });
    logIn(manager);
    renderApp('/admin', { 'GET /api/user/me': ok(manager) });
    const nav = await screen.findByRole('navigation', { name: '管理后台导航' });
    expect(within(nav).getByRole('link', { name: '用户查询' }).getAttribute('href')).toBe('/admin/user/search');
    expect(within(nav).getByRole('link', { name: '访客' }).getAttribute('href')).toBe('/admin/visitor');
  });

  it('user search queries the server and lets a super user set a new password', async () => {
    const admin = makeUser({ user_id: 1, username: 'admin', role: 'super', is_super: true, is_manager: true });
    const found = makeUser({ user_id: 42, username: 'found_user' });
    logIn(admin);
    const { api } = renderApp('/admin/user/search', {
      'GET /api/user/me': ok(admin),
      'GET /api/user/search': ok({ list: [found] }),
      'POST /auth/change_password': ok({ token: null, expires_at: null }),
    });
    const u = userEvent.setup();
    await u.type(await screen.findByLabelText('搜索用户'), 'found');
    await u.click(screen.getByRole('button', { name: '搜索' }));
    expect(await screen.findByText('found_user')).toBeTruthy();
    expect(api.to('GET /api/user/search')[0]?.query.get('q')).toBe('found');

    await u.click(screen.getByRole('button', { name: '重设密码' }));
    const dialog = await screen.findByRole('dialog', { name: '重设密码' });
    await u.type(within(dialog).getByLabelText('新密码'), 'fresh1234');
    await u.click(within(dialog).getByRole('button', { name: '保存' }));
    await waitFor(() => expect(api.to('POST /auth/change_password')).toHaveLength(1));
    expect(api.to('POST /auth/change_password')[0]?.body).toEqual({ user_id: 42, new_password: 'fresh1234' });
  });

  it('managers who are not super users get no password action', async () => {
    const manager = makeUser({ role: 'manager', is_manager: true });
    logIn(manager);
    renderApp('/admin/user/search?q=x', {
      'GET /api/user/me': ok(manager),
      'GET /api/user/search': ok({ list: [makeUser({ user_id: 42, username: 'found_user' })] }),
    });
    expect(await screen.findByText('found_user')).toBeTruthy();
    expect(screen.queryByRole('button', { name: '重设密码' })).toBeNull();
  });

  it('visitors page by offset with 加载更多 and open a visitor’s events', async () => {
    const manager = makeUser({ role: 'manager', is_manager: true });
    logIn(manager);
    const { api } = renderApp('/admin/visitor', {
      'GET /api/user/me': ok(manager),
      'GET /reader/visitor': (request) =>
        request.query.get('offset') === '0'
          ? ok({ list: Array.from({ length: 10 }, (_, i) => visitor(i + 1)), next_offset: 10 })
          : ok({ list: [visitor(11)], next_offset: null }),
      'GET /reader/visitor/logs': ok({
        list: [
          {
            id: 1,
            name: 'PAGE_OPEN',
            data: { path: '/About?from=home' },
            cuid: visitor(1).cuid,
            uid: null,
            is_new: false,
            source: 'WEB',
            created_at: '2025-01-02T08:00:00.000Z',
          },
        ],
        next_offset: null,
      }),
    });
    const u = userEvent.setup();
    const list = await screen.findByRole('list', { name: '访客列表' });
    expect(within(list).getAllByRole('button')).toHaveLength(10);
    await u.click(screen.getByRole('button', { name: '加载更多' }));
    await waitFor(() => expect(within(list).getAllByRole('button')).toHaveLength(11));
    expect(api.to('GET /reader/visitor').map((r) => r.query.get('offset'))).toEqual(['0', '10']);
    expect(screen.queryByRole('button', { name: '加载更多' })).toBeNull();

    await u.click(within(list).getAllByRole('button')[0]!);
    const dialog = await screen.findByRole('dialog');
    expect(await within(dialog).findByText('/About?from=home')).toBeTruthy();
    expect(within(dialog).getByText('PAGE_OPEN')).toBeTruthy();
    expect(api.to('GET /reader/visitor/logs')[0]?.query.get('cuid')).toBe(visitor(1).cuid);
  });
});
