import {
  Cookies,
  Headers,
  REQUESTED_WITH,
  endpoints,
  ok,
  routerPath,
  satisfies,
  type Endpoint,
  type EndpointName,
  type Endpoints,
  type Role,
} from '@changdu/contract';
import { Readable } from 'node:stream';
import { isDeepStrictEqual } from 'node:util';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { z } from 'zod';
import type { RateLimiter } from './rate-limit.js';
import type { Actor, HandlerContext } from './context.js';
import { systemClock, type Clock } from '../lib/clock.js';
import { DomainError, Forbidden, Invalid, TooMany, Unauthorized } from '../lib/errors.js';
import { PreparedJson } from '../lib/prepared-json.js';
import { Streamed } from '../lib/streamed.js';
import { CODE_OF } from './error-handler.js';
import type { AnswerReplay } from './replay.js';
import { cacheHeaders, type SecurityHeaderSets } from './security.js';
import { RequestContext, cookiesOf, sessionCookieOptions } from './request-context.js';
import { inputParser } from './parsed-inputs.js';
import { envelopeSerializer, envelopeWriter } from './serialize.js';
import { carriesCards, withKnownShares, type KnownShares } from './known-share.js';

/**
 * A handler answers its result, the result already serialised (`PreparedJson`,
 * lib/prepared-json.ts), or, for an endpoint the contract marks `stream`, a `Streamed` one.
 */
export type Handler<E extends Endpoint> = (
  input: z.output<E['input']>,
  ctx: HandlerContext<E['role']>,
) => Promise<z.input<E['output']> | PreparedJson | Streamed<z.input<E['output']>>>;

/** A handler for every endpoint in the table: a missing one does not compile. */
export type Handlers = { [K in EndpointName]: Handler<Endpoints[K]> };

export interface RouteDeps {
  /** Resolves the bearer token to an actor; null when the token is not live. */
  resolveToken(token: string): Promise<Extract<Actor, { kind: 'user' }> | null>;
  limiter: RateLimiter | null;
  /** Where cookie lifetimes are measured from (tests move it); the system clock when absent. */
  clock?: Clock;
  /** The base URL for absolute links (`security.ts` linkOrigin): never an unchecked Host header. */
  linkOrigin: (req: FastifyRequest) => string;
  /** Whether the public address (PUBLIC_URL) is https: the session cookie is Secure. */
  https?: boolean;
  /**
   * Checks every answer against the contract with zod, and that the fast serializer writes
   * exactly what zod parsed (tests, development). Production skips it on the hot path: the
   * serializer built from the same schema still writes only the contract's fields.
   */
  checkOutputs: boolean;
  /** The security headers each answer carries: the API's set, the page set on a `produces` endpoint. */
  headers: SecurityHeaderSets;
  /** Where the shared answers of a `replay` endpoint are kept (http/replay.ts); null: none is. */
  replay: AnswerReplay | null;
  /** Fills a logged-in reader's `known_pct` on the article cards of an answer (http/known-share.ts); absent: left null. */
  knownShares?: KnownShares;
}

const JSON_TYPE = 'application/json; charset=utf-8';

/**
 * The caller's token and where it came from. `Authorization: Bearer` (the native app, API
 * clients) is taken as is. The `bb_token` cookie (the web app, or a token the native app put
 * into its WebView) is sent by the browser on any request to this site, even one a foreign
 * page starts, so it counts only
 * - with the app's own `X-Requested-With` header, which no cross-site form or link can add
 *   (and a cross-site script only after a CORS preflight this server never grants), or
 * - on the GET downloads the contract marks `cookieAuth` (word book and notes exports),
 *   opened from plain links that cannot carry headers; they change nothing.
 */
function credential(req: FastifyRequest, ep: Endpoint): { token: string; fromCookie: boolean } | null {
  const auth = req.headers.authorization;
  if (auth?.startsWith('Bearer ')) {
    const token = auth.slice(7).trim();
    if (token) return { token, fromCookie: false };
  }
  const cookie = req.headers.cookie ? cookiesOf(req)[Cookies.token] : undefined;
  if (!cookie) return null;
  const appCall = req.headers[Headers.requestedWith] === REQUESTED_WITH;
  if (appCall || (ep.cookieAuth && ep.method === 'GET')) return { token: cookie, fromCookie: true };
  return null;
}

/** Every anonymous caller is the same actor; nothing changes it. */
const ANONYMOUS: Actor = Object.freeze({ kind: 'anonymous', role: 'anonymous' });

/**
 * The caller as the endpoint admits them. A caller who sent no credential is answered without
 * waiting (no promise): that is most reads, and the hot ones.
 */
function authorize(req: FastifyRequest, reply: FastifyReply, ep: Endpoint, deps: RouteDeps): Actor | Promise<Actor> {
  const found = credential(req, ep);
  if (!found) return admit(null, null, ep);
  return deps.resolveToken(found.token).then((actor) => {
    // A cookie whose token is revoked or expired goes now: script cannot remove an HttpOnly cookie.
    if (!actor && found.fromCookie) void reply.clearCookie(Cookies.token, sessionCookieOptions(req, deps.https ?? false));
    return admit(actor, found.token, ep);
  });
}

function admit(actor: Actor | null, token: string | null, ep: Endpoint): Actor {
  if (!actor) {
    if (ep.role === 'anonymous') return ANONYMOUS;
    throw new Unauthorized(token ? '登录已过期，请重新登录' : '请先登录');
  }
  if (!satisfies(actor.role, ep.role)) {
    throw new Forbidden(ep.role === 'member' ? '该内容仅对会员开放' : '没有权限进行此操作');
  }
  return actor;
}

const fieldsOf = (source: unknown): Record<string, unknown> =>
  source && typeof source === 'object' && !Array.isArray(source) ? (source as Record<string, unknown>) : {};

/**
 * The input as the contract places it: path params, the query string (a GET's fields, a POST's
 * declared query fields), the JSON body (a POST's other fields). A query field sent in the body
 * is not taken for it: `misplaced` names it, and the call is refused.
 */
function rawInput(req: FastifyRequest, ep: Endpoint): { raw: Record<string, unknown>; misplaced: string | null } {
  const params = req.params as Record<string, unknown>;
  const query = fieldsOf(req.query);
  refuseRepeated(query, ep);
  if (ep.method === 'GET') return { raw: { ...query, ...params }, misplaced: null };
  const body = { ...fieldsOf(req.body) };
  const declared = ep.query ?? [];
  const misplaced = declared.find((name) => Object.hasOwn(body, name)) ?? null;
  for (const name of declared) {
    delete body[name];
    if (Object.hasOwn(query, name)) body[name] = query[name];
  }
  return { raw: { ...body, ...params }, misplaced };
}

/**
 * Every field of the query string takes one value: a repeated key (`?style=a&style=b`) or an
 * array spelling (`?style[]=`, which a lenient check would skip and leave the default in place)
 * is refused before anything runs, so a refused request writes nothing.
 */
function refuseRepeated(query: Record<string, unknown>, ep: Endpoint): void {
  for (const [key, value] of Object.entries(query)) {
    const bracket = key.indexOf('[');
    const name = bracket > 0 ? key.slice(0, bracket) : key;
    if (Array.isArray(value) || (bracket > 0 && isField(ep, name))) throw new Invalid(`参数 ${name} 只能有一个值`);
  }
}

const isField = (ep: Endpoint, name: string) => {
  const shape = (ep.input as { shape?: object }).shape;
  return shape !== undefined && Object.hasOwn(shape, name);
};

/** Counts the request against the endpoint's rules; nothing to wait for (undefined) when it has none. */
function checkRateLimits(
  name: string,
  ep: Endpoint,
  input: Record<string, unknown>,
  req: FastifyRequest,
  limiter: RateLimiter | null,
): Promise<void> | undefined {
  if (!limiter || !ep.rateLimit) return undefined;
  // The client's address is read only here: it is a socket lookup (and the proxy rules) per read.
  return hitRules(name, ep.rateLimit, input, req.ip, limiter);
}

async function hitRules(
  name: string,
  rules: NonNullable<Endpoint['rateLimit']>,
  input: Record<string, unknown>,
  ip: string,
  limiter: RateLimiter,
): Promise<void> {
  for (const rule of rules) {
    const raw = rule.by === 'ip' ? ip : input[rule.by.field];
    if (raw === undefined || raw === null || raw === '') continue;
    // One rule at a time: a request stopped by one rule is not counted against the next.
    const wait = await limiter.hit(name, rule, String(raw).trim().toLowerCase());
    if (wait !== null) throw TooMany.after(wait);
  }
}

/** Whether this call asked for server-sent events (the contract's `stream` rule and the input). */
function wantsStream(ep: Endpoint, input: unknown): boolean {
  if (!ep.stream) return false;
  if (ep.stream === 'always') return true;
  return (input as Record<string, unknown>)[ep.stream.flag] === true;
}

/** One server-sent event. */
function sse(event: string, data: unknown): string {
  return `event: ${event}\ndata: ${JSON.stringify(data)}\n\n`;
}

/**
 * The body of a streamed answer: `chunk` events as the text arrives, then `done` with the
 * result's envelope (checked against the contract), or `error` with an error envelope.
 */
function sseBody(name: string, ep: Endpoint, streamed: Streamed<unknown>, log: FastifyRequest['log']): Readable {
  async function* events(): AsyncGenerator<string> {
    // A comment first, so the client (and any proxy) sees the stream start at once.
    yield ': stream\n\n';
    try {
      for await (const text of streamed.chunks) yield sse('chunk', { text });
      yield sse('done', ok(checkOutput(name, ep, await streamed.result())));
    } catch (error) {
      if (error instanceof DomainError) {
        yield sse('error', { status: { code: CODE_OF[error.kind], msg: error.message }, result: null });
      } else {
        log.error({ err: error }, `stream of ${name} failed`);
        yield sse('error', { status: { code: '500', msg: '服务器开小差了，请稍后再试' }, result: null });
      }
    }
  }
  return Readable.from(events(), { objectMode: false });
}

/** The result as the contract parses it; a mismatch is the server breaking its own contract (a 500 with the request id). */
function checkOutput(name: string, ep: Endpoint, result: unknown): unknown {
  const out = ep.output.safeParse(result);
  if (!out.success) throw new Error(`output of ${name} does not match the contract: ${out.error.message}`);
  return out.data;
}

/** Registers every endpoint of the table with its handler: auth, rate limits, input and output validation. */
export function registerEndpoints(app: FastifyInstance, handlers: Handlers, deps: RouteDeps): void {
  const contextDeps = { linkOrigin: deps.linkOrigin, clock: deps.clock ?? systemClock, https: deps.https ?? false };
  const parseInput = inputParser();
  for (const [name, ep] of Object.entries(endpoints) as [EndpointName, Endpoint][]) {
    const handler = handlers[name] as unknown as (input: unknown, ctx: HandlerContext<Role>) => Promise<unknown>;
    const serialize = envelopeSerializer(ep.output);
    const write = envelopeWriter(serialize);
    // The endpoint's two caching policies, built once (a shared answer and a personal one).
    const caching = { shared: cacheHeaders(ep, true), personal: cacheHeaders(ep, false) };
    const security = ep.produces ? deps.headers.page : deps.headers.api;
    const replay = ep.cache?.replay ? deps.replay : null;
    const knownShares = deps.knownShares && carriesCards(ep.output) ? deps.knownShares : null;
    app.route({
      method: ep.method,
      url: routerPath(ep.path),
      // A `produces` endpoint answers a file (an image, a PDF, an HTML export the browser may show as a page).
      config: { jsonApi: !ep.produces },
      handler: async (req: FastifyRequest, reply: FastifyReply) => {
        // Written first, as a hook would: a handler may add its own (a file's cache policy), never remove these.
        reply.headers(security).header('x-request-id', req.id);
        const { raw, misplaced } = rawInput(req, ep);
        // Awaited only when there is something to wait for: each await is a promise (and, with the
        // transaction's AsyncLocalStorage enabled, a promise hook) on every request.
        const limited = checkRateLimits(name, ep, raw, req, deps.limiter);
        if (limited) await limited;
        const admitted = authorize(req, reply, ep, deps);
        const actor = admitted instanceof Promise ? await admitted : admitted;
        if (misplaced) throw new Invalid(`${misplaced} 应写在网址的查询参数里（?${misplaced}=…），不能放在请求体中`);
        const input = parseInput(name, ep, req.url, raw);
        const ctx = new RequestContext(req, reply, actor, contextDeps).as<Role>();
        const streaming = wantsStream(ep, input);
        const answered = await handler(input, ctx);
        const result = knownShares && actor.kind === 'user' ? await withKnownShares(answered, actor.user.id, knownShares) : answered;
        if (result instanceof Streamed) {
          if (!streaming) throw new Error(`${name} streamed an answer nobody asked to stream`);
          return reply
            .headers({ 'cache-control': 'no-store, no-transform', 'x-accel-buffering': 'no' })
            .type('text/event-stream; charset=utf-8')
            .send(sseBody(name, ep, result, req.log));
        }
        // Shared only with a caller who sent no credential at all: a stale one may be answered
        // with a Set-Cookie that clears it, which is for this caller alone.
        const sentCredential =
          req.headers.authorization !== undefined || (req.headers.cookie !== undefined && cookiesOf(req)[Cookies.token] !== undefined);
        const headers = actor.kind === 'anonymous' && !sentCredential ? caching.shared : caching.personal;
        /** A JSON answer, kept for replay when it is the shared one of a `replay` endpoint. */
        const sendJson = (body: Buffer | string) => {
          reply.headers(headers).type(JSON_TYPE);
          if (replay && headers === caching.shared) replay.keep(req, reply, ep.cache!.maxAge, body);
          return reply.send(body);
        };
        if (ep.produces) {
          // A handler's own policy wins (images set theirs); otherwise the endpoint's.
          if (!reply.hasHeader('cache-control')) reply.headers(headers);
          if (!reply.hasHeader('content-type')) reply.type(ep.produces);
          return reply.send(result);
        }
        if (result instanceof PreparedJson) {
          if (deps.checkOutputs) checkOutput(name, ep, JSON.parse(result.json));
          // The caching policy stays the endpoint's (a personal answer is no-store, issue 9); a
          // client that keeps the answer anyway (a shared cache, the native app) may ask again with its ETag.
          reply.header('etag', result.etag);
          if (req.headers['if-none-match'] === result.etag) return reply.headers(headers).code(304).send();
          return sendJson(result.envelope);
        }
        if (!deps.checkOutputs) {
          // The fast path writes the handler's result as is. A result the serializer cannot match
          // as given (it is not zod's parsed form: a union arm, a default, a transform) goes the
          // contract's checked way instead of failing the request; the log says which, so it gets fixed.
          let body: Buffer | string;
          try {
            body = write(result);
          } catch (error) {
            req.log.warn({ err: error, endpoint: name }, 'fast serializer refused a result; answered through the contract');
            body = JSON.stringify(ok(checkOutput(name, ep, result)));
          }
          return sendJson(body);
        }
        // What production writes (the handler's own result through the fast serializer, or the
        // bytes kept for a frozen result) must be what the contract parses: a result the
        // serializer refuses, or writes differently, fails here.
        const body = ok(checkOutput(name, ep, result));
        let text: string;
        try {
          text = write(result).toString();
        } catch (error) {
          throw new Error(
            `the fast serializer of ${name} refused the handler's result: ${error instanceof Error ? error.message : String(error)}`,
          );
        }
        if (!isDeepStrictEqual(JSON.parse(text), JSON.parse(JSON.stringify(body)))) {
          throw new Error(`the serializer of ${name} does not write the handler's result as the contract parses it`);
        }
        return sendJson(text);
      },
    });
  }
}
