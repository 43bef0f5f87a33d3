import { z } from 'zod';
import type { Code } from './codes.js';

/** `{status:{code,msg},result}`: the shape of every API response. */
export interface Envelope<T> {
  status: { code: Code | ''; msg: string };
  result: T | null;
}

export const statusSchema = z.object({ code: z.string(), msg: z.string() });

export function envelopeSchema<T extends z.ZodType>(result: T) {
  return z.object({ status: statusSchema, result: result.nullable() });
}

export function ok<T>(result: T): Envelope<T> {
  return { status: { code: '200', msg: 'ok' }, result };
}

export function fail(code: Code | '', msg: string): Envelope<never> {
  return { status: { code, msg }, result: null };
}
