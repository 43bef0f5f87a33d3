import type { Socket } from 'node:net';
import { defaultMessages, fail, type Code } from '@changdu/contract';
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest, FastifyServerOptions } from 'fastify';
import { DomainError, TooMany, type DomainErrorKind } from '../lib/errors.js';
import { securityHeadersOf, type SecurityHeaderSets } from './security.js';

const API_PREFIXES = ['/api/', '/auth/', '/reader/'];

export function isApiPath(url: string): boolean {
  const path = url.split('?')[0] ?? '';
  return API_PREFIXES.some((p) => path.startsWith(p) || path === p.slice(0, -1));
}

// Fastify's own 4xx (bad JSON, wrong content type, body too large) in learner terms.
const FRAMEWORK_MESSAGES: Record<string, string> = {
  FST_ERR_CTP_INVALID_JSON_BODY: '请求内容不是有效的 JSON',
  FST_ERR_CTP_EMPTY_JSON_BODY: '请求内容不能为空',
  FST_ERR_CTP_BODY_TOO_LARGE: '请求内容太大',
  FST_ERR_CTP_INVALID_MEDIA_TYPE: '不支持的请求格式，请使用 JSON',
  FST_ERR_CTP_INVALID_CONTENT_LENGTH: '请求内容长度不正确',
  CD_JSON_TOO_DEEP: '请求内容嵌套太深',
  // Raised by the router before any route or hook runs (see frameworkErrors below).
  FST_ERR_BAD_URL: '链接格式不正确',
  FST_ERR_MAX_PARAM_LENGTH: '链接中的参数太长',
};

/** A path parameter longer than this never reaches a route; shorter ones get the field's own message. */
export const MAX_PARAM_LENGTH = 500;

/** The one mapping from a domain error's kind to the envelope code (and so the HTTP status). */
export const CODE_OF: Record<DomainErrorKind, Exclude<Code, '200' | '500'>> = {
  invalid: '400',
  unauthenticated: '401',
  forbidden: '403',
  not_found: '404',
  conflict: '409',
  too_many: '429',
  unavailable: '503',
};

function send(reply: FastifyReply, code: Exclude<Code, '200'>, msg: string) {
  // An error is about this request only: no cache may keep it (a public answer's header is replaced).
  return reply.status(Number(code)).header('cache-control', 'no-store').type('application/json; charset=utf-8').send(fail(code, msg));
}

/** One place where every failure becomes the envelope; a 500 names the request id, never a stack. */
export interface ErrorHandlingOptions {
  /** Tells outages of a backing service (the database) apart from bugs: those answer 503. */
  isUnavailable: (error: unknown) => boolean;
  /** The security headers: an error can be raised before a route has written its own (a body refused). */
  headers: SecurityHeaderSets;
}

export function installErrorHandling(app: FastifyInstance, { isUnavailable, headers }: ErrorHandlingOptions) {
  app.setErrorHandler((error: FastifyError, req, reply) => {
    reply.headers(securityHeadersOf(req, headers));
    reply.header('x-request-id', req.id);
    if (isUnavailable(error)) {
      req.log.warn({ err: error }, 'backing service unavailable');
      return send(reply, '503', '服务暂时不可用，请稍后再试');
    }
    if (error instanceof DomainError) {
      const code = CODE_OF[error.kind];
      // Every 429 says when to try again (RFC 9110 Retry-After, in seconds). Typed as the domain
      // error alone, since narrowing a FastifyError by a subclass that adds nothing required fails.
      const domain: DomainError = error;
      if (domain instanceof TooMany && domain.retryAfterSec !== undefined) void reply.header('retry-after', String(domain.retryAfterSec));
      return send(reply, code, error.message || defaultMessages[code]);
    }
    const status = error.statusCode ?? 500;
    if (status >= 400 && status < 500) {
      const msg = (error.code && FRAMEWORK_MESSAGES[error.code]) ?? '请求格式不正确';
      if (status === 404) return send(reply, '404', '内容不存在');
      return send(reply, '400', msg);
    }
    req.log.error({ err: error }, 'unhandled error');
    return send(reply, '500', `服务器开小差了，请稍后再试（请求编号 ${req.id}）`);
  });
}

/**
 * Unknown paths: an envelope for API paths and other methods, a page (`notFound`: the web app's
 * index.html, or a 404) for the rest. Installed in the site's context, whose hook gives it the
 * page headers.
 */
export function installNotFound(site: FastifyInstance, notFound: (req: FastifyRequest, reply: FastifyReply) => unknown) {
  site.setNotFoundHandler((req, reply) => {
    if (isApiPath(req.url) || (req.method !== 'GET' && req.method !== 'HEAD')) return send(reply, '404', '接口不存在');
    return notFound(req, reply);
  });
}

export function sendNotFound(reply: FastifyReply) {
  return send(reply, '404', '内容不存在');
}

/**
 * Errors the router raises before any route, hook or error handler runs (bad percent-encoding,
 * an over-long path parameter): Fastify's option `frameworkErrors`. No hook adds the security
 * headers or the request id there, so they are written here.
 */
export function frameworkErrors(headers: Readonly<Record<string, string>>): NonNullable<FastifyServerOptions['frameworkErrors']> {
  return (error, req, reply) => {
    reply.headers({ ...headers, 'x-request-id': String(req.id) });
    const msg = FRAMEWORK_MESSAGES[error.code];
    if (msg) {
      void send(reply, '400', msg);
      return;
    }
    req.log.error({ err: error }, 'framework error');
    void send(reply, '500', `服务器开小差了，请稍后再试（请求编号 ${req.id}）`);
  };
}

/** What Node's HTTP parser refuses before Fastify sees a request, in learner terms. */
const CLIENT_ERROR_MESSAGES: Record<string, string> = {
  HPE_HEADER_OVERFLOW: '请求头或链接太长',
  ERR_HTTP_REQUEST_TIMEOUT: '请求超时，请重试',
};

/**
 * Node's `clientError` (a URL or headers over the 16 KB limit, a malformed request line, a
 * timeout): there is no request object, only the socket, so a minimal envelope is written
 * by hand, with the security headers, and the connection closed.
 */
export function clientErrorHandler(headers: Readonly<Record<string, string>>): NonNullable<FastifyServerOptions['clientErrorHandler']> {
  return function (this: FastifyInstance, error: Error & { code?: string }, socket: Socket) {
    if (error.code === 'ECONNRESET' || socket.destroyed) return;
    this.log.debug({ err: error }, 'client error');
    if (socket.writable) {
      const body = JSON.stringify(fail('400', (error.code && CLIENT_ERROR_MESSAGES[error.code]) ?? '请求格式不正确'));
      const lines = [
        'HTTP/1.1 400 Bad Request',
        ...Object.entries(headers).map(([name, value]) => `${name}: ${value}`),
        'cache-control: no-store',
        'content-type: application/json; charset=utf-8',
        `content-length: ${Buffer.byteLength(body)}`,
        'connection: close',
      ];
      // Closed once written: the parser cannot go on after this error, and a half-open socket would linger.
      socket.end(`${lines.join('\r\n')}\r\n\r\n${body}`, () => socket.destroy());
      return;
    }
    socket.destroy();
  };
}
