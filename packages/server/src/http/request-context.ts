import { Cookies, Headers, parseClientInfo, type ClientInfo, type Role } from '@changdu/contract';
import type { CookieSerializeOptions } from '@fastify/cookie';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Actor, HandlerContext } from './context.js';
import type { Clock } from '../lib/clock.js';
import { isDeviceId } from '../lib/device-id.js';

const CUID = /^[A-Za-z0-9_-]{1,64}$/;

/**
 * The request's cookies, parsed at the first read: the cookie plugin runs without its
 * per-request hook (app.ts), so a request that never asks (or sends no Cookie header) costs nothing.
 */
export function cookiesOf(req: FastifyRequest): Record<string, string | undefined> {
  // The plugin's own setCookie may have filled it already (it parses before it sets).
  if (req.cookies) return req.cookies;
  const header = req.headers.cookie;
  req.cookies = header ? req.server.parseCookie(header) : {};
  return req.cookies;
}

/**
 * The session cookie's attributes; clearing must repeat them for the browser to match it. Secure
 * whenever the public address is https (`https`: PUBLIC_URL), whatever the hop to this server
 * was (a proxy without X-Forwarded-Proto), and when the request itself came over https.
 */
export function sessionCookieOptions(req: FastifyRequest, https: boolean): CookieSerializeOptions {
  // `req.protocol` believes X-Forwarded-Proto only under TRUST_PROXY, so a client cannot fake https.
  return { path: '/', httpOnly: true, sameSite: 'lax', secure: https || req.protocol === 'https' };
}

/** Aborted when the response closes before it finished: the client went away. */
function clientGone(reply: FastifyReply): AbortSignal {
  const abort = new AbortController();
  reply.raw.once('close', () => {
    if (!reply.raw.writableFinished) abort.abort();
  });
  return abort.signal;
}

function header(req: FastifyRequest, name: string): string | null {
  const v = req.headers[name];
  return typeof v === 'string' && v.length > 0 ? v : null;
}

export interface RequestContextDeps {
  /** The base URL for absolute links (`security.ts` linkOrigin): never an unchecked Host header. */
  linkOrigin: (req: FastifyRequest) => string;
  /** Where cookie lifetimes are measured from. */
  clock: Clock;
  /** Whether the public address is https: cookies are Secure. */
  https: boolean;
}

/**
 * What a handler learns of its request, one object per request. A class, so every request's
 * context has the same shape and its methods live on the prototype: per request this is one
 * allocation, where an object literal with per-request closures and a getter defined on it gave
 * each request its own hidden class, which V8 kept in the old generation (under load: ~5 KB
 * promoted per request and a full collection every few thousand requests).
 * The link origin (Host checked, a URL parsed) and the client-gone signal (a listener on the
 * socket) are worked out only when a handler reads them; the hot reads never do.
 */
export class RequestContext implements HandlerContext<Role> {
  readonly requestId: string;
  readonly ip: string;
  readonly userAgent: string | null;
  readonly cuid: string | null;
  readonly device: string | null;
  readonly appId: string | null;
  readonly clientInfo: ClientInfo | null;
  readonly signature: string | null;
  readonly #req: FastifyRequest;
  readonly #reply: FastifyReply;
  readonly #deps: RequestContextDeps;
  #origin: string | undefined;
  #signal: AbortSignal | undefined;

  constructor(
    req: FastifyRequest,
    reply: FastifyReply,
    readonly actor: Actor,
    deps: RequestContextDeps,
  ) {
    this.#req = req;
    this.#reply = reply;
    this.#deps = deps;
    this.requestId = String(req.id);
    this.ip = req.ip;
    this.userAgent = header(req, 'user-agent');
    // Cookies are read only when the header is missing and the request sent any.
    const cookie = (name: string) => (req.headers.cookie ? (cookiesOf(req)[name] ?? null) : null);
    const cuid = header(req, Headers.clientId) ?? cookie(Cookies.clientId);
    this.cuid = cuid && CUID.test(cuid) ? cuid : null;
    const device = cookie(Cookies.device);
    this.device = device && isDeviceId(device) ? device : null;
    this.appId = header(req, Headers.appId) ?? cookie(Cookies.appId);
    this.clientInfo = parseClientInfo(header(req, Headers.clientInfo) ?? cookie(Cookies.clientInfo));
    this.signature = header(req, Headers.signature);
  }

  get origin(): string {
    this.#origin ??= this.#deps.linkOrigin(this.#req);
    return this.#origin;
  }

  get signal(): AbortSignal {
    this.#signal ??= clientGone(this.#reply);
    return this.#signal;
  }

  setHeader(name: string, value: string): void {
    void this.#reply.header(name, value);
  }

  setCookie(name: string, value: string, { expires }: { expires: Date }): void {
    const maxAge = Math.max(0, Math.floor((expires.getTime() - this.#deps.clock.now().getTime()) / 1000));
    void this.#reply.setCookie(name, value, { ...sessionCookieOptions(this.#req, this.#deps.https), maxAge });
  }

  clearCookie(name: string): void {
    void this.#reply.clearCookie(name, sessionCookieOptions(this.#req, this.#deps.https));
  }

  /** This context as the handler of an endpoint of `role` sees it (authorize has checked the actor's role). */
  as<R extends Role>(): HandlerContext<R> {
    return this as unknown as HandlerContext<R>;
  }
}
