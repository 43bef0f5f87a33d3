import { createSign, createVerify } from 'node:crypto';
import type { Clock } from '../../lib/clock.js';
import { NoticeRefused, pem, type PayProvider, type VerifiedNotice } from './pay.provider.js';

export interface AlipayConfig {
  appId: string;
  /** The app's private key (PEM), which signs requests. */
  privateKey: string;
  /** Alipay's public key (PEM), which signs notices. */
  alipayPublicKey: string;
  gateway: string;
}

/** The string Alipay signs: every parameter but `sign` and `sign_type`, non-empty, sorted by key, `k=v` joined by `&`. */
export function alipaySigningString(params: Record<string, string>): string {
  return Object.keys(params)
    .filter((k) => k !== 'sign' && k !== 'sign_type' && params[k] !== '' && params[k] !== undefined)
    .sort()
    .map((k) => `${k}=${params[k]}`)
    .join('&');
}

/** RSA2: SHA256 with RSA, base64. */
export function alipaySign(privateKey: string, params: Record<string, string>): string {
  return createSign('RSA-SHA256').update(alipaySigningString(params), 'utf8').sign(privateKey, 'base64');
}

export function alipayVerify(publicKey: string, params: Record<string, string>): boolean {
  if (!params.sign) return false;
  try {
    return createVerify('RSA-SHA256').update(alipaySigningString(params), 'utf8').verify(publicKey, params.sign, 'base64');
  } catch {
    return false;
  }
}

/** Yuan with two decimals, as Alipay writes amounts; fen back from it, exactly (no floating point). */
export const yuan = (fen: number) => `${Math.floor(fen / 100)}.${String(fen % 100).padStart(2, '0')}`;
export function fenOf(amount: string): number | null {
  const m = /^(\d{1,9})(?:\.(\d{1,2}))?$/.exec(amount);
  if (!m) return null;
  return Number(m[1]) * 100 + Number((m[2] ?? '0').padEnd(2, '0'));
}

/** Alipay's timestamp: China time, `yyyy-MM-dd HH:mm:ss`. */
function chinaTime(at: Date): string {
  return new Date(at.getTime() + 8 * 3_600_000).toISOString().slice(0, 19).replace('T', ' ');
}

/**
 * Alipay computer-website payment (`alipay.trade.page.pay`): the buyer's browser opens the
 * gateway with RSA2-signed parameters; Alipay posts a form notice signed with its key.
 */
export function alipayPay(config: AlipayConfig, clock: Clock): PayProvider {
  const privateKey = pem(config.privateKey);
  const publicKey = pem(config.alipayPublicKey);
  return {
    name: 'alipay',
    async create(order) {
      const params: Record<string, string> = {
        app_id: config.appId,
        method: 'alipay.trade.page.pay',
        format: 'JSON',
        charset: 'utf-8',
        sign_type: 'RSA2',
        timestamp: chinaTime(clock.now()),
        version: '1.0',
        notify_url: order.notifyUrl,
        return_url: order.returnUrl,
        biz_content: JSON.stringify({
          out_trade_no: order.orderNo,
          product_code: 'FAST_INSTANT_TRADE_PAY',
          total_amount: yuan(order.amountFen),
          subject: order.description,
        }),
      };
      params.sign = alipaySign(privateKey, params);
      return { kind: 'redirect', code_url: null, pay_url: `${config.gateway}?${new URLSearchParams(params).toString()}`, hint: '请在支付宝页面完成支付。' };
    },

    async verifyNotice(notice): Promise<VerifiedNotice> {
      const params = Object.fromEntries(new URLSearchParams(notice.body.toString('utf8')));
      if (!alipayVerify(publicKey, params)) throw new NoticeRefused('bad signature');
      if (params.app_id !== config.appId) throw new NoticeRefused('notice for another app');
      const amountFen = fenOf(params.total_amount ?? '');
      if (!params.out_trade_no || amountFen === null) throw new NoticeRefused('notice without order or amount');
      return {
        orderNo: params.out_trade_no,
        tradeNo: params.trade_no ?? '',
        amountFen,
        paid: params.trade_status === 'TRADE_SUCCESS' || params.trade_status === 'TRADE_FINISHED',
      };
    },

    // Alipay stops retrying on the exact text `success`.
    answer: (accepted) => ({ status: 200, contentType: 'text/plain', body: accepted ? 'success' : 'failure' }),
  };
}
