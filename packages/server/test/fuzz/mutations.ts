import { inQuery, type Endpoint } from '@changdu/contract';
import { inputFields, sampleInput, type Shape } from './schema.js';

/** mulberry32: a small seeded PRNG, so a failing sample can be replayed from its seed. */
export function prng(seed: number) {
  let a = seed >>> 0;
  const next = () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let x = a;
    x = Math.imul(x ^ (x >>> 15), x | 1);
    x ^= x + Math.imul(x ^ (x >>> 7), x | 61);
    return ((x ^ (x >>> 14)) >>> 0) / 4294967296;
  };
  return {
    next,
    int: (n: number) => Math.floor(next() * n),
    pick<T>(items: readonly T[]): T {
      return items[Math.floor(next() * items.length)]!;
    },
    shuffle<T>(items: T[]): T[] {
      for (let i = items.length - 1; i > 0; i--) {
        const j = Math.floor(next() * (i + 1));
        [items[i], items[j]] = [items[j]!, items[i]!];
      }
      return items;
    },
  };
}
export type Prng = ReturnType<typeof prng>;

/** One request the fuzzer sends: the URL and body are raw, exactly as they go on the wire. */
export interface FuzzRequest {
  /** What was changed, for the failure report. */
  label: string;
  method: 'GET' | 'POST';
  url: string;
  body?: string;
  contentType?: string;
  /** The input is wrong by any reading of the contract: it must be refused with a 4xx. */
  mustReject?: boolean;
}

/** Percent-encodes like encodeURIComponent, but lone surrogates go out as their WTF-8 bytes instead of throwing. */
export function encodeLoose(value: string): string {
  let out = '';
  for (let i = 0; i < value.length; i++) {
    const c = value.charCodeAt(i);
    const isHigh = c >= 0xd800 && c <= 0xdbff;
    const isLow = c >= 0xdc00 && c <= 0xdfff;
    if (isHigh && i + 1 < value.length) {
      const d = value.charCodeAt(i + 1);
      if (d >= 0xdc00 && d <= 0xdfff) {
        out += encodeURIComponent(value.slice(i, i + 2));
        i += 1;
        continue;
      }
    }
    if (isHigh || isLow) {
      out += `%${(0xe0 | (c >> 12)).toString(16).toUpperCase()}%${(0x80 | ((c >> 6) & 0x3f)).toString(16).toUpperCase()}%${(0x80 | (c & 0x3f)).toString(16).toUpperCase()}`;
      continue;
    }
    out += encodeURIComponent(value[i]!);
  }
  return out;
}

function nested(depth: number, kind: 'array' | 'object'): unknown {
  let v: unknown = 1;
  for (let i = 0; i < depth; i++) v = kind === 'array' ? [v] : { a: v };
  return v;
}

/** Strings no field should trip over: unicode edge cases, injections, control characters. */
export const ODD_STRINGS: readonly string[] = [
  '',
  ' ',
  '\t\n\r',
  '\u0000',
  'a\u0000b',
  '\uD800',
  'x\uDC00y',
  '\u202Eevil\u202C',
  '\u200B\u200C\u200D\uFEFF',
  'e\u0301\u0301\u0301\u0301\u0301',
  '😀🏳️‍🌈',
  '畅读'.repeat(600),
  "' OR 1=1 --",
  '"; DROP TABLE users; --',
  '<script>alert(1)</script>',
  '${7*7}{{7*7}}',
  '../../../../etc/passwd',
  '%00%zz%',
  '=HYPERLINK("http://evil.example")',
  '__proto__',
  'a'.repeat(100_000),
];

/** Strings that a strict number field must refuse (JSON bodies and query strings alike). */
export const NON_CANONICAL_NUMBERS: readonly string[] = [
  '01',
  '1e3',
  '0x10',
  ' 7 ',
  '+7',
  '1.0',
  'Infinity',
  'NaN',
  '٣',
  '9007199254740993',
];

/** JSON values of the wrong type for most fields. */
function wrongTypes(shape: Shape): { value: unknown; label: string; strict: boolean }[] {
  const all: { value: unknown; label: string }[] = [
    { value: null, label: 'null' },
    { value: true, label: 'true' },
    { value: false, label: 'false' },
    { value: 0, label: '0' },
    { value: -1, label: '-1' },
    { value: 1.5, label: '1.5' },
    { value: 1e308, label: '1e308' },
    { value: -0, label: '-0' },
    { value: [], label: '[]' },
    { value: [5], label: '[5]' },
    { value: {}, label: '{}' },
    { value: { $gt: '' }, label: '{$gt}' },
    { value: 'abc', label: '"abc"' },
    { value: nested(3000, 'array'), label: 'array nested 3000' },
    { value: nested(3000, 'object'), label: 'object nested 3000' },
  ];
  // A number must be a JSON number: booleans, arrays, objects and strings are all wrong.
  return all.map((w) => ({
    ...w,
    strict:
      shape.kind === 'number' &&
      (typeof w.value === 'boolean' || typeof w.value === 'object' || typeof w.value === 'string') &&
      w.value !== null,
  }));
}

/** Raw path segments: non-canonical numbers, bad escapes, traversal, very long ids. */
export const PATH_ODDITIES: readonly { raw: string; strict: boolean }[] = [
  { raw: '01', strict: true },
  { raw: '-1', strict: true },
  { raw: '1e3', strict: true },
  { raw: '0x10', strict: true },
  { raw: '1.5', strict: true },
  { raw: '0', strict: true },
  { raw: '%20%201', strict: true },
  { raw: '%zz', strict: true },
  { raw: '%', strict: true },
  { raw: '%00', strict: true },
  { raw: '%2F', strict: true },
  { raw: '..', strict: true },
  { raw: '%ED%A0%80', strict: true },
  { raw: '%E2%80%AE1', strict: true },
  { raw: 'abc', strict: true },
  { raw: '9'.repeat(40), strict: true },
  { raw: '1'.repeat(300), strict: true },
  { raw: 'a'.repeat(300), strict: true },
];

export interface Built {
  input: Record<string, unknown>;
  rawPath?: Record<string, string>;
}

/** Turns an input into the request the web client would send (path params in the URL, the rest in the query or body). */
export function toRequest(ep: Endpoint, built: Built, label: string, extra: Partial<FuzzRequest> = {}): FuzzRequest {
  const rest = { ...built.input };
  const url = ep.path.replace(/\{(\w+)\??\}/g, (_, name: string) => {
    const raw = built.rawPath?.[name];
    const value = rest[name];
    delete rest[name];
    if (raw !== undefined) return raw;
    if (value === undefined || value === null) return '';
    return encodeLoose(typeof value === 'string' ? value : JSON.stringify(value));
  });
  const parts: string[] = [];
  const body: Record<string, unknown> = {};
  for (const [k, v] of Object.entries(rest)) {
    if (!inQuery(ep, k)) {
      body[k] = v;
      continue;
    }
    if (v === undefined) continue;
    const values = Array.isArray(v) ? v : [v];
    for (const item of values) {
      const text = item === null ? '' : typeof item === 'string' ? item : JSON.stringify(item);
      parts.push(`${encodeLoose(k)}=${encodeLoose(text)}`);
    }
  }
  const target = parts.length ? `${url}?${parts.join('&')}` : url;
  if (ep.method === 'GET') return { label, method: 'GET', url: target, ...extra };
  return { label, method: 'POST', url: target, body: JSON.stringify(body), contentType: 'application/json', ...extra };
}

/**
 * Malformed requests for one endpoint, built from its schema: every field missing, of the
 * wrong type, too long, nested too deep, odd unicode; path params odd; extra fields; bodies
 * that are not objects or not JSON. At least `count`, the field-level ones sampled by `rng`.
 */
export function malformedRequests(ep: Endpoint, count: number, rng: Prng, overrides: Record<string, unknown> = {}): FuzzRequest[] {
  const { fields, path } = inputFields(ep);
  const base = sampleInput(ep);
  // Values that make the unmutated input reach deep into the handler (an existing article's id).
  for (const [k, v] of Object.entries(overrides)) if (k in base) base[k] = v;
  const always: FuzzRequest[] = [];
  const sampled: FuzzRequest[] = [];

  for (const name of path) {
    for (const odd of PATH_ODDITIES) {
      always.push(
        toRequest(ep, { input: base, rawPath: { [name]: odd.raw } }, `path ${name}=${odd.raw.slice(0, 20)}`, { mustReject: odd.strict }),
      );
    }
  }

  for (const [name, field] of Object.entries(fields)) {
    const isPath = path.has(name);
    if (!field.optional && !isPath) {
      const without = { ...base };
      delete without[name];
      sampled.push(toRequest(ep, { input: without }, `missing ${name}`, { mustReject: true }));
    }
    if (isPath) continue;
    for (const w of wrongTypes(field.shape)) {
      // In a query string every value is a string: only the JSON body can carry a wrong type.
      const strict = w.strict && !inQuery(ep, name);
      sampled.push(toRequest(ep, { input: { ...base, [name]: w.value } }, `${name}=${w.label}`, { mustReject: strict }));
    }
    for (const s of ODD_STRINGS) {
      const value = inQuery(ep, name) ? s.slice(0, 20_000) : s;
      sampled.push(
        toRequest(
          ep,
          { input: { ...base, [name]: value } },
          `${name}=${JSON.stringify(s.slice(0, 16))}${s.length > 16 ? `…(${s.length})` : ''}`,
        ),
      );
    }
    if (field.shape.kind === 'number') {
      for (const n of NON_CANONICAL_NUMBERS) {
        sampled.push(toRequest(ep, { input: { ...base, [name]: n } }, `${name}=${JSON.stringify(n)}`, { mustReject: true }));
      }
    }
    if (field.shape.kind === 'string' && field.shape.max !== null) {
      sampled.push(
        toRequest(ep, { input: { ...base, [name]: 'a'.repeat(field.shape.max + 1) } }, `${name} of ${field.shape.max + 1} chars`, {
          mustReject: true,
        }),
      );
    }
    if (inQuery(ep, name)) {
      sampled.push(toRequest(ep, { input: { ...base, [name]: ['1', '2'] } }, `${name} repeated`));
    }
  }

  // Whole-body and whole-query oddities.
  const extras: [string, Record<string, unknown>][] = [
    ['extra field', { ...base, zz_extra: 'x' }],
    ['__proto__ field', JSON.parse(`{"__proto__":{"role":"super","is_super":true}}`) as Record<string, unknown>],
    ['constructor field', { ...base, constructor: { prototype: { role: 'super' } } }],
    ['role and user_id fields', { ...base, role: 'super', user_id: 1, uid: 1 }],
    ['empty input', {}],
  ];
  for (const [label, input] of extras) always.push(toRequest(ep, { input }, label));
  if (ep.method === 'POST') {
    const url = toRequest(ep, { input: base }, '').url;
    const raw = (label: string, body: string, contentType = 'application/json'): FuzzRequest => ({
      label,
      method: 'POST',
      url,
      body,
      contentType,
    });
    always.push(
      raw('body []', '[]'),
      raw('body "x"', '"x"'),
      raw('body 5', '5'),
      raw('body null', 'null'),
      raw('body broken JSON', '{"a":'),
      raw('body empty', ''),
      raw('body duplicate keys', `{"a":1,"a":2}`),
      raw('body text/plain', 'hello', 'text/plain'),
      raw('body form', 'a=1&b=2', 'application/x-www-form-urlencoded'),
      raw('body deep array 5000', '['.repeat(5000) + ']'.repeat(5000)),
      raw('body lone surrogate escape', '{"x":"\\ud800"}'),
    );
  } else {
    const url = toRequest(ep, { input: base }, '').url;
    const sep = url.includes('?') ? '&' : '?';
    always.push(
      { label: 'query a[b]=c', method: 'GET', url: `${url}${sep}a[b]=c` },
      { label: 'query bad escape', method: 'GET', url: `${url}${sep}x=%zz` },
      { label: 'query empty key', method: 'GET', url: `${url}${sep}=1&&=` },
    );
  }

  const chosen = [...always, ...rng.shuffle(sampled).slice(0, Math.max(0, count - always.length))];
  // Fewer fields than samples: combine several field mutations at random until there are `count`.
  const names = Object.keys(fields).filter((n) => !path.has(n));
  const pool = [null, true, 0, -1, [], {}, '', 'a'.repeat(5000), ...ODD_STRINGS.slice(0, 12)];
  while (chosen.length < count) {
    const input: Record<string, unknown> = { ...base };
    const changed: string[] = [];
    const n = 1 + rng.int(3);
    for (let i = 0; i < n; i++) {
      const name = names.length && rng.next() < 0.8 ? rng.pick(names) : `zz${rng.int(1000)}`;
      input[name] = rng.pick(pool);
      changed.push(name);
    }
    chosen.push(toRequest(ep, { input }, `random ${changed.join(',')} #${chosen.length}`));
  }
  return chosen;
}
