import { defaultMessages, fail, type Code } from '@changdu/contract';
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { DomainError, type DomainErrorKind } from '../lib/errors.js';

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
};

/** The one mapping from a domain error's kind to the envelope code (and so the HTTP status). */
const CODE_OF: Record<DomainErrorKind, Exclude<Code, '200' | '500'>> = {
  invalid: '400',
  unauthenticated: '401',
  forbidden: '403',
  not_found: '404',
  conflict: '409',
  too_many: '429',
  unavailable: '503',
};

function send(reply: FastifyReply, code: Exclude<Code, '200'>, msg: string) {
  return reply.status(Number(code)).type('application/json; charset=utf-8').send(fail(code, msg));
}

/** One place where every failure becomes the envelope; a 500 names the request id, never a stack. */
export interface ErrorHandlingOptions {
  /** Serves a page for unknown non-API paths (the web app's index.html, or a 404). */
  notFound: (req: FastifyRequest, reply: FastifyReply) => unknown;
  /** Tells outages of a backing service (the database) apart from bugs: those answer 503. */
  isUnavailable: (error: unknown) => boolean;
}

export function installErrorHandling(app: FastifyInstance, { notFound, isUnavailable }: ErrorHandlingOptions) {
  app.setErrorHandler((error: FastifyError, req, reply) => {
    if (isUnavailable(error)) {
      req.log.warn({ err: error }, 'backing service unavailable');
      return send(reply, '503', '服务暂时不可用，请稍后再试');
    }
    if (error instanceof DomainError) {
      const code = CODE_OF[error.kind];
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

  app.setNotFoundHandler((req, reply) => {
    if (isApiPath(req.url) || (req.method !== 'GET' && req.method !== 'HEAD')) return send(reply, '404', '接口不存在');
    return notFound(req, reply);
  });
}

export function sendNotFound(reply: FastifyReply) {
  return send(reply, '404', '内容不存在');
}
