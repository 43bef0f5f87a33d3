import { Headers, type Endpoint } from '@changdu/contract';
import type { FastifyInstance, FastifyRequest } from 'fastify';

/**
 * The CSP for the SPA: own scripts only (plus a configured analytics origin). Written out in
 * full so the same string is sent on every response, routed or written by hand (framework
 * errors, client errors).
 */
function cspDirectives(analyticsScriptUrl: string | null): Record<string, string[]> {
  const analytics = analyticsScriptUrl ? [new URL(analyticsScriptUrl).origin] : [];
  return {
    'default-src': ["'self'"],
    'base-uri': ["'self'"],
    'font-src': ["'self'", 'data:'],
    'form-action': ["'self'"],
    'frame-ancestors': ["'self'"],
    'img-src': ["'self'", 'data:', 'blob:', 'https:'],
    'object-src': ["'none'"],
    'script-src': ["'self'", ...analytics],
    'script-src-attr': ["'none'"],
    'style-src': ["'self'", "'unsafe-inline'"],
    'media-src': ["'self'", 'blob:', 'https:'],
    'connect-src': ["'self'", ...analytics],
    // Served over plain http on a LAN or in development, so no upgrade-insecure-requests.
  };
}

/**
 * Strict-Transport-Security only when the site's public address is https: on plain http (a LAN,
 * development) it would tell a browser to insist on an https that is not there.
 */
const hsts = (https: boolean): Record<string, string> => (https ? { 'strict-transport-security': 'max-age=31536000; includeSubDomains' } : {});

/**
 * The security headers of pages, files and static assets: helmet's defaults, written out once,
 * but for Cross-Origin-Opener-Policy. A page with it entered from any page without it (a search,
 * a shared link, a fresh tab) is moved to a new browsing context group, which costs a new
 * renderer process where the browser would otherwise reuse one (Android's Chrome, headless
 * Chromium: ~40 ms of a quiet machine's first paint, more on a phone), and what it guards against
 * is covered here otherwise: links out open without an opener, framing is refused, cookies are
 * SameSite (docs/decisions.md "No opener policy").
 */
function pageSecurityHeaders(analyticsScriptUrl: string | null, https: boolean): Readonly<Record<string, string>> {
  const csp = Object.entries(cspDirectives(analyticsScriptUrl))
    .map(([name, values]) => `${name} ${values.join(' ')}`)
    .join(';');
  return Object.freeze({
    'content-security-policy': csp,
    'cross-origin-resource-policy': 'same-site',
    'origin-agent-cluster': '?1',
    'referrer-policy': 'no-referrer',
    ...hsts(https),
    'x-content-type-options': 'nosniff',
    'x-dns-prefetch-control': 'off',
    'x-download-options': 'noopen',
    'x-frame-options': 'SAMEORIGIN',
    'x-permitted-cross-domain-policies': 'none',
    'x-xss-protection': '0',
  });
}

/**
 * The headers of a JSON (or SSE) answer of the API, which a browser never renders as a page:
 * OWASP's set for REST answers. Nothing may be loaded or framed by it, it is not sniffed as
 * another type, and other sites cannot embed it. The document-only headers of the full set
 * (opener policy, agent cluster, referrer, DNS prefetch, download and cross-domain policies, the
 * old XSS filter) govern pages and would add ~500 bytes to every call on a phone's connection.
 */
const apiSecurityHeaders = (https: boolean): Readonly<Record<string, string>> =>
  Object.freeze({
    'content-security-policy': "default-src 'none';frame-ancestors 'none'",
    'cross-origin-resource-policy': 'same-site',
    ...hsts(https),
    'x-content-type-options': 'nosniff',
    'x-frame-options': 'DENY',
  });

declare module 'fastify' {
  interface FastifyContextConfig {
    /** The route answers JSON or SSE of the API (not a page, a file or an image): it gets the API's set. */
    jsonApi?: boolean;
  }
}

/** The two sets of security headers: the API's JSON answers, and everything else (pages, files, errors). */
export interface SecurityHeaderSets {
  readonly api: Readonly<Record<string, string>>;
  readonly page: Readonly<Record<string, string>>;
}

/** `https`: whether the public address (PUBLIC_URL) is https. */
export function securityHeaderSets(analyticsScriptUrl: string | null, https: boolean): SecurityHeaderSets {
  return { api: apiSecurityHeaders(https), page: pageSecurityHeaders(analyticsScriptUrl, https) };
}

/** The set a routed request's answer carries: the API's on `jsonApi` routes, the page set on any other. */
export function securityHeadersOf(req: FastifyRequest, sets: SecurityHeaderSets): Readonly<Record<string, string>> {
  return req.routeOptions.config.jsonApi ? sets.api : sets.page;
}

/**
 * The page set and the request id on every response of the site's context (pages, static files,
 * the not-found handler, payment notices, uploads), from one synchronous hook. The API's routes
 * live outside that context and write their set themselves (http/register-endpoints.ts): a hook
 * runner on every call cost the word lookup ~2 µs of its ~30 (docs/performance.md).
 */
export function siteSecurityHeaders(site: FastifyInstance, sets: SecurityHeaderSets): void {
  site.addHook('onRequest', (req, reply, done) => {
    reply.headers(sets.page);
    reply.header('x-request-id', req.id);
    done();
  });
}

/** No JSON body the API takes nests deeper than this; free-form fields are capped lower (fields.ts). */
export const MAX_BODY_DEPTH = 32;

/**
 * The nesting depth of a JSON text, counted on the text in one pass before it is parsed, so a
 * deep body (`[[[[…` 8 KB long) is refused before any recursive code (the parser's
 * prototype-poisoning scan, String(), a logger, a validator) can walk it.
 */
export function jsonDepthExceeds(text: string, max: number): boolean {
  let depth = 0;
  let inString = false;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (inString) {
      if (c === 0x5c)
        i++; // backslash: the next character is escaped
      else if (c === 0x22) inString = false;
    } else if (c === 0x22) inString = true;
    else if (c === 0x5b || c === 0x7b) {
      if (++depth > max) return true;
    } else if (c === 0x5d || c === 0x7d) depth--;
  }
  return false;
}

/** Fastify's own JSON parser (with its prototype-poisoning guard) behind the depth check. */
export function guardJsonBodies(app: FastifyInstance): void {
  const parse = app.getDefaultJsonParser('error', 'error');
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (req, body, done) => {
    const text = typeof body === 'string' ? body : body.toString('utf8');
    if (jsonDepthExceeds(text, MAX_BODY_DEPTH)) {
      done(Object.assign(new Error('JSON body nested too deep'), { statusCode: 400, code: 'CD_JSON_TOO_DEEP' }), undefined);
      return;
    }
    // Fastify's default parser answers through `done`; it returns nothing to wait for.
    void parse(req, text, done);
  });
}

/**
 * Cache headers of an endpoint's successful answer: `no-store` unless the endpoint lets a
 * shared cache keep it and the caller is anonymous and sent no credential (`shareable`).
 * `Vary` is sent on both answers of a cacheable endpoint, so a cache never serves the
 * anonymous answer to a logged-in caller.
 */
export function cacheHeaders(ep: Endpoint, shareable: boolean): Record<string, string> {
  if (!ep.cache) return { 'cache-control': 'no-store' };
  // The session cookie counts only with the app's request header, so that header changes the answer too.
  const vary = ['Authorization', 'Cookie', Headers.requestedWith, ...(ep.cache.vary ?? [])].join(', ');
  return { 'cache-control': shareable ? `public, max-age=${ep.cache.maxAge}` : 'no-store', vary };
}

export interface LinkOriginOptions {
  /** PUBLIC_URL: when set, every absolute link starts with it. */
  publicUrl: string | null;
  /** Hosts (optionally `host:port`) whose Host header may be used for links; an entry without a port allows any. */
  allowedHosts: readonly string[];
}

interface HostEntry {
  hostname: string;
  port: string | null;
}

function parseHost(value: string): HostEntry | null {
  try {
    const u = new URL(`http://${value}`);
    // Only a bare host[:port]: userinfo or a path is a forged header, not a host.
    if (u.username || u.password || u.pathname !== '/' || u.search || u.hash) return null;
    return { hostname: u.hostname, port: u.port || null };
  } catch {
    return null;
  }
}

/**
 * The base URL for absolute links the server writes into documents (feeds, exports): PUBLIC_URL
 * when set; else the request's Host when it is allowed; else the first allowed host on the
 * port the request came in on. An unchecked Host header is never reflected.
 */
export function linkOrigin({ publicUrl, allowedHosts }: LinkOriginOptions): (req: FastifyRequest) => string {
  if (publicUrl) {
    const base = publicUrl.replace(/\/+$/, '');
    return () => base;
  }
  const allowed = allowedHosts.map(parseHost).filter((h): h is HostEntry => h !== null);
  const first = allowed[0] ?? { hostname: 'localhost', port: null };
  return (req) => {
    const scheme = req.protocol === 'https' ? 'https' : 'http';
    const asked = parseHost(req.host);
    if (asked && allowed.some((a) => a.hostname === asked.hostname && (a.port === null || a.port === asked.port))) {
      return `${scheme}://${asked.hostname}${asked.port ? `:${asked.port}` : ''}`;
    }
    const port = first.port ?? (req.socket?.localPort ? String(req.socket.localPort) : null);
    return `${scheme}://${first.hostname}${port ? `:${port}` : ''}`;
  };
}
