import { describe, expect, it } from 'vitest';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { getCookie } from '../../lib/cookies';
import { fail, ok } from '../../test/api-mock';
import { renderApp } from '../../test/render-app';

describe('Reset password screen', () => {
  it('sends the SMS code with stype "reset", resets the password, toasts and goes to the login page', async () => {
    const { api, router } = renderApp('/reset', {
      'POST /auth/smscode/send': ok({ expires_in: 600, resend_after: 60 }),
      'POST /auth/reset_password': ok({ ok: true }),
    });
    const user = userEvent.setup();
    await user.type(await screen.findByLabelText('手机号'), '13800003333');
    await user.type(screen.getByLabelText('图形验证码'), 'k9x2');
    await user.click(screen.getByRole('button', { name: '获取验证码' }));
    await waitFor(() => expect(api.to('POST /auth/smscode/send')).toHaveLength(1));
    expect(api.to('POST /auth/smscode/send')[0]?.body).toMatchObject({ phone: '13800003333', stype: 'reset', key: getCookie('bb_cuid') });

    await user.type(screen.getByLabelText('短信验证码'), '654321');
    await user.type(screen.getByLabelText('新密码'), 'again123');
    await user.type(screen.getByLabelText('确认新密码'), 'again123');
    await user.click(screen.getByRole('button', { name: '重设密码' }));

    await waitFor(() => expect(router.state.location.pathname).toBe('/Login'));
    expect(api.to('POST /auth/reset_password')[0]?.body).toEqual({
      phone: '13800003333',
      new_password: 'again123',
      sms_code: '654321',
    });
    expect(screen.getByRole('status').textContent).toBe('密码已重设，请用新密码登录');
  });

  it('asks for a phone number and a captcha before sending a code', async () => {
    const { api } = renderApp('/reset');
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: '获取验证码' }));
    expect((await screen.findByRole('alert')).textContent).toBe('请输入正确的 11 位手机号');
    await user.type(screen.getByLabelText('手机号'), '13800003333');
    await user.click(screen.getByRole('button', { name: '获取验证码' }));
    expect((await screen.findByRole('alert')).textContent).toBe('请先填写图形验证码');
    expect(api.to('POST /auth/smscode/send')).toHaveLength(0);
  });

  it("shows the server's message when the code is refused, and a fresh captcha", async () => {
    renderApp('/reset', { 'POST /auth/smscode/send': fail(400, '图形验证码不正确') });
    const user = userEvent.setup();
    await user.type(await screen.findByLabelText('手机号'), '13800003333');
    await user.type(screen.getByLabelText('图形验证码'), 'zzzz');
    const before = document.querySelector('img.captcha-image')?.getAttribute('src');
    await user.click(screen.getByRole('button', { name: '获取验证码' }));
    expect((await screen.findByRole('alert')).textContent).toBe('图形验证码不正确');
    expect(document.querySelector('img.captcha-image')?.getAttribute('src')).not.toBe(before);
    expect((screen.getByLabelText('图形验证码') as HTMLInputElement).value).toBe('');
  });
});
