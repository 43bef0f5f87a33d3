import { createCipheriv, createSign, createVerify, generateKeyPairSync, randomBytes } from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';

/**
 * A local WeChat Pay API v3 gateway: checks the merchant's request signature
 * (`WECHATPAY2-SHA256-RSA2048`) with the merchant public key exactly as the real gateway does,
 * answers Native orders with a `code_url` signed by the platform key, and writes payment
 * notices as WeChat Pay sends them (signed headers, AES-256-GCM resource under the APIv3 key).
 * Keys are generated here, per fake.
 */
export interface FakeWechatPay {
  origin: string;
  port: number;
  /** Settings for the app under test (WECHAT_PAY_*). */
  env: Record<string, string>;
  /** Orders the gateway accepted, by out_trade_no. */
  orders: Map<string, { amount: number; notify_url: string }>;
  /** Requests refused for a bad merchant signature. */
  refused: number;
  /** A notice as the gateway posts it; `sign: false` forges the signature, `key` encrypts under another key. */
  notice(
    orderNo: string,
    amountFen: number,
    options?: { event?: string; state?: string; sign?: boolean; key?: string; mchid?: string; timestamp?: number },
  ): { headers: Record<string, string>; body: string };
  close(): Promise<void>;
}

const pemPair = () =>
  generateKeyPairSync('rsa', {
    modulusLength: 2048,
    publicKeyEncoding: { type: 'spki', format: 'pem' },
    privateKeyEncoding: { type: 'pkcs8', format: 'pem' },
  });

export async function startFakeWechatPay(now: () => Date): Promise<FakeWechatPay> {
  const merchant = pemPair();
  const platform = pemPair();
  const apiV3Key = randomBytes(16).toString('hex'); // 32 ASCII bytes
  const mchid = '1900000001';
  const orders = new Map<string, { amount: number; notify_url: string }>();
  let refused = 0;

  const signed = (body: string, timestamp = Math.floor(now().getTime() / 1000)) => {
    const nonce = randomBytes(16).toString('hex');
    const signature = createSign('RSA-SHA256').update(`${timestamp}\n${nonce}\n${body}\n`).sign(platform.privateKey, 'base64');
    return {
      'wechatpay-timestamp': String(timestamp),
      'wechatpay-nonce': nonce,
      'wechatpay-signature': signature,
      'wechatpay-serial': 'PLATFORM-SERIAL',
    };
  };

  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const body = Buffer.concat(chunks).toString('utf8');
      const answer = (status: number, payload: object) => {
        const text = JSON.stringify(payload);
        res.writeHead(status, { 'content-type': 'application/json', ...signed(text) });
        res.end(text);
      };
      const auth = String(req.headers.authorization ?? '');
      const fields = Object.fromEntries([...auth.matchAll(/(\w+)="([^"]*)"/g)].map((m) => [m[1], m[2]]));
      const message = `${req.method}\n${req.url}\n${fields.timestamp}\n${fields.nonce_str}\n${body}\n`;
      const valid =
        auth.startsWith('WECHATPAY2-SHA256-RSA2048 ') &&
        fields.mchid === mchid &&
        !!fields.signature &&
        createVerify('RSA-SHA256').update(message).verify(merchant.publicKey, fields.signature, 'base64');
      if (!valid) {
        refused += 1;
        return answer(401, { code: 'SIGN_ERROR', message: '签名错误' });
      }
      if (req.method === 'POST' && req.url === '/v3/pay/transactions/native') {
        const order = JSON.parse(body) as { out_trade_no: string; notify_url: string; amount: { total: number } };
        orders.set(order.out_trade_no, { amount: order.amount.total, notify_url: order.notify_url });
        return answer(200, { code_url: `weixin://wxpay/bizpayurl?pr=${order.out_trade_no}` });
      }
      answer(404, { code: 'NOT_FOUND', message: 'no such API' });
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const port = (server.address() as AddressInfo).port;

  return {
    origin: `http://127.0.0.1:${port}`,
    port,
    orders,
    get refused() {
      return refused;
    },
    env: {
      WECHAT_PAY_MCHID: mchid,
      WECHAT_PAY_APPID: 'wx-test-app',
      WECHAT_PAY_SERIAL: 'MERCHANT-SERIAL',
      WECHAT_PAY_PRIVATE_KEY: merchant.privateKey,
      WECHAT_PAY_PLATFORM_PUBLIC_KEY: platform.publicKey,
      WECHAT_PAY_API_V3_KEY: apiV3Key,
      WECHAT_PAY_BASE_URL: `http://127.0.0.1:${port}`,
    },
    notice(orderNo, amountFen, o = {}) {
      const trade = JSON.stringify({
        mchid: o.mchid ?? mchid,
        appid: 'wx-test-app',
        out_trade_no: orderNo,
        transaction_id: `4200${randomBytes(6).toString('hex')}`,
        trade_state: o.state ?? 'SUCCESS',
        amount: { total: amountFen, payer_total: amountFen, currency: 'CNY' },
      });
      const nonce = randomBytes(6).toString('hex');
      const cipher = createCipheriv('aes-256-gcm', Buffer.from(o.key ?? apiV3Key, 'utf8'), Buffer.from(nonce, 'utf8'));
      cipher.setAAD(Buffer.from('transaction', 'utf8'));
      const ciphertext = Buffer.concat([cipher.update(trade, 'utf8'), cipher.final(), cipher.getAuthTag()]).toString('base64');
      const body = JSON.stringify({
        id: randomBytes(8).toString('hex'),
        create_time: now().toISOString(),
        resource_type: 'encrypt-resource',
        event_type: o.event ?? 'TRANSACTION.SUCCESS',
        summary: '支付成功',
        resource: { algorithm: 'AEAD_AES_256_GCM', ciphertext, associated_data: 'transaction', original_type: 'transaction', nonce },
      });
      const headers = { 'content-type': 'application/json', ...signed(body, o.timestamp) };
      if (o.sign === false) headers['wechatpay-signature'] = createSign('RSA-SHA256').update('forged').sign(merchant.privateKey, 'base64');
      return { headers, body };
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
