import { createDecipheriv, createSign, createVerify, randomBytes } from 'node:crypto';
import type { Clock } from '../../lib/clock.js';
import { NoticeRefused, pem, type PayProvider, type RawNotice, type VerifiedNotice } from './pay.provider.js';

export interface WechatPayConfig {
  mchid: string;
  appid: string;
  /** Serial number of the merchant's API certificate. */
  serial: string;
  /** The merchant's API private key (PEM). */
  privateKey: string;
  /** WeChat Pay's platform public key (PEM), which signs answers and notices. */
  platformPublicKey: string;
  /** APIv3 key: 32 bytes, the AES-256-GCM key of notice resources. */
  apiV3Key: string;
  baseUrl: string;
}

/** The guarded fetcher's POST (providers/fetch). */
export type Post = (
  url: string,
  body: string,
  options: { headers: Record<string, string>; accept?: string },
) => Promise<{ status: number; headers: Record<string, string | string[] | undefined>; body: Buffer }>;

const MAX_SKEW_SEC = 300;
const header = (h: RawNotice['headers'], name: string) => {
  const v = h[name];
  return typeof v === 'string' ? v : Array.isArray(v) ? v[0] : undefined;
};

/** `message` as WeChat Pay API v3 signs: SHA256 with RSA (PKCS#1 v1.5), base64. */
export function wechatSign(privateKey: string, message: string): string {
  return createSign('RSA-SHA256').update(message).sign(privateKey, 'base64');
}

function verifyWechat(publicKey: string, headers: RawNotice['headers'], body: Buffer, now: Date): void {
  const timestamp = header(headers, 'wechatpay-timestamp');
  const nonce = header(headers, 'wechatpay-nonce');
  const signature = header(headers, 'wechatpay-signature');
  if (!timestamp || !nonce || !signature) throw new NoticeRefused('missing Wechatpay-* signature headers');
  if (!/^\d+$/.test(timestamp) || Math.abs(now.getTime() / 1000 - Number(timestamp)) > MAX_SKEW_SEC) {
    throw new NoticeRefused('timestamp outside the allowed window');
  }
  const message = `${timestamp}\n${nonce}\n${body.toString('utf8')}\n`;
  let ok = false;
  try {
    ok = createVerify('RSA-SHA256').update(message).verify(publicKey, signature, 'base64');
  } catch {
    ok = false;
  }
  if (!ok) throw new NoticeRefused('bad signature');
}

/** AES-256-GCM as WeChat Pay encrypts a notice's resource: base64(ciphertext ‖ 16-byte tag). */
export function decryptResource(key: string, resource: { ciphertext: string; nonce: string; associated_data?: string }): string {
  const data = Buffer.from(resource.ciphertext, 'base64');
  if (data.length < 17) throw new NoticeRefused('resource too short');
  const decipher = createDecipheriv('aes-256-gcm', Buffer.from(key, 'utf8'), Buffer.from(resource.nonce, 'utf8'));
  decipher.setAuthTag(data.subarray(data.length - 16));
  decipher.setAAD(Buffer.from(resource.associated_data ?? '', 'utf8'));
  try {
    return Buffer.concat([decipher.update(data.subarray(0, data.length - 16)), decipher.final()]).toString('utf8');
  } catch {
    throw new NoticeRefused('resource does not decrypt');
  }
}

/**
 * WeChat Pay API v3, Native payment (a QR code the buyer scans): the order is placed with a
 * signed request (`Authorization: WECHATPAY2-SHA256-RSA2048 …`), the answer's signature is
 * checked with the platform public key, and so is every notice, whose resource is decrypted
 * with the APIv3 key.
 */
export function wechatPay(config: WechatPayConfig, post: Post, clock: Clock): PayProvider {
  const privateKey = pem(config.privateKey);
  const platformKey = pem(config.platformPublicKey);
  if (Buffer.byteLength(config.apiV3Key) !== 32) throw new Error('WECHAT_PAY_API_V3_KEY must be 32 bytes');

  function authorization(method: string, path: string, body: string): string {
    const timestamp = Math.floor(clock.now().getTime() / 1000);
    const nonce = randomBytes(16).toString('hex');
    const signature = wechatSign(privateKey, `${method}\n${path}\n${timestamp}\n${nonce}\n${body}\n`);
    return `WECHATPAY2-SHA256-RSA2048 mchid="${config.mchid}",nonce_str="${nonce}",signature="${signature}",timestamp="${timestamp}",serial_no="${config.serial}"`;
  }

  return {
    name: 'wechat',
    async create(order) {
      const path = '/v3/pay/transactions/native';
      const body = JSON.stringify({
        appid: config.appid,
        mchid: config.mchid,
        description: order.description,
        out_trade_no: order.orderNo,
        notify_url: order.notifyUrl,
        amount: { total: order.amountFen, currency: 'CNY' },
      });
      const res = await post(config.baseUrl.replace(/\/$/, '') + path, body, {
        headers: { 'content-type': 'application/json', authorization: authorization('POST', path, body) },
        accept: 'application/json',
      });
      // An answer not signed by the platform is not WeChat Pay's.
      try {
        verifyWechat(platformKey, res.headers, res.body, clock.now());
      } catch {
        throw new Error('WeChat Pay answer failed its signature check');
      }
      if (res.status !== 200) throw new Error(`WeChat Pay refused the order: HTTP ${res.status} ${res.body.toString('utf8').slice(0, 200)}`);
      const codeUrl = (JSON.parse(res.body.toString('utf8')) as { code_url?: string }).code_url;
      if (!codeUrl) throw new Error('WeChat Pay answered without code_url');
      return { kind: 'qr', code_url: codeUrl, pay_url: null, hint: '请用微信扫描二维码完成支付。' };
    },

    async verifyNotice(notice): Promise<VerifiedNotice> {
      verifyWechat(platformKey, notice.headers, notice.body, clock.now());
      let parsed: { event_type?: string; resource?: { algorithm?: string; ciphertext: string; nonce: string; associated_data?: string } };
      try {
        parsed = JSON.parse(notice.body.toString('utf8'));
      } catch {
        throw new NoticeRefused('body is not JSON');
      }
      if (!parsed.resource || parsed.resource.algorithm !== 'AEAD_AES_256_GCM') throw new NoticeRefused('no AEAD_AES_256_GCM resource');
      let trade: { out_trade_no?: string; transaction_id?: string; trade_state?: string; mchid?: string; amount?: { total?: number } };
      try {
        trade = JSON.parse(decryptResource(config.apiV3Key, parsed.resource));
      } catch (error) {
        if (error instanceof NoticeRefused) throw error;
        throw new NoticeRefused('resource is not JSON');
      }
      if (trade.mchid !== config.mchid) throw new NoticeRefused('notice for another merchant');
      if (!trade.out_trade_no || typeof trade.amount?.total !== 'number') throw new NoticeRefused('notice without order or amount');
      return {
        orderNo: trade.out_trade_no,
        tradeNo: trade.transaction_id ?? '',
        amountFen: trade.amount.total,
        paid: parsed.event_type === 'TRANSACTION.SUCCESS' && trade.trade_state === 'SUCCESS',
      };
    },

    answer(accepted, reason) {
      return accepted
        ? { status: 200, contentType: 'application/json', body: JSON.stringify({ code: 'SUCCESS', message: '成功' }) }
        : { status: 400, contentType: 'application/json', body: JSON.stringify({ code: 'FAIL', message: reason ?? '失败' }) };
    },
  };
}
