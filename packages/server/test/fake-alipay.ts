import { createSign, createVerify, generateKeyPairSync, randomBytes } from 'node:crypto';

/**
 * Alipay as the app meets it: the page-pay URL the buyer opens (its RSA2 signature checked
 * with the app's public key, exactly as the gateway does) and the form notice Alipay posts
 * (signed with Alipay's key). Keys are generated here, per fake.
 */
export interface FakeAlipay {
  env: Record<string, string>;
  /** Checks a page-pay URL as the gateway would; its parameters and business content. */
  openPayUrl(url: string): { valid: boolean; params: Record<string, string>; biz: { out_trade_no: string; total_amount: string } };
  notice(orderNo: string, totalAmount: string, options?: { status?: string; sign?: boolean; appId?: string }): { headers: Record<string, string>; body: string };
}

const pemPair = () =>
  generateKeyPairSync('rsa', {
    modulusLength: 2048,
    publicKeyEncoding: { type: 'spki', format: 'pem' },
    privateKeyEncoding: { type: 'pkcs8', format: 'pem' },
  });

/** The string Alipay signs, written out here independently of the app's own. */
const content = (p: Record<string, string>) =>
  Object.keys(p)
    .filter((k) => k !== 'sign' && k !== 'sign_type' && p[k] !== '')
    .sort()
    .map((k) => `${k}=${p[k]}`)
    .join('&');

export function fakeAlipay(): FakeAlipay {
  const app = pemPair();
  const alipay = pemPair();
  const appId = '2021000000000001';
  return {
    env: {
      ALIPAY_APP_ID: appId,
      ALIPAY_PRIVATE_KEY: app.privateKey.replace(/\n/g, '\\n'), // as a one-line environment variable
      ALIPAY_PUBLIC_KEY: alipay.publicKey,
      ALIPAY_GATEWAY: 'https://openapi.alipay.test/gateway.do',
    },
    openPayUrl(url) {
      const params = Object.fromEntries(new URL(url).searchParams);
      const valid =
        params.app_id === appId &&
        params.sign_type === 'RSA2' &&
        createVerify('RSA-SHA256').update(content(params), 'utf8').verify(app.publicKey, params.sign ?? '', 'base64');
      return { valid, params, biz: JSON.parse(params.biz_content ?? '{}') };
    },
    notice(orderNo, totalAmount, o = {}) {
      const params: Record<string, string> = {
        notify_time: '2026-11-21 16:00:00',
        notify_type: 'trade_status_sync',
        notify_id: randomBytes(8).toString('hex'),
        app_id: o.appId ?? appId,
        charset: 'utf-8',
        version: '1.0',
        sign_type: 'RSA2',
        trade_no: `2026${randomBytes(6).toString('hex')}`,
        out_trade_no: orderNo,
        trade_status: o.status ?? 'TRADE_SUCCESS',
        total_amount: totalAmount,
        subject: '畅读 月度会员',
      };
      params.sign = createSign('RSA-SHA256').update(content(params), 'utf8').sign(o.sign === false ? app.privateKey : alipay.privateKey, 'base64');
      return { headers: { 'content-type': 'application/x-www-form-urlencoded; charset=utf-8' }, body: new URLSearchParams(params).toString() };
    },
  };
}
