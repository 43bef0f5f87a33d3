import { envelopeSchema } from '@changdu/contract';
import fastJson from 'fast-json-stringify';
import { z } from 'zod';

export type Serializer = (envelope: unknown) => string;

/**
 * The envelope's serializer built once from the endpoint's contract schema (zod → JSON Schema
 * → fast-json-stringify). It writes only the fields the contract names, so a handler that hands
 * back a wider row (a password hash, an internal column) cannot leak it even when outputs are
 * not validated; a schema with no JSON Schema form falls back to JSON.stringify.
 */
export function envelopeSerializer(output: z.ZodType): Serializer {
  try {
    const schema = z.toJSONSchema(envelopeSchema(output), { io: 'output', unrepresentable: 'any' });
    return fastJson(schema as Parameters<typeof fastJson>[0]) as Serializer;
  } catch {
    return (value) => JSON.stringify(value);
  }
}
