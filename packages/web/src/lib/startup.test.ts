import { describe, expect, it } from 'vitest';
import { QueryClient } from '@tanstack/react-query';
import { createMemoryRouter } from 'react-router';
import { startShell } from './startup';
import { getCookie } from './cookies';
import { sessionStatus } from './session';
import { flush, mockApi, ok } from '../test/api-mock';

const user = {
  user_id: 5,
  username: 'reader',
  phone: '13800000000',
  role: 'user',
  effective_role: 'user',
  is_super: false,
  is_manager: false,
  is_member: false,
  member: null,
  openid: null,
  xhs_id: null,
  created_at: '2025-01-01T00:00:00.000Z',
};

function start() {
  const router = createMemoryRouter([{ path: '/', children: [{ index: true }] }], { initialEntries: ['/'] });
  const stop = startShell(router, new QueryClient());
  return stop;
}

describe('shell start-up', () => {
  it('sends OPEN_APP first, as a new web visitor', async () => {
    const api = mockApi({ 'POST /api/log': ok({ id: 1 }) });
    const stop = start();
    await flush();
    const [first] = api.to('POST /api/log');
    expect(first?.body).toMatchObject({ name: 'OPEN_APP', is_new: true, source: 'WEB', uid: null });
    expect((first?.body as { cuid: string }).cuid).toBe(getCookie('bb_cuid'));
    stop();
  });

  it('marks events from inside the native app as WEBVIEW, with the user id and not new', async () => {
    window.__CLIENT_INFO__ = 'app_android_huawei_120_1.2.0';
    document.cookie = 'bb_uid=5; path=/';
    const api = mockApi({ 'POST /api/log': ok({ id: 1 }) });
    const stop = start();
    await flush();
    expect(api.to('POST /api/log')[0]?.body).toMatchObject({ source: 'WEBVIEW', uid: 5, is_new: false });
    stop();
  });

  it('does not ask for the current user when the logged-in check fails (a browser without a session)', async () => {
    const api = mockApi({ 'POST /api/log': ok({ id: 1 }), 'GET /api/user/me': ok(user) });
    const stop = start();
    await flush(20);
    expect(api.to('GET /api/user/me')).toHaveLength(0);
    stop();
  });

  it('asks the server for the current user at start when the last login left its user id', async () => {
    document.cookie = 'bb_uid=5; path=/';
    const api = mockApi({ 'POST /api/log': ok({ id: 1 }), 'GET /api/user/me': ok(user) });
    const stop = start();
    await flush(20);
    expect(api.to('GET /api/user/me')).toHaveLength(1);
    expect(api.to('GET /api/user/me')[0]?.headers['x-requested-with']).toBe('changdu');
    expect(sessionStatus()).toBe('in');
    stop();
  });

  it('inside the native app asks the server even without a user id: the wrapper may have put its token in', async () => {
    window.__CLIENT_INFO__ = 'app_android_huawei_120_1.2.0';
    document.cookie = 'bb_token=from-native; path=/';
    const api = mockApi({ 'POST /api/log': ok({ id: 1 }), 'GET /api/user/me': ok(user) });
    const stop = start();
    await flush(20);
    expect(api.to('GET /api/user/me')).toHaveLength(1);
    expect(sessionStatus()).toBe('in');
    expect(getCookie('bb_uid')).toBe('5');
    // The wrapper's cookie is the browser's to send; the page neither forwards nor removes it.
    expect(api.to('GET /api/user/me')[0]?.headers.authorization).toBeUndefined();
    expect(getCookie('bb_token')).toBe('from-native');
    stop();
  });

  it('forgets the user id when the server no longer knows the session', async () => {
    document.cookie = 'bb_uid=5; path=/';
    mockApi({ 'POST /api/log': ok({ id: 1 }), 'GET /api/user/me': ok(null) });
    const stop = start();
    await flush(20);
    expect(getCookie('bb_uid')).toBeNull();
    expect(sessionStatus()).toBe('out');
    stop();
  });

  it('removes a bb_token an earlier build left readable by script', async () => {
    document.cookie = 'bb_token=legacy; path=/';
    document.cookie = 'bb_uid=5; path=/';
    mockApi({ 'POST /api/log': ok({ id: 1 }), 'GET /api/user/me': ok(null) });
    const stop = start();
    await flush(20);
    expect(document.cookie).not.toContain('bb_token');
    stop();
  });
});
