import { describe, expect, it } from 'vitest';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { getCookie } from '../../lib/cookies';
import { fail, ok } from '../../test/api-mock';
import { logIn, makeUser, renderApp } from '../../test/render-app';

describe('Change password screen', () => {
  it('sends old and new password, stays logged in, and does not store the new token (the server moved the cookie)', async () => {
    const user = makeUser();
    logIn(user);
    const expires = new Date(Date.now() + 86_400_000).toISOString();
    const { api, router } = renderApp('/change_password', {
      'GET /api/user/me': ok(user),
      'POST /auth/change_password': ok({ token: 'rotated-token', expires_at: expires }),
    });
    const u = userEvent.setup();
    await u.type(await screen.findByLabelText('旧密码'), 'old12345');
    await u.type(screen.getByLabelText('新密码'), 'new12345');
    await u.type(screen.getByLabelText('确认新密码'), 'new12345');
    await u.click(screen.getByRole('button', { name: '保存' }));

    await waitFor(() => expect(router.state.location.pathname).toBe('/Mine'));
    expect(api.to('POST /auth/change_password')[0]?.body).toEqual({ old_password: 'old12345', new_password: 'new12345' });
    expect(document.cookie).not.toContain('rotated-token');
    expect(getCookie('bb_uid')).toBe(String(user.user_id));
  });

  it("shows the server's message when the old password is wrong", async () => {
    const user = makeUser();
    logIn(user);
    renderApp('/change_password', {
      'GET /api/user/me': ok(user),
      'POST /auth/change_password': fail(400, '旧密码不正确'),
    });
    const u = userEvent.setup();
    await u.type(await screen.findByLabelText('旧密码'), 'bad');
    await u.type(screen.getByLabelText('新密码'), 'new12345');
    await u.type(screen.getByLabelText('确认新密码'), 'new12345');
    await u.click(screen.getByRole('button', { name: '保存' }));
    expect((await screen.findByRole('alert')).textContent).toBe('旧密码不正确');
  });

  it('inside the native app without a user id cookie, asks the server instead of bouncing to the login page', async () => {
    // The wrapper may have put its own bb_token into the WebView; only the server can tell.
    window.__CLIENT_INFO__ = 'app_android_huawei_120_1.2.0';
    const user = makeUser({ user_id: 21 });
    const { api, router } = renderApp('/change_password', { 'GET /api/user/me': ok(user) });
    expect(await screen.findByLabelText('旧密码')).toBeTruthy();
    expect(router.state.location.pathname).toBe('/change_password');
    expect(api.to('GET /api/user/me').length).toBeGreaterThan(0);
    expect(getCookie('bb_uid')).toBe('21');
  });

  it('inside the native app, sends the reader to log in once the server says nobody is', async () => {
    window.__CLIENT_INFO__ = 'app_android_huawei_120_1.2.0';
    const { router } = renderApp('/change_password', { 'GET /api/user/me': ok(null) });
    await waitFor(() => expect(router.state.location.pathname).toBe('/Login'));
  });

  it('sends a logged-out visitor to the login page and back', async () => {
    const { router } = renderApp('/change_password');
    await waitFor(() => expect(router.state.location.pathname).toBe('/Login'));
    expect(router.state.location.search).toBe('?redirect=%2Fchange_password');
  });
});
