import {
  Cookies,
  Headers,
  endpoints,
  ok,
  parseClientInfo,
  routerPath,
  satisfies,
  type Endpoint,
  type EndpointName,
  type Endpoints,
  type Role,
} from '@changdu/contract';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { z } from 'zod';
import type { RateLimiter } from './rate-limit.js';
import type { Actor, HandlerContext, RequestMeta } from './context.js';
import { Forbidden, Invalid, TooMany, Unauthorized } from '../lib/errors.js';
import { validationMessage } from './validation.js';

export type Handler<E extends Endpoint> = (input: z.output<E['input']>, ctx: HandlerContext<E['role']>) => Promise<z.input<E['output']>>;

/** A handler for every endpoint in the table: a missing one does not compile. */
export type Handlers = { [K in EndpointName]: Handler<Endpoints[K]> };

export interface RouteDeps {
  /** Resolves the bearer token to an actor; null when the token is not live. */
  resolveToken(token: string): Promise<Extract<Actor, { kind: 'user' }> | null>;
  limiter: RateLimiter | null;
}

const CUID = /^[A-Za-z0-9_-]{1,64}$/;

export function requestMeta(req: FastifyRequest): RequestMeta {
  const header = (name: string) => {
    const v = req.headers[name];
    return typeof v === 'string' && v.length > 0 ? v : null;
  };
  const cuid = header(Headers.clientId) ?? req.cookies?.[Cookies.clientId] ?? null;
  return {
    requestId: String(req.id),
    ip: req.ip,
    userAgent: header('user-agent'),
    cuid: cuid && CUID.test(cuid) ? cuid : null,
    appId: header(Headers.appId) ?? req.cookies?.[Cookies.appId] ?? null,
    clientInfo: parseClientInfo(header(Headers.clientInfo) ?? req.cookies?.[Cookies.clientInfo] ?? null),
    origin: `${req.protocol}://${req.host}`,
    signature: header(Headers.signature),
  };
}

function bearer(req: FastifyRequest, ep: Endpoint): string | null {
  const auth = req.headers.authorization;
  if (auth?.startsWith('Bearer ')) {
    const token = auth.slice(7).trim();
    if (token) return token;
  }
  // Downloads opened from a plain link cannot set headers; they may use the cookie (GET only).
  if (ep.cookieAuth && ep.method === 'GET') return req.cookies?.[Cookies.token] ?? null;
  return null;
}

async function authorize(req: FastifyRequest, ep: Endpoint, deps: RouteDeps): Promise<Actor> {
  const token = bearer(req, ep);
  const actor: Actor | null = token ? await deps.resolveToken(token) : null;
  if (!actor) {
    if (ep.role === 'anonymous') return { kind: 'anonymous', role: 'anonymous' };
    throw new Unauthorized(token ? '登录已过期，请重新登录' : '请先登录');
  }
  if (!satisfies(actor.role, ep.role)) {
    throw new Forbidden(ep.role === 'member' ? '该内容仅对会员开放' : '没有权限进行此操作');
  }
  return actor;
}

function rawInput(req: FastifyRequest, ep: Endpoint): Record<string, unknown> {
  const source = ep.method === 'GET' ? req.query : req.body;
  const base = source && typeof source === 'object' && !Array.isArray(source) ? (source as Record<string, unknown>) : {};
  return { ...base, ...(req.params as Record<string, unknown>) };
}

async function checkRateLimits(
  name: string,
  ep: Endpoint,
  input: Record<string, unknown>,
  meta: RequestMeta,
  limiter: RateLimiter | null,
): Promise<void> {
  if (!limiter || !ep.rateLimit) return;
  for (const rule of ep.rateLimit) {
    const raw = rule.by === 'ip' ? meta.ip : input[rule.by.field];
    if (raw === undefined || raw === null || raw === '') continue;
    // One rule at a time: a request stopped by one rule is not counted against the next.
    const wait = await limiter.hit(name, rule, String(raw).trim().toLowerCase());
    if (wait !== null) throw new TooMany(`操作太频繁，请 ${wait > 90 ? `${Math.ceil(wait / 60)} 分钟` : `${wait} 秒`}后再试`);
  }
}

/** Registers every endpoint of the table with its handler: auth, rate limits, input and output validation. */
export function registerEndpoints(app: FastifyInstance, handlers: Handlers, deps: RouteDeps): void {
  for (const [name, ep] of Object.entries(endpoints) as [EndpointName, Endpoint][]) {
    const handler = handlers[name] as unknown as (input: unknown, ctx: HandlerContext<Role>) => Promise<unknown>;
    app.route({
      method: ep.method,
      url: routerPath(ep.path),
      handler: async (req: FastifyRequest, reply: FastifyReply) => {
        const meta = requestMeta(req);
        const raw = rawInput(req, ep);
        await checkRateLimits(name, ep, raw, meta, deps.limiter);
        const actor = await authorize(req, ep, deps);
        const parsed = ep.input.safeParse(raw);
        if (!parsed.success) throw new Invalid(validationMessage(parsed.error));
        const ctx: HandlerContext<Role> = { ...meta, actor, setHeader: (k, v) => void reply.header(k, v) };
        const result = await handler(parsed.data, ctx);
        if (ep.produces) {
          if (!reply.hasHeader('cache-control')) reply.header('cache-control', 'no-store');
          if (!reply.hasHeader('content-type')) reply.type(ep.produces);
          return reply.send(result);
        }
        const out = ep.output.safeParse(result);
        if (!out.success) {
          // The server broke its own contract: a bug, reported as a 500 with the request id.
          throw new Error(`output of ${name} does not match the contract: ${out.error.message}`);
        }
        return reply.send(ok(out.data));
      },
    });
  }
}
