import { describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { fail, ok } from '../../test/api-mock';
import { logIn, makeUser, renderApp } from '../../test/render-app';

const admin = makeUser({ user_id: 1, username: 'admin', role: 'super', is_super: true, is_manager: true });

const order = {
  order_no: 'CD202611230001',
  user_id: 42,
  username: 'buyer',
  product_id: 1,
  product_name: '月度会员',
  level: 1,
  days: 31,
  amount_fen: 2500,
  provider: 'manual',
  status: 'pending',
  trade_no: null,
  paid_at: null,
  finished_at: null,
  closed_at: null,
  created_at: '2026-11-23T08:00:00.000Z',
} as const;

describe('admin actions confirmed in the app dialog, not a browser box', () => {
  it('finishes a manual order only after 完成订单; 取消 sends nothing and a server error stays in the dialog', async () => {
    logIn(admin);
    let answer = fail(400, '订单已关闭，不能完成');
    const { api } = renderApp('/admin/order', {
      'GET /api/user/me': ok(admin),
      'GET /api/member/pay/orders': ok({ list: [order], next_offset: null }),
      'POST /api/member/pay/order/finish': () => answer,
    });
    const u = userEvent.setup();
    await u.click(await screen.findByRole('button', { name: '确认收款' }));
    let dialog = await screen.findByRole('dialog', { name: '确认收款' });
    expect(within(dialog).getByText(/确认已收到 ¥25，完成订单/)).toBeTruthy();
    expect(api.to('POST /api/member/pay/order/finish')).toHaveLength(0);
    await u.click(within(dialog).getByRole('button', { name: '取消' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(api.to('POST /api/member/pay/order/finish')).toHaveLength(0);

    await u.click(screen.getByRole('button', { name: '确认收款' }));
    dialog = await screen.findByRole('dialog', { name: '确认收款' });
    await u.click(within(dialog).getByRole('button', { name: '完成订单' }));
    expect(await within(dialog).findByText('订单已关闭，不能完成')).toBeTruthy();

    answer = ok({ order: { ...order, status: 'finished' }, user: makeUser({ user_id: 42, username: 'buyer' }) });
    await u.click(within(dialog).getByRole('button', { name: '完成订单' }));
    expect(await screen.findByText('订单已完成，会员已生效')).toBeTruthy();
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(api.to('POST /api/member/pay/order/finish').map((r) => r.body)).toEqual([
      { order_no: order.order_no },
      { order_no: order.order_no },
    ]);
  });

  it('closes a membership only after 确定关闭; 取消 sends nothing and a server error shows in the dialog', async () => {
    logIn(admin);
    const member = makeUser({ user_id: 42, username: 'found_user', member: { level: 1, expires_at: '2026-12-31T00:00:00.000Z', days_left: 38 } });
    const { api } = renderApp('/admin/user/search?q=found', {
      'GET /api/user/me': ok(admin),
      'GET /api/user/search': ok({ list: [member] }),
      'GET /api/user/memberlog': ok({ list: [], next_offset: null }),
      'POST /api/user/close_member': fail(409, '会员已被他人关闭'),
    });
    const u = userEvent.setup();
    await u.click(await screen.findByRole('button', { name: '会员管理' }));
    const form = await screen.findByRole('dialog', { name: '会员管理' });
    await u.click(within(form).getByRole('button', { name: '关闭会员' }));
    let dialog = await screen.findByRole('dialog', { name: '关闭会员' });
    expect(within(dialog).getByText(/立即结束/)).toBeTruthy();
    await u.click(within(dialog).getByRole('button', { name: '取消' }));
    await waitFor(() => expect(screen.queryByRole('dialog', { name: '关闭会员' })).toBeNull());
    expect(api.to('POST /api/user/close_member')).toHaveLength(0);

    await u.click(within(form).getByRole('button', { name: '关闭会员' }));
    dialog = await screen.findByRole('dialog', { name: '关闭会员' });
    await u.click(within(dialog).getByRole('button', { name: '确定关闭' }));
    expect(await within(dialog).findByText('会员已被他人关闭')).toBeTruthy();
    expect(api.to('POST /api/user/close_member').map((r) => r.body)).toEqual([{ user_id: 42, remark: '' }]);
  });
});
