import type { z } from 'zod';
import type { Role } from './roles.js';

export type Method = 'GET' | 'POST';

/** A rate limit applied before the handler: per client IP, or per value of an input field. */
export interface RateLimitRule {
  by: 'ip' | { field: string };
  max: number;
  windowSec: number;
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
  /** Path params, query (GET) or body (POST), merged into one object. */
  input: I;
  /** The envelope's `result`, or, with `produces`, the raw body. */
  output: O;
  /** A non-envelope response type (images, downloads); errors still use the envelope. */
  produces?: string;
  /** GET downloads opened from a plain link may authenticate with the `bb_token` cookie. */
  cookieAuth?: boolean;
  rateLimit?: readonly RateLimitRule[];
}

export function endpoint<I extends z.ZodType, O extends z.ZodType, R extends Role>(def: Endpoint<I, O, R>): Endpoint<I, O, R> {
  return def;
}

export type InputOf<E> = E extends Endpoint<infer I, z.ZodType, Role> ? z.input<I> : never;
export type ParsedInputOf<E> = E extends Endpoint<infer I, z.ZodType, Role> ? z.output<I> : never;
export type OutputOf<E> = E extends Endpoint<z.ZodType, infer O, Role> ? z.output<O> : never;

const PARAM = /\{(\w+)\??\}/g;

/** Names of the `{param}` segments of a path. */
export function pathParams(path: string): string[] {
  return [...path.matchAll(PARAM)].map((m) => m[1]!);
}

/** `/reader/article/{id}/show` → `/reader/article/:id/show` for the router. */
export function routerPath(path: string): string {
  return path.replace(PARAM, ':$1');
}

/** Fills the path's params from `input` and returns the URL path and the remaining fields. */
export function fillPath(path: string, input: Record<string, unknown>): { url: string; rest: Record<string, unknown> } {
  const rest = { ...input };
  const url = path.replace(PARAM, (_, name: string) => {
    const value = rest[name];
    delete rest[name];
    if (value === undefined || value === null || value === '') throw new Error(`missing path parameter ${name}`);
    return encodeURIComponent(String(value));
  });
  return { url, rest };
}
