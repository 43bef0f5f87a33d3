import { z } from 'zod';

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

export const PHONE_PATTERN = /^1[3-9]\d{9}$/;
export const phone = z
  .string({ error: missingOrWrong('手机号') })
  .trim()
  .min(1, { error: '请填写手机号' })
  .regex(PHONE_PATTERN, { error: '请输入正确的 11 位手机号' });

export const PASSWORD_RULE = { min_length: 8, max_length: 64, hint: '8–64 位，需同时包含字母和数字' } as const;
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

export const USERNAME_RULE = { min_length: 2, max_length: 20, hint: '2–20 个字符，可用中文、字母、数字和下划线，不能全是数字' } as const;
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

/** Pagination offset from a query string. */
export const offset = z.coerce
  .number({ error: 'offset 必须是数字' })
  .int({ error: 'offset 必须是整数' })
  .min(0, { error: 'offset 不能为负数' })
  .default(0);

export function limit(def: number, max: number) {
  return z.coerce
    .number({ error: 'limit 必须是数字' })
    .int({ error: 'limit 必须是整数' })
    .min(1, { error: 'limit 至少为 1' })
    .max(max, { error: `limit 不能超过 ${max}` })
    .default(def);
}

/** A positive integer id, from a path segment, query string or JSON body. */
export function id(label = 'id') {
  return z.coerce
    .number({ error: `${label} 必须是数字` })
    .int({ error: `${label} 必须是整数` })
    .positive({ error: `${label} 必须是正整数` });
}

/** A boolean from JSON or a query string (`true/false/1/0`). */
export function flag(label: string) {
  return z.preprocess(
    (v) => (v === 'true' || v === '1' || v === 1 ? true : v === 'false' || v === '0' || v === 0 ? false : v),
    z.boolean({ error: `${label}必须是 true 或 false` }),
  );
}

/** A page of results: `next_offset` is null at the end. */
export function page<T extends z.ZodType>(item: T) {
  return z.object({ list: z.array(item), next_offset: z.number().int().nullable() });
}

export const isoTime = z.string().describe('ISO 8601 time');
