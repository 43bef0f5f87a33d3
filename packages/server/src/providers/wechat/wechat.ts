import { createHash, randomBytes } from 'node:crypto';
import type { Clock } from '../../lib/clock.js';
import { Unavailable } from '../../lib/errors.js';
import { decodeBody, FetchError, type Fetcher } from '../fetch/fetcher.js';

export type WxCat = 'wx' | 'qywx';

export interface WxAccount {
  appId: string;
  secret: string;
  apiBase: string;
}

/**
 * The JS-SDK signature (WeChat JS-SDK documentation, appendix 1): SHA-1 of
 * `jsapi_ticket=…&noncestr=…&timestamp=…&url=…`, the URL without its `#fragment`.
 * WeCom uses the same algorithm with its own ticket.
 */
export function jssdkSignature(input: { ticket: string; nonceStr: string; timestamp: number; url: string }): string {
  const url = input.url.split('#')[0]!;
  const plain = `jsapi_ticket=${input.ticket}&noncestr=${input.nonceStr}&timestamp=${input.timestamp}&url=${url}`;
  return createHash('sha1').update(plain).digest('hex');
}

interface Cached {
  value: string;
  /** Epoch ms after which it is fetched again (five minutes before WeChat's own expiry). */
  until: number;
}

const MARGIN_MS = 5 * 60_000;

/**
 * The WeChat and WeCom APIs the JS-SDK needs: an access token and a jsapi ticket, each
 * fetched from the configured API base and cached in the process until shortly before it
 * expires (WeChat limits how often either may be fetched). Concurrent callers share one fetch.
 */
export function wechatClient(accounts: Record<WxCat, WxAccount | null>, fetcher: Fetcher, clock: Clock) {
  const cache = new Map<string, Cached>();
  const inFlight = new Map<string, Promise<string>>();

  async function getJson(url: string): Promise<Record<string, unknown>> {
    let text: string;
    try {
      const res = await fetcher.get(url, { accept: 'application/json', limits: { maxBytes: 64 * 1024 } });
      text = decodeBody(res);
    } catch (error) {
      if (error instanceof FetchError) throw new Unavailable(`微信接口暂时无法访问：${error.message}`);
      throw error;
    }
    let body: Record<string, unknown>;
    try {
      body = JSON.parse(text) as Record<string, unknown>;
    } catch {
      throw new Unavailable('微信接口返回了无法识别的内容');
    }
    if (typeof body.errcode === 'number' && body.errcode !== 0) {
      throw new Unavailable(`微信接口返回错误 ${body.errcode}：${String(body.errmsg ?? '')}`);
    }
    return body;
  }

  async function cached(key: string, load: () => Promise<{ value: string; expiresInSec: number }>): Promise<string> {
    const hit = cache.get(key);
    if (hit && hit.until > clock.now().getTime()) return hit.value;
    const pending = inFlight.get(key);
    if (pending) return pending;
    const work = (async () => {
      try {
        const { value, expiresInSec } = await load();
        cache.set(key, { value, until: clock.now().getTime() + Math.max(60_000, expiresInSec * 1000 - MARGIN_MS) });
        return value;
      } finally {
        inFlight.delete(key);
      }
    })();
    inFlight.set(key, work);
    return work;
  }

  function account(cat: WxCat): WxAccount {
    const found = accounts[cat];
    if (!found) {
      throw new Unavailable(
        cat === 'wx'
          ? '未配置微信公众号（WX_APP_ID、WX_APP_SECRET），微信功能暂不可用'
          : '未配置企业微信（QYWX_CORP_ID、QYWX_CORP_SECRET），企业微信功能暂不可用',
      );
    }
    return found;
  }

  const base = (a: WxAccount) => a.apiBase.replace(/\/$/, '');
  const q = encodeURIComponent;

  function accessToken(cat: WxCat): Promise<string> {
    const a = account(cat);
    return cached(`${cat}:token`, async () => {
      const url =
        cat === 'wx'
          ? `${base(a)}/cgi-bin/token?grant_type=client_credential&appid=${q(a.appId)}&secret=${q(a.secret)}`
          : `${base(a)}/cgi-bin/gettoken?corpid=${q(a.appId)}&corpsecret=${q(a.secret)}`;
      const body = await getJson(url);
      if (typeof body.access_token !== 'string') throw new Unavailable('微信接口没有返回 access_token');
      return { value: body.access_token, expiresInSec: Number(body.expires_in) || 7200 };
    });
  }

  function jsapiTicket(cat: WxCat): Promise<string> {
    return cached(`${cat}:ticket`, async () => {
      const a = account(cat);
      const token = await accessToken(cat);
      const url =
        cat === 'wx'
          ? `${base(a)}/cgi-bin/ticket/getticket?access_token=${q(token)}&type=jsapi`
          : `${base(a)}/cgi-bin/get_jsapi_ticket?access_token=${q(token)}`;
      const body = await getJson(url);
      if (typeof body.ticket !== 'string') throw new Unavailable('微信接口没有返回 jsapi_ticket');
      return { value: body.ticket, expiresInSec: Number(body.expires_in) || 7200 };
    });
  }

  return {
    configured: (cat: WxCat) => accounts[cat] !== null,
    accessToken,
    jsapiTicket,
    /** What `wx.config` needs for the page at `url`. */
    async jssdkConfig(cat: WxCat, url: string) {
      const a = account(cat);
      const ticket = await jsapiTicket(cat);
      const nonceStr = randomBytes(12).toString('base64url');
      const timestamp = Math.floor(clock.now().getTime() / 1000);
      return { appId: a.appId, timestamp, nonceStr, signature: jssdkSignature({ ticket, nonceStr, timestamp, url }), cat };
    },
  };
}

export type WechatClient = ReturnType<typeof wechatClient>;
