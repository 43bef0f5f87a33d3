import { describe, expect, it } from 'vitest';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { fail, ok } from '../../test/api-mock';
import { logIn, makeUser, renderApp } from '../../test/render-app';

describe('Change username screen', () => {
  it('shows the rule hint, saves the new name and shows it on /Mine', async () => {
    const user = makeUser({ username: 'old_name' });
    logIn(user);
    const { api, router } = renderApp('/change_username', {
      'GET /api/user/me': ok(user),
      'POST /api/user/change_username': ok({ ...user, username: '晨读者' }),
    });
    expect(await screen.findByText(/2–20 个字符/)).toBeTruthy();
    const u = userEvent.setup();
    await u.type(screen.getByLabelText('新用户名'), '晨读者');
    await u.click(screen.getByRole('button', { name: '保存' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/Mine'));
    expect(api.to('POST /api/user/change_username')[0]?.body).toEqual({ username: '晨读者' });
    expect(await screen.findByText('晨读者', { selector: 'h2' })).toBeTruthy();
  });

  it("shows the server's message when the name is taken", async () => {
    const user = makeUser();
    logIn(user);
    renderApp('/change_username', {
      'GET /api/user/me': ok(user),
      'POST /api/user/change_username': fail(409, '该用户名已被使用'),
    });
    const u = userEvent.setup();
    await u.type(await screen.findByLabelText('新用户名'), 'taken');
    await u.click(screen.getByRole('button', { name: '保存' }));
    expect((await screen.findByRole('alert')).textContent).toBe('该用户名已被使用');
  });
});
