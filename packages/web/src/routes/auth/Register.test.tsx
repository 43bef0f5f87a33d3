import { describe, expect, it, vi } from 'vitest';
import { act, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { getCookie } from '../../lib/cookies';
import { ok } from '../../test/api-mock';
import { makeUser, renderApp } from '../../test/render-app';

function rule(overrides: Partial<{ sms_required: boolean; invite_code_enabled: boolean; invite_code_required: boolean }>) {
  return ok({
    sms_required: false,
    invite_code_required: false,
    invite_code_enabled: false,
    password: { min_length: 8, max_length: 64, hint: '8–64 位，需同时包含字母和数字' },
    username: { min_length: 2, max_length: 20, hint: '' },
    ...overrides,
  });
}

const session = {
  token: 'reg-token',
  expires_at: new Date(Date.now() + 86_400_000).toISOString(),
  user: makeUser({ user_id: 11 }),
};

describe('Register screen', () => {
  it('without SMS: phone + password + confirm → POST /auth/register_by_phone, no captcha', async () => {
    const { api, router } = renderApp('/Register', {
      'GET /auth/register_rule': rule({}),
      'POST /auth/register_by_phone': ok(session),
      'GET /api/user/me': ok(session.user),
    });
    const user = userEvent.setup();
    await user.type(await screen.findByLabelText('手机号'), '13800001111');
    await user.type(screen.getByLabelText('密码'), 'abc12345');
    await user.type(screen.getByLabelText('确认密码'), 'abc12345');
    expect(screen.queryByLabelText('图形验证码')).toBeNull();
    expect(screen.queryByLabelText('邀请码')).toBeNull();
    expect(screen.getByText('8–64 位，需同时包含字母和数字')).toBeTruthy();
    await user.click(screen.getByRole('button', { name: '注册' }));

    await waitFor(() => expect(router.state.location.pathname).toBe('/Mine'));
    expect(api.to('POST /auth/register_by_phone')[0]?.body).toEqual({ phone: '13800001111', password: 'abc12345' });
    expect(document.cookie).not.toContain('reg-token');
    expect(getCookie('bb_uid')).toBe('11');
  });

  it('refuses mismatched passwords before calling the server', async () => {
    const { api } = renderApp('/Register', { 'GET /auth/register_rule': rule({}) });
    const user = userEvent.setup();
    await user.type(await screen.findByLabelText('手机号'), '13800001111');
    await user.type(screen.getByLabelText('密码'), 'abc12345');
    await user.type(screen.getByLabelText('确认密码'), 'abc12346');
    await user.click(screen.getByRole('button', { name: '注册' }));
    expect((await screen.findByRole('alert')).textContent).toBe('两次输入的密码不一致');
    expect(api.to('POST /auth/register_by_phone')).toHaveLength(0);
  });

  it('with SMS: captcha image keyed by the client id, 获取验证码 sends the code with a 60 s countdown, then POST /auth/register', async () => {
    // Fake timers that still flow with real time, so the countdown can be fast-forwarded.
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const { api, router } = renderApp('/Register', {
      'GET /auth/register_rule': rule({ sms_required: true, invite_code_enabled: true }),
      'POST /auth/smscode/send': ok({ expires_in: 600, resend_after: 60 }),
      'POST /auth/register': ok(session),
      'GET /api/user/me': ok(session.user),
    });
    const user = userEvent.setup({ advanceTimers: (ms) => vi.advanceTimersByTime(ms) });
    const captchaInput = await screen.findByLabelText('图形验证码');
    const cuid = getCookie('bb_cuid');
    const image = document.querySelector<HTMLImageElement>('img.captcha-image');
    expect(image?.getAttribute('src')).toMatch(new RegExp(`^/auth/captcha\\?key=${cuid}&t=`));

    await user.type(screen.getByLabelText('手机号'), '13800002222');
    await user.type(captchaInput, 'ab12');
    await user.click(screen.getByRole('button', { name: '获取验证码' }));

    await waitFor(() => expect(api.to('POST /auth/smscode/send')).toHaveLength(1));
    expect(api.to('POST /auth/smscode/send')[0]?.body).toEqual({
      phone: '13800002222',
      captcha: 'ab12',
      stype: 'register',
      key: cuid,
    });
    const countdown = await screen.findByRole('button', { name: /秒后重发/ });
    expect(countdown.textContent).toBe('60 秒后重发');
    expect((countdown as HTMLButtonElement).disabled).toBe(true);
    await act(() => vi.advanceTimersByTimeAsync(60_000));
    expect(screen.getByRole('button', { name: '获取验证码' })).toBeTruthy();

    await user.type(screen.getByLabelText('短信验证码'), '123456');
    await user.type(screen.getByLabelText('密码'), 'abc12345');
    await user.type(screen.getByLabelText('确认密码'), 'abc12345');
    await user.type(screen.getByLabelText('邀请码'), 'INVITE1');
    await user.click(screen.getByRole('button', { name: '注册' }));

    await waitFor(() => expect(router.state.location.pathname).toBe('/Mine'));
    expect(api.to('POST /auth/register')[0]?.body).toEqual({
      phone: '13800002222',
      password: 'abc12345',
      sms_code: '123456',
      code: 'INVITE1',
    });
  });

  it('shows the invitation code field only when invitation codes are enabled', async () => {
    renderApp('/Register', { 'GET /auth/register_rule': rule({ sms_required: true, invite_code_enabled: false }) });
    await screen.findByLabelText('短信验证码');
    expect(screen.queryByLabelText('邀请码')).toBeNull();
  });
});
