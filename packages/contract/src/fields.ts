import { z } from 'zod';
import { PASSWORD_RULE, PHONE_PATTERN, USERNAME_RULE } from './constants.js';

/**
 * Field builders with learner-facing Chinese messages that name the field. Every
 * validation message the server sends comes from here, so the wording is one place.
 */
function missingOrWrong(label: string) {
  return (issue: { input?: unknown }) =>
    issue.input === undefined || issue.input === null || issue.input === '' ? `请填写${label}` : `${label}格式不正确`;
}

/** A required, trimmed string of `min`–`max` characters. */
export function text(label: string, { min = 1, max = 200 }: { min?: number; max?: number } = {}) {
  return z
    .string({ error: missingOrWrong(label) })
    .trim()
    .min(min, { error: min <= 1 ? `请填写${label}` : `${label}至少需要 ${min} 个字符` })
    .max(max, { error: `${label}不能超过 ${max} 个字符` });
}

/** An optional string; empty becomes undefined. */
export function optionalText(label: string, max = 200) {
  return z.preprocess(
    (v) => (v === '' || v === null ? undefined : v),
    z
      .string({ error: `${label}格式不正确` })
      .trim()
      .max(max, { error: `${label}不能超过 ${max} 个字符` })
      .optional(),
  );
}

export const phone = z
  .string({ error: missingOrWrong('手机号') })
  .trim()
  .min(1, { error: '请填写手机号' })
  .regex(PHONE_PATTERN, { error: '请输入正确的 11 位手机号' });

export function password(label = '密码') {
  return z
    .string({ error: missingOrWrong(label) })
    .min(1, { error: `请填写${label}` })
    .min(PASSWORD_RULE.min_length, { error: `${label}至少需要 ${PASSWORD_RULE.min_length} 位` })
    .max(PASSWORD_RULE.max_length, { error: `${label}不能超过 ${PASSWORD_RULE.max_length} 位` })
    .refine((v) => /[A-Za-z]/.test(v) && /\d/.test(v), { error: `${label}需同时包含字母和数字` });
}

/** A password as typed at login: only presence is checked, so old passwords still work. */
export function anyPassword(label = '密码') {
  return z
    .string({ error: missingOrWrong(label) })
    .min(1, { error: `请填写${label}` })
    .max(128, { error: `${label}不正确` });
}

export const username = z
  .string({ error: missingOrWrong('用户名') })
  .trim()
  .min(1, { error: '请填写用户名' })
  .min(USERNAME_RULE.min_length, { error: `用户名至少需要 ${USERNAME_RULE.min_length} 个字符` })
  .max(USERNAME_RULE.max_length, { error: `用户名不能超过 ${USERNAME_RULE.max_length} 个字符` })
  .regex(/^[\p{Script=Han}A-Za-z0-9_]+$/u, { error: '用户名只能包含中文、字母、数字和下划线' })
  .refine((v) => !/^\d+$/.test(v), { error: '用户名不能全是数字' });

export const smsCode = z
  .string({ error: missingOrWrong('短信验证码') })
  .trim()
  .min(1, { error: '请填写短信验证码' })
  .regex(/^\d{6}$/, { error: '短信验证码是 6 位数字' });

export const captchaText = text('图形验证码', { max: 8 });

/** A client-chosen key (captcha key, client id): letters, digits, `-` and `_`. */
export function clientKey(label: string) {
  return text(label, { max: 64 }).regex(/^[A-Za-z0-9_-]+$/, { error: `${label}格式不正确` });
}

/** A text an edit may clear: `null` or `''` clears it (null), absent leaves it unchanged. */
export function clearableText(label: string, max = 200) {
  return z.preprocess(
    (v) => (v === '' ? null : v),
    z
      .string({ error: `${label}格式不正确` })
      .trim()
      .max(max, { error: `${label}不能超过 ${max} 个字符` })
      .nullable()
      .optional(),
  );
}

/*
 * Numbers and booleans arrive in two forms. In a JSON body a number is a JSON number and a
 * boolean a JSON boolean: `true`, `[5]` or `"7"` where a number belongs is a client bug, not
 * a value to guess at. In a query string or a path segment everything is text, so the text
 * form accepts only the canonical spelling (`0`, `42`, `-3`, then checked against the field's
 * range; no `+`, leading zero, space, hex or exponent) and the documented boolean words.
 *
 * A builder returns the JSON form and records its text form here; `endpoint()` knows which
 * fields arrive as text (every field of a GET, every path parameter) and swaps them in with
 * `forText`, so an endpoint is still written once, with one builder per field.
 */
const textForms = new WeakMap<z.ZodType, z.ZodType>();

function withTextForm<J extends z.ZodType>(json: J, text: z.ZodType): J {
  textForms.set(json, text);
  return json;
}

/**
 * The schema for a field that arrives as text (query or path): the builder's text form,
 * through `.optional()`, `.nullable()` and `.default()` wrappers; other schemas as they are.
 */
export function forText(schema: z.ZodType): z.ZodType {
  const text = textForms.get(schema);
  if (text) return text;
  if (schema instanceof z.ZodOptional) return forText(schema.unwrap() as z.ZodType).optional();
  if (schema instanceof z.ZodNullable) return forText(schema.unwrap() as z.ZodType).nullable();
  if (schema instanceof z.ZodDefault) {
    const inner = forText(schema.unwrap() as z.ZodType);
    // The same default value, now in front of the text form.
    return inner === schema.unwrap() ? schema : inner.default(schema._zod.def.defaultValue as never);
  }
  return schema;
}

const CANONICAL_INT = /^(0|-?[1-9][0-9]*)$/;

export interface IntRule {
  min?: number;
  max?: number;
  /** Messages that replace the defaults (each names the field). */
  msg?: { type?: string; int?: string; min?: string; max?: string };
}

/**
 * An integer field: a JSON number in a body; a canonical digit string in a query or path.
 * Messages name the field: missing, not a number, not an integer, out of range.
 */
export function int(label: string, { min, max, msg = {} }: IntRule = {}) {
  const missing = (issue: { input?: unknown }) => (issue.input === undefined || issue.input === null ? `请填写${label}` : undefined);
  const typeMsg = msg.type ?? `${label} 必须是数字`;
  const intMsg = msg.int ?? `${label} 必须是整数`;
  let json = z.number({ error: (issue) => missing(issue) ?? typeMsg }).int({ error: intMsg });
  if (min !== undefined) json = json.min(min, { error: msg.min ?? (min === 0 ? `${label} 不能为负数` : `${label} 不能小于 ${min}`) });
  if (max !== undefined) json = json.max(max, { error: msg.max ?? `${label} 不能超过 ${max}` });
  const text = z
    .string({ error: (issue) => missing(issue) ?? typeMsg })
    // `1.5` and `007` are numbers, just not canonical integers; `abc`, ` 7 `, `0x10`, `1e3` are not numbers here.
    .regex(CANONICAL_INT, { error: (issue) => (/^-?\d+(\.\d+)?$/.test(String(issue.input)) ? intMsg : typeMsg) })
    .transform(Number)
    .pipe(json);
  return withTextForm(json, text);
}

/** Pagination offset (0 when absent). */
export const offset = int('offset', { min: 0 }).default(0);

/** A page size (`def` when absent), named `label` in messages. */
export function limit(def: number, max: number, label = 'limit') {
  return int(label, { min: 1, max, msg: { min: `${label} 至少为 1` } }).default(def);
}

/** A positive integer id, from a path segment, query string or JSON body. */
export function id(label = 'id') {
  return int(label, { min: 1, msg: { min: `${label} 必须是正整数` } });
}

const TRUE_WORDS = ['true', '1'];
const FALSE_WORDS = ['false', '0'];

/** A boolean: a JSON boolean in a body; `true/false/1/0` in a query string. */
export function flag(label: string) {
  const error = `${label}必须是 true 或 false`;
  const json = z.boolean({ error });
  const text = z.enum([...TRUE_WORDS, ...FALSE_WORDS], { error }).transform((v) => TRUE_WORDS.includes(v));
  return withTextForm(json, text);
}

export interface FreeJsonRule {
  /** Nesting of objects and arrays, the field itself counting as one level. */
  maxDepth?: number;
  /** Size of the field serialized as JSON, in bytes (UTF-8). */
  maxBytes?: number;
  /** Replaces the default "too large" message. */
  tooLarge?: string;
}

/** Whether a parsed JSON value nests deeper than `max`; iterative, so depth cannot exhaust the stack. */
function nestsDeeperThan(value: unknown, max: number): boolean {
  const pending: [unknown, number][] = [[value, 1]];
  while (pending.length > 0) {
    const [v, depth] = pending.pop()!;
    if (v === null || typeof v !== 'object') continue;
    if (depth > max) return true;
    for (const child of Object.values(v)) pending.push([child, depth + 1]);
  }
  return false;
}

const utf8 = new TextEncoder();

/** The one check of free-form JSON: depth first (only a shallow value is safe to serialize), then size. */
function capFreeJson(label: string, { maxDepth = 10, maxBytes = 4096, tooLarge }: FreeJsonRule) {
  return (value: unknown, ctx: z.RefinementCtx) => {
    if (nestsDeeperThan(value, maxDepth)) {
      ctx.addIssue({ code: 'custom', message: `${label}层级太深（最多 ${maxDepth} 层）` });
      return;
    }
    const serialized = JSON.stringify(value) as string | undefined;
    if (serialized !== undefined && utf8.encode(serialized).length > maxBytes) {
      const limit = maxBytes >= 1024 ? `${Math.round(maxBytes / 1024)}KB` : `${maxBytes} 字节`;
      ctx.addIssue({ code: 'custom', message: tooLarge ?? `${label}太大（最多 ${limit}）` });
    }
  };
}

/**
 * A free-form JSON field (event data). Capped in depth and size so no later
 * `JSON.stringify` or recursive walk can be driven into a stack overflow or a huge row.
 */
export function freeJson(label: string, rule: FreeJsonRule = {}) {
  return z.unknown().superRefine(capFreeJson(label, rule));
}

/** A free-form JSON object (`{…}`, e.g. a note's position), with the same caps as `freeJson`. */
export function freeJsonObject(label: string, rule: FreeJsonRule = {}) {
  return z.record(z.string(), z.unknown(), { error: `${label}格式不正确` }).superRefine(capFreeJson(label, rule));
}

/** A page of results: `next_offset` is null at the end. */
export function page<T extends z.ZodType>(item: T) {
  return z.object({ list: z.array(item), next_offset: z.number().int().nullable() });
}

export const isoTime = z.string().describe('ISO 8601 time');

export { PASSWORD_RULE, PHONE_PATTERN, USERNAME_RULE } from './constants.js';
