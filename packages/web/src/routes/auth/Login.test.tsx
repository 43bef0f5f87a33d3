import { describe, expect, it } from 'vitest';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { getCookie } from '../../lib/cookies';
import { fail, ok } from '../../test/api-mock';
import { makeUser, renderApp } from '../../test/render-app';

const session = () => ({
  token: 'new-token',
  expires_at: new Date(Date.now() + 30 * 86_400_000).toISOString(),
  user: makeUser({ user_id: 9, username: 'reader' }),
});

describe('Login screen', () => {
  it('logs in with phone or username and password, keeps the user id but never the token, and follows the redirect', async () => {
    const { api, router } = renderApp('/Login?redirect=%2Fchange_username', {
      'POST /auth/login': ok(session()),
      'GET /auth/register_rule': ok({
        sms_required: false,
        invite_code_required: false,
        invite_code_enabled: false,
        password: { min_length: 8, max_length: 64, hint: '' },
        username: { min_length: 2, max_length: 20, hint: '2–20 个字符' },
      }),
    });
    const user = userEvent.setup();
    await user.type(await screen.findByLabelText('手机号或用户名'), 'reader');
    await user.type(screen.getByLabelText('密码'), 'secret123');
    await user.click(screen.getByRole('button', { name: '登录' }));

    await waitFor(() => expect(router.state.location.pathname).toBe('/change_username'));
    expect(api.to('POST /auth/login')[0]?.body).toEqual({ username: 'reader', password: 'secret123' });
    // The server set the HttpOnly session cookie; the answer's token is the native app's, not stored here.
    expect(document.cookie).not.toContain('new-token');
    expect(getCookie('bb_token')).toBeNull();
    expect(getCookie('bb_uid')).toBe('9');
  });

  it('goes to /Mine after login when there is no redirect', async () => {
    const { router } = renderApp('/Login', { 'POST /auth/login': ok(session()), 'GET /api/user/me': ok(session().user) });
    const user = userEvent.setup();
    await user.type(await screen.findByLabelText('手机号或用户名'), 'reader');
    await user.type(screen.getByLabelText('密码'), 'secret123');
    await user.click(screen.getByRole('button', { name: '登录' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/Mine'));
  });

  it("shows the server's message on failure and stays on the page", async () => {
    const { router } = renderApp('/Login', { 'POST /auth/login': fail(400, '用户名或密码不正确') });
    const user = userEvent.setup();
    await user.type(await screen.findByLabelText('手机号或用户名'), 'reader');
    await user.type(screen.getByLabelText('密码'), 'wrong');
    await user.click(screen.getByRole('button', { name: '登录' }));
    expect((await screen.findByRole('alert')).textContent).toBe('用户名或密码不正确');
    expect(router.state.location.pathname).toBe('/Login');
    expect(getCookie('bb_token')).toBeNull();
  });

  it('links to registration and password reset', async () => {
    renderApp('/Login');
    expect((await screen.findByRole('link', { name: '注册新账号' })).getAttribute('href')).toBe('/Register');
    expect(screen.getByRole('link', { name: '忘记密码？' }).getAttribute('href')).toBe('/reset');
  });
});
