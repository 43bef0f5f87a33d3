import { pathParams, type Endpoint } from '@changdu/contract';

/**
 * A field of an endpoint's input as the fuzzers see it, read from zod 4's own schema
 * definitions (`schema._zod.def`). Wrappers (optional, default, preprocess pipes) are
 * unwrapped; what is left is the kind of value the field expects.
 */
export type Shape =
  | { kind: 'string'; min: number; max: number | null }
  | { kind: 'number' }
  | { kind: 'boolean' }
  | { kind: 'enum'; values: string[] }
  | { kind: 'literal'; value: unknown }
  | { kind: 'array'; element: Shape }
  | { kind: 'object'; fields: Record<string, Field> }
  | { kind: 'record' }
  | { kind: 'unknown' };

export interface Field {
  /** May be left out (optional or defaulted). */
  optional: boolean;
  shape: Shape;
}

type Def = Record<string, unknown> & { type: string };

function defOf(schema: unknown): Def {
  const internals = (schema as { _zod?: { def?: unknown } } | null)?._zod;
  const def = internals?.def as Def | undefined;
  if (!def || typeof def.type !== 'string') throw new Error('not a zod 4 schema');
  return def;
}

function checkDefs(def: Def): Record<string, unknown>[] {
  const checks = Array.isArray(def.checks) ? (def.checks as unknown[]) : [];
  return checks.map((c) => (c as { _zod: { def: Record<string, unknown> } })._zod.def);
}

/** Reads a schema into a {@link Field}. */
export function fieldOf(schema: unknown): Field {
  let optional = false;
  let current: unknown = schema;
  for (let guard = 0; guard < 50; guard++) {
    const def = defOf(current);
    switch (def.type) {
      case 'optional':
      case 'default':
      case 'prefault':
        optional = true;
        current = def.innerType;
        continue;
      case 'nullable':
      case 'readonly':
      case 'catch':
      case 'nonoptional':
        current = def.innerType;
        continue;
      case 'pipe': {
        // z.preprocess(fn, s) is pipe(transform, s): the field expects what `s` expects.
        // text().pipe(z.url()) expects a string either way; take the side that is not a transform.
        const input = defOf(def.in);
        current = input.type === 'transform' ? def.out : def.in;
        continue;
      }
      case 'string': {
        let min = 0;
        let max: number | null = null;
        for (const c of checkDefs(def)) {
          if (c.check === 'min_length' && typeof c.minimum === 'number') min = Math.max(min, c.minimum);
          if (c.check === 'max_length' && typeof c.maximum === 'number') max = max === null ? c.maximum : Math.min(max, c.maximum);
        }
        return { optional, shape: { kind: 'string', min, max } };
      }
      case 'number':
      case 'int':
      case 'bigint':
        return { optional, shape: { kind: 'number' } };
      case 'boolean':
        return { optional, shape: { kind: 'boolean' } };
      case 'enum':
        return { optional, shape: { kind: 'enum', values: Object.values(def.entries as Record<string, string>).map(String) } };
      case 'literal':
        return { optional, shape: { kind: 'literal', value: (def.values as unknown[])[0] } };
      case 'array':
        return { optional, shape: { kind: 'array', element: fieldOf(def.element).shape } };
      case 'object': {
        const shape = def.shape as Record<string, unknown>;
        const fields: Record<string, Field> = {};
        for (const [key, value] of Object.entries(shape)) fields[key] = fieldOf(value);
        return { optional, shape: { kind: 'object', fields } };
      }
      case 'record':
        return { optional, shape: { kind: 'record' } };
      default:
        return { optional, shape: { kind: 'unknown' } };
    }
  }
  throw new Error('schema nests too deeply to read');
}

/** The top-level fields of an endpoint's input; path params are marked. */
export function inputFields(ep: Endpoint): { fields: Record<string, Field>; path: Set<string> } {
  const field = fieldOf(ep.input);
  if (field.shape.kind !== 'object') throw new Error(`input of ${ep.path} is not an object`);
  return { fields: field.shape.fields, path: new Set(pathParams(ep.path)) };
}

/** Plausible valid values for well-known field names; other fields get a value from their shape. */
const HINTS: Record<string, unknown> = {
  phone: '13900001234',
  password: 'secret123',
  old_password: 'secret123',
  new_password: 'secret456',
  username: 'reader_fuzz',
  word: 'zebra',
  sentence: 'A zebra ran.',
  url: 'http://127.0.0.1:9/feed.xml',
  name: 'cover-1.webp',
  slug: 'demo-article',
  key: 'abc123',
  cuid: 'abc123',
  note_uuid: 'note-1',
  root: 'p1',
  text: 'hello',
  captcha: 'abcd',
  sms_code: '123456',
  t: 'token',
  q: 'news',
  from: '2026-11-01',
  to: '2026-11-20',
  published_at: '2026-11-20T08:00:00Z',
  openid: 'wx-open-id',
  resolve: 'An explanation.',
};

/** A value the shape plausibly accepts (not always valid: patterns are not solved). */
export function sampleValue(shape: Shape, name = ''): unknown {
  if (name in HINTS && shape.kind !== 'object' && shape.kind !== 'array') return HINTS[name];
  switch (shape.kind) {
    case 'string':
      return 'a'.repeat(Math.max(1, shape.min));
    case 'number':
      return 1;
    case 'boolean':
      return true;
    case 'enum':
      return shape.values[0];
    case 'literal':
      return shape.value;
    case 'array':
      return [sampleValue(shape.element)];
    case 'object':
      return Object.fromEntries(Object.entries(shape.fields).map(([k, f]) => [k, sampleValue(f.shape, k)]));
    case 'record':
      return { start: 0, end: 3 };
    case 'unknown':
      return { a: 1 };
  }
}

/** A plausible valid input for an endpoint (path params included). */
export function sampleInput(ep: Endpoint): Record<string, unknown> {
  const { fields } = inputFields(ep);
  return Object.fromEntries(Object.entries(fields).map(([k, f]) => [k, sampleValue(f.shape, k)]));
}
