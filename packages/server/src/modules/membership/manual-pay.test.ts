import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/test-app.js';

let t: TestApp;
let monthlyId: number;
let manager: { token: string };
// A 1×1 PNG, as a manager's uploaded QR image arrives (a data URL).
const QR = 'data:image/png;base64,iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==';

beforeAll(async () => {
  t = await createTestApp();
  manager = await t.createUser({ role: 'manager' });
  monthlyId = (await t.call('member.products', {})).result!.list.find((p) => p.code === 'monthly')!.id;
}, 60_000);
afterAll(() => t?.close());

describe('manual payment', () => {
  it('is not offered until a manager sets a payee with an account or a QR image', async () => {
    expect((await t.call('appinfo.manualPay', {})).result).toEqual({
      configured: false,
      payee: null,
      account: null,
      qr_image: null,
      contact: null,
      note: null,
    });
    const reader = await t.createUser();
    expect(await t.call('appinfo.saveManualPay', { payee: '畅读工作室', account: '6222 0000 1234' }, { token: reader.token })).toMatchObject({
      http: 403,
    });
    expect(await t.call('appinfo.saveManualPay', { payee: '畅读工作室' }, { token: manager.token })).toMatchObject({
      http: 400,
      msg: '请填写收款账号或上传收款码',
    });
    expect(await t.call('appinfo.saveManualPay', { payee: '畅读工作室', qr_image: 'data:text/html;base64,PGI+' }, { token: manager.token })).toMatchObject({
      http: 400,
      msg: '收款码只能是 PNG、JPEG 或 WebP 图片',
    });
    const saved = await t.call(
      'appinfo.saveManualPay',
      { payee: '畅读工作室', account: '招商银行 6222 0000 1234', qr_image: QR, contact: '微信 changdu-help' },
      { token: manager.token },
    );
    expect(saved.code, saved.msg).toBe('200');
    // Anyone about to buy sees it.
    expect((await t.call('appinfo.manualPay', {})).result).toEqual({
      configured: true,
      payee: '畅读工作室',
      account: '招商银行 6222 0000 1234',
      qr_image: QR,
      contact: '微信 changdu-help',
      note: null,
    });
  });

  it('the buyer’s 我已付款 flags the order for managers, who then finish it', async () => {
    const buyer = await t.createUser();
    const order = (await t.call('order.create', { product_id: monthlyId }, { token: buyer.token })).result!.order;
    expect(order.buyer_paid_at).toBeNull();
    // Only the buyer can say it.
    const other = await t.createUser();
    expect(await t.call('order.buyerPaid', { order_no: order.order_no }, { token: other.token })).toMatchObject({ http: 404 });

    const paid = await t.call('order.buyerPaid', { order_no: order.order_no }, { token: buyer.token });
    expect(paid.code, paid.msg).toBe('200');
    expect(paid.result!.buyer_paid_at).toBe(t.clock.now().toISOString());
    expect(paid.result!.status).toBe('pending');

    const listed = (await t.call('order.list', { offset: 0, q: order.order_no }, { token: manager.token })).result!.list;
    expect(listed.map((o) => [o.order_no, o.buyer_paid_at])).toEqual([[order.order_no, t.clock.now().toISOString()]]);
    expect((await t.call('order.finish', { order_no: order.order_no }, { token: manager.token })).result!.order.status).toBe('finished');
    // Said again after the order is done: the answer is the order as it is.
    expect((await t.call('order.buyerPaid', { order_no: order.order_no }, { token: buyer.token })).result!.status).toBe('finished');
  });

  it('refuses 我已付款 on a closed order', async () => {
    const buyer = await t.createUser();
    const order = (await t.call('order.create', { product_id: monthlyId }, { token: buyer.token })).result!.order;
    await t.call('order.close', { order_no: order.order_no }, { token: buyer.token });
    expect(await t.call('order.buyerPaid', { order_no: order.order_no }, { token: buyer.token })).toMatchObject({
      http: 400,
      msg: '订单已关闭，请重新下单',
    });
  });
});
