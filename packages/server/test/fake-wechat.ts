import http from 'node:http';
import type { AddressInfo } from 'node:net';

export interface FakeWechat {
  origin: string;
  port: number;
  /** Paths (without query) of every request, in order. */
  hits: string[];
  /** The ticket the next ticket call hands out. */
  ticket: string;
  close(): Promise<void>;
}

/**
 * A local stand-in for api.weixin.qq.com and qyapi.weixin.qq.com speaking their protocol:
 * `/cgi-bin/token` and `/cgi-bin/gettoken` (access token, 7200 s), `/cgi-bin/ticket/getticket`
 * and `/cgi-bin/get_jsapi_ticket` (jsapi ticket, 7200 s); a wrong secret or token gets WeChat's
 * error body (`errcode` 40001 / 40125).
 */
export async function startFakeWechat(expect: { appId: string; secret: string }): Promise<FakeWechat> {
  let tokens = 0;
  const live = new Set<string>();
  const state = { ticket: 'sM4AOVdWfPE4DxkXGEs8VMCPGGVi4C3VM0P37wVUCFvkVAy_90u5h9nbSlYy3-Sl-HhTdfl2fzFy1AOcHKP7qg' };
  const hits: string[] = [];
  const server = http.createServer((req, res) => {
    const url = new URL(req.url ?? '/', 'http://x');
    hits.push(url.pathname);
    const json = (body: unknown) => res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify(body));
    const q = (k: string) => url.searchParams.get(k);
    switch (url.pathname) {
      case '/cgi-bin/token':
      case '/cgi-bin/gettoken': {
        const id = q('appid') ?? q('corpid');
        const secret = q('secret') ?? q('corpsecret');
        if (id !== expect.appId || secret !== expect.secret) return json({ errcode: 40125, errmsg: 'invalid appsecret' });
        const token = `ACCESS_TOKEN_${++tokens}`;
        live.add(token);
        return json({ access_token: token, expires_in: 7200, ...(url.pathname.endsWith('gettoken') ? { errcode: 0, errmsg: 'ok' } : {}) });
      }
      case '/cgi-bin/ticket/getticket':
      case '/cgi-bin/get_jsapi_ticket':
        if (!live.has(q('access_token') ?? '')) return json({ errcode: 40001, errmsg: 'invalid credential' });
        return json({ errcode: 0, errmsg: 'ok', ticket: state.ticket, expires_in: 7200 });
      default:
        res.writeHead(404).end();
    }
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const port = (server.address() as AddressInfo).port;
  return {
    origin: `http://127.0.0.1:${port}`,
    port,
    hits,
    get ticket() {
      return state.ticket;
    },
    set ticket(v: string) {
      state.ticket = v;
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
