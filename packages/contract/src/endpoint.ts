import { z } from 'zod';
import { forText } from './fields.js';
import { inQuery, pathParams, type Method } from './paths.js';
import type { Role } from './roles.js';

export type { Method };

/** A rate limit applied before the handler: per client IP, or per value of an input field. */
export interface RateLimitRule {
  by: 'ip' | { field: string };
  max: number;
  windowSec: number;
}

/**
 * A shared cache may keep an anonymous caller's answer for `maxAge` seconds. The answer
 * varies on `Authorization` and `Cookie` (a logged-in caller is never served it) and on the
 * request headers named in `vary` that the handler reads (e.g. the client id).
 */
export interface PublicCache {
  maxAge: number;
  vary?: readonly string[];
  /**
   * The server keeps its own answer to an anonymous caller too, for `maxAge` seconds, and
   * answers the next anonymous request for the same URL from it without routing it (server
   * `http/replay.ts`). Only for answers that depend on the URL alone (no `vary`) and that
   * nothing changes while the server runs (the offline dictionary's), on endpoints without
   * rate limits: a kept answer is replayed as is.
   */
  replay?: true;
}

/**
 * One call of the product: the only place its method, path, role and shapes are
 * written. The server registers it, the web client calls it, OpenAPI describes it.
 */
export interface Endpoint<I extends z.ZodType = z.ZodType, O extends z.ZodType = z.ZodType, R extends Role = Role> {
  method: Method;
  /** As the spec writes it, with `{param}` segments. */
  path: string;
  role: R;
  summary: string;
  /** Path params, query (GET, and a POST's `query` fields) or body (POST), merged into one object. */
  input: I;
  /**
   * Input fields of a POST that travel in the URL's query string (the spec's
   * `POST /reader/article/{id}/retranslate?ai&cache`): read as text, never from the body.
   */
  query?: readonly string[];
  /** The envelope's `result`, or, with `produces`, the raw body. */
  output: O;
  /** A non-envelope response type (images, downloads); errors still use the envelope. */
  produces?: string;
  /** GET downloads opened from a plain link may authenticate with the `bb_token` cookie. */
  cookieAuth?: boolean;
  rateLimit?: readonly RateLimitRule[];
  /**
   * Server-sent events (`text/event-stream`): `'always'`, or only when the named boolean input
   * field is true. A streamed answer sends `event: chunk` (`{text}`) as the text arrives, then
   * `event: done` with the envelope of `output`, or `event: error` with an error envelope.
   * Errors found before the stream starts (input, login, quota, provider down) are ordinary
   * envelope responses.
   */
  stream?: 'always' | { flag: string };
  /**
   * Absent (the default): `Cache-Control: no-store`. Only an anonymous endpoint may let a
   * shared cache keep its answer, and then only the answer to an anonymous caller.
   */
  cache?: R extends 'anonymous' ? PublicCache : never;
}

/**
 * The input schema as it is validated: fields that arrive as text (every field of a GET, a
 * POST's query fields, every path parameter) take their builder's text form (`fields.ts`),
 * JSON body fields stay JSON-typed. Object-level refinements are kept.
 */
function inputOnTheWire<I extends z.ZodType>(def: Endpoint<I, z.ZodType, Role>): I {
  const { input, path } = def;
  if (!(input instanceof z.ZodObject)) return input;
  const params = new Set(pathParams(path));
  const shape: Record<string, z.ZodType> = {};
  let changed = false;
  for (const [key, field] of Object.entries(input.shape as Record<string, z.ZodType>)) {
    shape[key] = params.has(key) || inQuery(def, key) ? forText(field) : field;
    changed ||= shape[key] !== field;
  }
  if (!changed) return input;
  // The declared type stays: a caller still passes numbers and booleans, which the client
  // writes into the URL as their canonical text; only the server sees the text form.
  return input.clone({ ...input._zod.def, shape }) as unknown as I;
}

/** A mistake in declaring query fields, found when the table loads rather than by a caller. */
function checkQueryFields(def: Endpoint<z.ZodType, z.ZodType, Role>): void {
  if (!def.query) return;
  if (def.method !== 'POST') throw new Error(`${def.path}: only a POST declares query fields (every GET field is one)`);
  const fields = def.input instanceof z.ZodObject ? Object.keys(def.input.shape) : [];
  const params = pathParams(def.path);
  for (const name of def.query) {
    if (!fields.includes(name) || params.includes(name)) throw new Error(`${def.path}: query field ${name} is not a non-path input field`);
  }
}

export function endpoint<I extends z.ZodType, O extends z.ZodType, R extends Role>(def: Endpoint<I, O, R>): Endpoint<I, O, R> {
  checkQueryFields(def);
  return { ...def, input: inputOnTheWire(def) };
}

export type InputOf<E> = E extends Endpoint<infer I, z.ZodType, Role> ? z.input<I> : never;
export type ParsedInputOf<E> = E extends Endpoint<infer I, z.ZodType, Role> ? z.output<I> : never;
export type OutputOf<E> = E extends Endpoint<z.ZodType, infer O, Role> ? z.output<O> : never;

export { describedPath, fillPath, inQuery, pathParams, requestParts, routerPath, type RouteShape } from './paths.js';
