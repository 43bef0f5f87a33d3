import { describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { ORDER_POLL_MS } from '../../api/membership.queries';
import { fail, ok } from '../../test/api-mock';
import { logIn, makeUser, renderApp } from '../../test/render-app';

const products = {
  list: [
    {
      id: 1,
      code: 'monthly',
      name: '月度会员',
      level: 1,
      days: 31,
      price_fen: 1800,
      original_price_fen: 2500,
      benefits: ['会员文章全文阅读'],
    },
    {
      id: 3,
      code: 'yearly',
      name: '年度会员',
      level: 2,
      days: 366,
      price_fen: 16800,
      original_price_fen: null,
      benefits: ['会员文章全文阅读'],
    },
  ],
};
const version = { version: 'v1', title: '畅读会员', recommended: 'yearly', providers: ['manual'], trial_days: 7 };
const order = (status: string) => ({
  order_no: 'CD2026112300000001',
  user_id: 7,
  username: '读书人',
  product_id: 1,
  product_name: '月度会员',
  level: 1,
  days: 31,
  amount_fen: 1800,
  provider: 'manual',
  status,
  trade_no: null,
  paid_at: null,
  finished_at: null,
  closed_at: null,
  buyer_paid_at: null,
  created_at: '2026-11-23T08:00:00.000Z',
});
const manualPay = {
  configured: true,
  payee: '畅读工作室',
  account: '招商银行 6222 0000 1234',
  qr_image: null,
  contact: '微信 changdu-help',
  note: null,
};

describe('membership screens', () => {
  it('/member shows the expiry and benefits of a member; Mine links there', async () => {
    const user = makeUser({ is_member: true, member: { level: 1, expires_at: '2099-01-31T00:00:00.000Z', days_left: 30 } });
    logIn(user);
    renderApp('/member', { 'GET /api/user/me': ok(user), 'GET /api/member/product': ok(products) });
    expect(await screen.findByText('会员 · Lv1')).toBeTruthy();
    expect(screen.getByText(/剩余 30 天/)).toBeTruthy();
    expect(await screen.findByText('会员文章全文阅读')).toBeTruthy();
    expect(screen.getByRole('link', { name: '续费会员' }).getAttribute('href')).toBe('/member/buy');
  });

  it('/member/buy orders the chosen product (the recommended one first) and shows the waiting order', async () => {
    const user = makeUser({ user_id: 7 });
    logIn(user);
    const { api } = renderApp('/member/buy', {
      'GET /api/user/me': ok(user),
      'GET /api/member/product': ok(products),
      'GET /api/member/version': ok(version),
      'POST /api/member/pay/order': ok({
        order: order('pending'),
        pay: { kind: 'manual', code_url: null, pay_url: null, hint: '请等待工作人员确认' },
      }),
      'GET /api/member/pay/order': ok(order('pending')),
      'GET /api/appinfo/manual_pay': ok(manualPay),
      'POST /api/member/pay/order/paid': ok({ ...order('pending'), buyer_paid_at: '2026-11-23T08:05:00.000Z' }),
    });
    expect(await screen.findByRole('button', { name: '立即支付 ¥168' })).toBeTruthy();
    await userEvent.click(screen.getByRole('button', { name: /月度会员/ }));
    await userEvent.click(screen.getByRole('button', { name: '立即支付 ¥18' }));
    expect(await screen.findByText('等待支付确认')).toBeTruthy();
    expect(screen.getByText('请等待工作人员确认')).toBeTruthy();
    expect(api.to('POST /api/member/pay/order')[0]?.body).toEqual({ product_id: 1, provider: 'manual' });
    // Whom to pay, how much, with which note; then 我已付款 tells the managers.
    const box = screen.getByRole('group', { name: '付款方式' });
    expect(box.textContent).toContain('畅读工作室');
    expect(box.textContent).toContain('招商银行 6222 0000 1234');
    expect(box.textContent).toContain('¥18');
    expect(box.textContent).toContain('CD2026112300000001');
    await userEvent.click(screen.getByRole('button', { name: '我已付款' }));
    expect(api.to('POST /api/member/pay/order/paid')[0]?.body).toEqual({ order_no: 'CD2026112300000001' });
  });

  it('/member/buy with no payee set explains how to buy and whom to contact, with no pay button', async () => {
    const user = makeUser({ user_id: 7 });
    logIn(user);
    renderApp('/member/buy', {
      'GET /api/user/me': ok(user),
      'GET /api/member/product': ok(products),
      'GET /api/member/version': ok(version),
      'GET /api/appinfo/manual_pay': ok({ ...manualPay, configured: false, payee: null, account: null, contact: '微信 changdu-help' }),
    });
    expect(await screen.findByText('如何开通会员')).toBeTruthy();
    expect(screen.getByTestId('no-manual-pay').textContent).toContain('请联系 微信 changdu-help');
    expect(screen.queryByRole('button', { name: /立即支付/ })).toBeNull();
  });

  it('/member/buy with WeChat shows a scannable QR code and turns to paid by itself once the payment lands', async () => {
    const user = makeUser({ user_id: 7 });
    logIn(user);
    let paid = false;
    renderApp('/member/buy', {
      'GET /api/user/me': ok(user),
      'GET /api/member/product': ok(products),
      'GET /api/member/version': ok({ ...version, providers: ['wechat'] }),
      'POST /api/member/pay/order': ok({
        order: { ...order('pending'), provider: 'wechat' },
        pay: { kind: 'qr', code_url: 'weixin://wxpay/bizpayurl?pr=abc', pay_url: null, hint: '请用微信扫码支付' },
      }),
      'GET /api/member/pay/order': () => ok({ ...order(paid ? 'finished' : 'pending'), provider: 'wechat' }),
    });
    await userEvent.click(await screen.findByRole('button', { name: '立即支付 ¥168' }));
    const qr = await screen.findByRole('img', { name: '微信支付二维码' });
    expect(qr.getAttribute('src')).toMatch(/^data:image\/svg\+xml/);
    paid = true;
    expect(await screen.findByTestId('order-done', {}, { timeout: ORDER_POLL_MS + 2000 })).toBeTruthy();
  });

  it('/trial claims a trial by Xiaohongshu id and shows the server’s refusal', async () => {
    const user = makeUser();
    logIn(user);
    renderApp('/trial', {
      'GET /api/user/me': ok(user),
      'GET /api/member/trial': ok({ days: 7, taken: null }),
      'POST /api/user/open_trial_member': fail(409, '这个小红书号已经领取过试用会员'),
    });
    await userEvent.type(await screen.findByLabelText('小红书号'), 'reader_1');
    await userEvent.click(screen.getByRole('button', { name: '领取试用' }));
    expect(await screen.findByText('这个小红书号已经领取过试用会员')).toBeTruthy();
  });

  it('/Rank shows the list and my place, with a claim button once the week is over', async () => {
    const user = makeUser({ user_id: 7 });
    logIn(user);
    const { api } = renderApp('/Rank', {
      'GET /api/user/me': ok(user),
      'GET /reader/history/rank/week': ok({
        cat: 'time',
        week_start: '2026-11-16',
        week_end: '2026-11-22',
        ended: true,
        list: [
          { rank: 1, user_id: 7, username: '读书人', value: 40 },
          { rank: 2, user_id: 8, username: '另一位', value: 35 },
        ],
        me: { rank: 1, value: 40 },
        award: { top: 10, days: 7, claimable: true, claimed: false },
      }),
      'POST /reader/history/rank/receive_award': ok({ awards: [], days: 7, user }),
    });
    const list = await screen.findByRole('list', { name: '排行' });
    expect(within(list).getAllByRole('listitem')).toHaveLength(2);
    expect(screen.getByText('我的名次：第 1 名')).toBeTruthy();
    await userEvent.click(screen.getByRole('button', { name: '领取 7 天' }));
    await waitFor(() => expect(api.to('POST /reader/history/rank/receive_award')[0]?.body).toEqual({ rank_date: '2026-11-16' }));
  });
});
