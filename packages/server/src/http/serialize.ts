import { envelopeSchema, ok } from '@changdu/contract';
import fastJson from 'fast-json-stringify';
import { z } from 'zod';
import { ownedBytes } from '../lib/owned-bytes.js';

export type Serializer = (envelope: unknown) => string;

type JsonSchema = { [key: string]: unknown };

const isSchema = (value: unknown): value is JsonSchema => typeof value === 'object' && value !== null && !Array.isArray(value);

/**
 * zod writes a nullable field as `anyOf: [schema, {type: 'null'}]`, for which fast-json-stringify
 * runs an ajv validation on every value to pick the arm; `nullable: true` on the schema itself is
 * a plain `=== null` test. Rewritten wherever the arm is a plain schema (no $ref or combinator of
 * its own), everywhere in the tree; what is written does not change.
 */
export function plainNullables(schema: unknown): unknown {
  if (Array.isArray(schema)) return schema.map(plainNullables);
  if (!isSchema(schema)) return schema;
  const out: JsonSchema = {};
  for (const [key, value] of Object.entries(schema)) out[key] = plainNullables(value);
  const arms = out.anyOf;
  if (Array.isArray(arms) && arms.length === 2 && Object.keys(out).length === 1) {
    const nullAt = arms.findIndex((a) => isSchema(a) && a.type === 'null' && Object.keys(a).length === 1);
    const other = arms[1 - nullAt];
    if (
      nullAt >= 0 &&
      isSchema(other) &&
      typeof other.type === 'string' &&
      !['$ref', 'anyOf', 'oneOf', 'allOf'].some((k) => k in other)
    ) {
      return { ...other, nullable: true };
    }
  }
  return out;
}

/**
 * The envelope's serializer built once from the endpoint's contract schema (zod → JSON Schema
 * → fast-json-stringify). It writes only the fields the contract names, so a handler that hands
 * back a wider row (a password hash, an internal column) cannot leak it even when outputs are
 * not validated. A schema fast-json-stringify cannot compile falls back to the contract's own
 * parse (zod drops the fields it does not name) and JSON.stringify: slower, never wider.
 */
export function envelopeSerializer(output: z.ZodType, compile: typeof fastJson = fastJson): Serializer {
  if (compile !== fastJson) return buildSerializer(output, compile);
  let serialize = serializers.get(output);
  if (!serialize) {
    serialize = buildSerializer(output, compile);
    serializers.set(output, serialize);
  }
  return serialize;
}

// A serializer depends on the contract schema alone and keeps no state, so each is built once
// per process: the build (zod → JSON Schema → generated code) was two fifths of building an app,
// which a process that builds several (the test suite: one or more per test) paid every time.
const serializers = new WeakMap<z.ZodType, Serializer>();

function buildSerializer(output: z.ZodType, compile: typeof fastJson): Serializer {
  const envelope = envelopeSchema(output);
  try {
    const schema = z.toJSONSchema(envelope, { io: 'output', unrepresentable: 'any' });
    return compile(plainNullables(schema) as Parameters<typeof fastJson>[0]) as Serializer;
  } catch {
    return (value) => JSON.stringify(envelope.parse(value));
  }
}

/**
 * The envelope of a result as bytes to send. A result the handler froze (`Object.freeze`, all
 * the way down: a cached answer handed to every caller alike) cannot change, so its envelope is
 * serialised and encoded once and kept as long as the result lives; any other result is
 * serialised per call. The word lookup's cached answers go this way: no serialisation, string
 * flattening or UTF-8 encoding per request.
 */
export function envelopeWriter(serialize: Serializer): (result: unknown) => string | Buffer {
  const written = new WeakMap<object, Buffer>();
  return (result) => {
    if (typeof result !== 'object' || result === null || !Object.isFrozen(result)) return serialize(ok(result));
    let bytes = written.get(result);
    if (!bytes) {
      bytes = ownedBytes(serialize(ok(result)));
      written.set(result, bytes);
    }
    return bytes;
  };
}
