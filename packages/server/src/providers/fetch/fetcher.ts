import dns from 'node:dns';
import http from 'node:http';
import https from 'node:https';
import net from 'node:net';
import zlib from 'node:zlib';
import type { LookupFunction } from 'node:net';
import { allowsPrivate, isPrivateAddress, type PrivateAllowance } from './address-policy.js';

export interface FetchLimits {
  maxBytes: number;
  timeoutMs: number;
  maxRedirects: number;
}

export interface FetchedResource {
  url: string;
  status: number;
  contentType: string;
  /** The charset named by the header, if any. */
  charset: string | null;
  body: Buffer;
}

/** A fetch that failed for a reason worth telling the manager, in Chinese. */
export class FetchError extends Error {
  constructor(
    message: string,
    readonly permanent: boolean,
  ) {
    super(message);
  }
}

const DEFAULT_LIMITS: FetchLimits = { maxBytes: 5 * 1024 * 1024, timeoutMs: 15_000, maxRedirects: 4 };
const USER_AGENT = 'ChangduBot/0.1 (+reading app for English learners)';

/**
 * The one way the server reaches the internet. Every hop — the first request and each
 * redirect — is resolved and checked against the private-address policy at connect time
 * (so DNS rebinding cannot slip an internal address past a check made earlier); bodies are
 * size-capped, decompressed and time-limited.
 */
export function createFetcher(
  allowance: PrivateAllowance,
  setup: { limits?: Partial<FetchLimits>; local?: (url: URL) => Promise<FetchedResource | null> } = {},
) {
  const base = { ...DEFAULT_LIMITS, ...setup.limits };

  function guardedLookup(port: number): LookupFunction {
    return (hostname, options, callback) => {
      dns.lookup(hostname, { ...options, all: true }, (error, addresses) => {
        if (error) return callback(error, '', 4);
        const list = Array.isArray(addresses) ? addresses : [];
        const refused = list.find((a) => isPrivateAddress(a.address) && !allowsPrivate(allowance, a.address, port));
        if (refused || list.length === 0) {
          return callback(Object.assign(new Error('private address'), { code: 'EPRIVATE' }), '', 4);
        }
        if (options.all) return (callback as unknown as (e: null, a: dns.LookupAddress[]) => void)(null, list);
        callback(null, list[0]!.address, list[0]!.family);
      });
    };
  }

  function checkLiteral(url: URL, port: number) {
    const host = url.hostname.replace(/^\[|\]$/g, '');
    if (net.isIP(host) && isPrivateAddress(host) && !allowsPrivate(allowance, host, port)) {
      throw new FetchError('不能抓取内网或本机地址', true);
    }
  }

  function once(
    url: URL,
    limits: FetchLimits,
    accept: string,
    send?: { method: 'POST'; body: Buffer; headers: Record<string, string> },
  ): Promise<{ status: number; headers: http.IncomingHttpHeaders; body: Buffer }> {
    const port = Number(url.port || (url.protocol === 'https:' ? 443 : 80));
    checkLiteral(url, port);
    const client = url.protocol === 'https:' ? https : http;
    return new Promise((resolve, reject) => {
      const req = client.request(
        url,
        {
          method: send?.method ?? 'GET',
          lookup: guardedLookup(port),
          headers: {
            'user-agent': USER_AGENT,
            accept,
            'accept-encoding': 'gzip, deflate, br',
            ...(send ? { ...send.headers, 'content-length': String(send.body.length) } : {}),
          },
          timeout: limits.timeoutMs,
        },
        (res) => {
          const encoding = String(res.headers['content-encoding'] ?? '').toLowerCase();
          const stream =
            encoding === 'gzip'
              ? res.pipe(zlib.createGunzip())
              : encoding === 'deflate'
                ? res.pipe(zlib.createInflate())
                : encoding === 'br'
                  ? res.pipe(zlib.createBrotliDecompress())
                  : res;
          const declared = Number(res.headers['content-length'] ?? 0);
          if (declared > limits.maxBytes) {
            res.destroy();
            return reject(new FetchError(`内容太大（超过 ${Math.round(limits.maxBytes / 1024 / 1024)} MB）`, true));
          }
          const chunks: Buffer[] = [];
          let size = 0;
          stream.on('data', (chunk: Buffer) => {
            size += chunk.length;
            if (size > limits.maxBytes) {
              res.destroy();
              reject(new FetchError(`内容太大（超过 ${Math.round(limits.maxBytes / 1024 / 1024)} MB）`, true));
            } else chunks.push(chunk);
          });
          stream.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(chunks) }));
          stream.on('error', () => reject(new FetchError('内容解压失败', true)));
        },
      );
      const deadline = setTimeout(() => req.destroy(new FetchError('连接超时', false)), limits.timeoutMs);
      req.on('close', () => clearTimeout(deadline));
      req.on('timeout', () => req.destroy(new FetchError('连接超时', false)));
      req.on('error', (error: NodeJS.ErrnoException) => {
        if (error instanceof FetchError) return reject(error);
        if (error.code === 'EPRIVATE') return reject(new FetchError('不能抓取内网或本机地址', true));
        if (error.code === 'ENOTFOUND') return reject(new FetchError('域名无法解析', true));
        reject(new FetchError('无法连接到该网站', false));
      });
      req.end(send?.body);
    });
  }

  return {
    /**
     * One POST (an API call to a payment gateway): no redirects followed; the answer whatever
     * its status, with its headers (a gateway signs its answers in them).
     */
    async post(
      rawUrl: string,
      body: string,
      options: { headers?: Record<string, string>; accept?: string; limits?: Partial<FetchLimits> } = {},
    ): Promise<{ status: number; headers: http.IncomingHttpHeaders; body: Buffer }> {
      const limits = { ...base, ...options.limits };
      let url: URL;
      try {
        url = new URL(rawUrl);
      } catch {
        throw new FetchError('网址格式不正确', true);
      }
      if (url.protocol !== 'http:' && url.protocol !== 'https:') throw new FetchError('只支持 http 和 https 网址', true);
      return once(url, limits, options.accept ?? '*/*', { method: 'POST', body: Buffer.from(body), headers: options.headers ?? {} });
    },

    async get(rawUrl: string, options: { accept?: string; limits?: Partial<FetchLimits> } = {}): Promise<FetchedResource> {
      const limits = { ...base, ...options.limits };
      let url: URL;
      try {
        url = new URL(rawUrl);
      } catch {
        throw new FetchError('网址格式不正确', true);
      }
      for (let hop = 0; ; hop++) {
        if (url.protocol !== 'http:' && url.protocol !== 'https:') throw new FetchError('只支持 http 和 https 网址', true);
        // The app's own documents (its demo feed) are answered in-process, never over the network.
        const local = await setup.local?.(url);
        if (local) return local;
        const res = await once(url, limits, options.accept ?? '*/*');
        if (res.status >= 300 && res.status < 400 && res.headers.location) {
          if (hop >= limits.maxRedirects) throw new FetchError('跳转次数太多', true);
          url = new URL(res.headers.location, url);
          continue;
        }
        if (res.status === 404 || res.status === 410) throw new FetchError(`网页不存在（HTTP ${res.status}）`, true);
        if (res.status >= 400) throw new FetchError(`网站返回错误（HTTP ${res.status}）`, res.status < 500);
        const contentType = String(res.headers['content-type'] ?? '').toLowerCase();
        const charset = contentType.match(/charset=["']?([\w-]+)/)?.[1] ?? null;
        return { url: url.toString(), status: res.status, contentType: contentType.split(';')[0]!.trim(), charset, body: res.body };
      }
    },
  };
}

export type Fetcher = ReturnType<typeof createFetcher>;

/**
 * Decodes a fetched body: the header's charset, else the document's own declaration
 * (`<meta charset>`, `http-equiv`, or an XML declaration), else UTF-8.
 */
export function decodeBody(resource: Pick<FetchedResource, 'body' | 'charset'>): string {
  const head = resource.body.subarray(0, 2048).toString('latin1');
  const declared =
    resource.charset ??
    head.match(/<meta[^>]+charset=["']?([\w-]+)/i)?.[1] ??
    head.match(/<\?xml[^>]+encoding=["']([\w-]+)["']/i)?.[1] ??
    'utf-8';
  try {
    return new TextDecoder(declared.toLowerCase()).decode(resource.body);
  } catch {
    return new TextDecoder('utf-8').decode(resource.body);
  }
}
