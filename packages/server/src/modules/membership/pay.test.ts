import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fakeAlipay, type FakeAlipay } from '../../../test/fake-alipay.js';
import { startFakeWechatPay, type FakeWechatPay } from '../../../test/fake-wechatpay.js';
import { createTestApp, type TestApp } from '../../../test/test-app.js';
import { DAY, MINUTE } from '../../lib/clock.js';

let t: TestApp;
let wechat: FakeWechatPay;
let alipay: FakeAlipay;
let monthlyId: number;
const clockNow = { fn: () => new Date() };

beforeAll(async () => {
  wechat = await startFakeWechatPay(() => clockNow.fn());
  alipay = fakeAlipay();
  t = await createTestApp({ env: { ...wechat.env, ...alipay.env, FETCH_ALLOW_PRIVATE: `127.0.0.1:${wechat.port}` } });
  clockNow.fn = () => t.clock.now();
  monthlyId = (await t.call('member.products', {})).result!.list.find((p) => p.code === 'monthly')!.id;
}, 60_000);
afterAll(async () => {
  await t?.close();
  await wechat?.close();
});

const post = (provider: string, notice: { headers: Record<string, string>; body: string }) =>
  t.app.inject({ method: 'POST', url: `/api/member/pay/notify/${provider}`, headers: notice.headers, payload: notice.body });
const expiry = async (userId: number) =>
  (await t.db.kysely.selectFrom('users').select('member_expires_at').where('id', '=', userId).executeTakeFirstOrThrow()).member_expires_at;
const notices = (orderNo: string) =>
  t.db.kysely.selectFrom('pay_notices').select(['outcome', 'reason']).where('order_no', '=', orderNo).orderBy('id').execute();

describe('WeChat Pay API v3 (against a local gateway with real signatures)', () => {
  it('places a signed Native order, then one paid notice opens the membership; repeats grant nothing', async () => {
    expect((await t.call('member.version', {})).result!.providers).toEqual(['manual', 'wechat', 'alipay']);
    const buyer = await t.createUser();
    const created = await t.call('order.create', { product_id: monthlyId, provider: 'wechat' }, { token: buyer.token });
    expect(created.code, created.msg).toBe('200');
    const order = created.result!.order;
    expect(created.result!.pay).toMatchObject({ kind: 'qr', code_url: `weixin://wxpay/bizpayurl?pr=${order.order_no}` });
    expect(wechat.refused).toBe(0);
    expect(wechat.orders.get(order.order_no)).toMatchObject({ amount: 1800 });
    expect(wechat.orders.get(order.order_no)!.notify_url).toMatch(/\/api\/member\/pay\/notify\/wechat$/);

    const paid = wechat.notice(order.order_no, 1800);
    const first = await post('wechat', paid);
    expect(first.statusCode).toBe(200);
    expect(JSON.parse(first.body)).toEqual({ code: 'SUCCESS', message: '成功' });
    const after = await expiry(buyer.user.id);
    expect(after).toBe(new Date(t.clock.now().getTime() + 31 * DAY).toISOString());

    // The same notice again, and a second genuine notice: acknowledged, nothing granted twice.
    expect((await post('wechat', paid)).statusCode).toBe(200);
    expect((await post('wechat', wechat.notice(order.order_no, 1800))).statusCode).toBe(200);
    expect(await expiry(buyer.user.id)).toBe(after);
    const shown = await t.call('order.show', { order_no: order.order_no }, { token: buyer.token });
    expect(shown.result).toMatchObject({ status: 'finished' });
    expect(shown.result!.trade_no).toMatch(/^4200/);
    expect((await notices(order.order_no)).map((n) => n.outcome)).toEqual(['accepted', 'duplicate', 'duplicate']);
  });

  it('refuses and logs a forged signature, a wrong key, a wrong amount, another merchant and a stale notice', async () => {
    const buyer = await t.createUser();
    const order = (await t.call('order.create', { product_id: monthlyId, provider: 'wechat' }, { token: buyer.token })).result!.order;
    const refusals = [
      wechat.notice(order.order_no, 1800, { sign: false }),
      wechat.notice(order.order_no, 1800, { key: 'k'.repeat(32) }),
      wechat.notice(order.order_no, 1, {}),
      wechat.notice(order.order_no, 1800, { mchid: '1900000002' }),
      wechat.notice(order.order_no, 1800, { timestamp: Math.floor((t.clock.now().getTime() - 10 * MINUTE) / 1000) }),
    ];
    for (const notice of refusals) {
      const res = await post('wechat', notice);
      expect(res.statusCode).toBe(400);
      expect(JSON.parse(res.body)).toMatchObject({ code: 'FAIL' });
    }
    expect(await expiry(buyer.user.id)).toBeNull();
    expect((await t.call('order.show', { order_no: order.order_no }, { token: buyer.token })).result!.status).toBe('pending');
    const logged = await t.db.kysely.selectFrom('pay_notices').select(['outcome', 'reason']).where('outcome', '=', 'refused').execute();
    expect(logged.map((n) => n.reason)).toEqual(
      expect.arrayContaining(['bad signature', 'resource does not decrypt', 'amount 1 != 1800', 'notice for another merchant', 'timestamp outside the allowed window']),
    );
    // A closing notice (not a payment) is acknowledged and grants nothing.
    expect((await post('wechat', wechat.notice(order.order_no, 1800, { event: 'TRANSACTION.CLOSED', state: 'CLOSED' }))).statusCode).toBe(200);
    expect(await expiry(buyer.user.id)).toBeNull();
  });

  it('counts a paid notice that arrives after the buyer closed the order (the money was taken), once', async () => {
    const buyer = await t.createUser();
    const order = (await t.call('order.create', { product_id: monthlyId, provider: 'wechat' }, { token: buyer.token })).result!.order;
    await t.call('order.close', { order_no: order.order_no }, { token: buyer.token });
    const notice = wechat.notice(order.order_no, 1800);
    const [a, b] = await Promise.all([post('wechat', notice), post('wechat', notice)]);
    expect([a.statusCode, b.statusCode]).toEqual([200, 200]);
    expect(await expiry(buyer.user.id)).toBe(new Date(t.clock.now().getTime() + 31 * DAY).toISOString());
    const logs = await t.db.kysely.selectFrom('member_logs').selectAll().where('user_id', '=', buyer.user.id).execute();
    expect(logs).toHaveLength(1);
  });
});

describe('Alipay (RSA2, with keys made in the test)', () => {
  it('signs the page-pay URL as the gateway checks it; one paid notice renews; forged and wrong ones are refused', async () => {
    const buyer = await t.createUser();
    const created = await t.call('order.create', { product_id: monthlyId, provider: 'alipay' }, { token: buyer.token });
    expect(created.code, created.msg).toBe('200');
    const order = created.result!.order;
    const opened = alipay.openPayUrl(created.result!.pay.pay_url!);
    expect(opened.valid).toBe(true);
    expect(opened.params.method).toBe('alipay.trade.page.pay');
    expect(opened.biz).toMatchObject({ out_trade_no: order.order_no, total_amount: '18.00' });
    // A tampered amount no longer verifies.
    const tampered = created.result!.pay.pay_url!.replace('18.00', '0.01');
    expect(alipay.openPayUrl(tampered).valid).toBe(false);

    for (const bad of [
      alipay.notice(order.order_no, '18.00', { sign: false }),
      alipay.notice(order.order_no, '0.01'),
      alipay.notice(order.order_no, '18.00', { appId: '2021000000000002' }),
    ]) {
      const res = await post('alipay', bad);
      expect(res.body).toBe('failure');
    }
    expect(await expiry(buyer.user.id)).toBeNull();

    const good = alipay.notice(order.order_no, '18.00');
    expect((await post('alipay', good)).body).toBe('success');
    expect((await post('alipay', good)).body).toBe('success');
    expect(await expiry(buyer.user.id)).toBe(new Date(t.clock.now().getTime() + 31 * DAY).toISOString());
    expect((await t.call('order.show', { order_no: order.order_no }, { token: buyer.token })).result!.status).toBe('finished');
    // A WAIT_BUYER_PAY notice for an unpaid order grants nothing.
    const other = (await t.call('order.create', { product_id: monthlyId, provider: 'alipay' }, { token: (await t.createUser()).token })).result!.order;
    expect((await post('alipay', alipay.notice(other.order_no, '18.00', { status: 'WAIT_BUYER_PAY' }))).body).toBe('success');
    expect((await t.call('order.show', { order_no: other.order_no }, { token: (await t.createUser({ role: 'manager' })).token })).result!.status).toBe('pending');
  });

  it('answers 404 for a provider that is not configured', async () => {
    const plain = await createTestApp();
    const res = await plain.app.inject({ method: 'POST', url: '/api/member/pay/notify/wechat', payload: '{}', headers: { 'content-type': 'application/json' } });
    expect(res.statusCode).toBe(404);
    await plain.close();
  });
});
