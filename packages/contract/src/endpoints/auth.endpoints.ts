import { z } from 'zod';
import { endpoint } from '../endpoint.js';
import { anyPassword, captchaText, clientKey, id, optionalText, password, phone, smsCode, text } from '../fields.js';
import { okResult, sessionSchema } from './shared.js';

// Only per-address limits here. A limit per phone or account name, counted before the password,
// captcha or SMS code is checked, lets anyone lock the owner out; those are counted by the server
// after the check (login failures: the auth module's login guard; SMS codes per phone: the SMS
// code service, once the captcha was right; wrong SMS codes: five per code). docs/operations.md.
const perIp = (max: number, windowSec: number) => ({ by: 'ip', max, windowSec }) as const;

export const smsTypes = ['register', 'reset'] as const;

export const registerRuleSchema = z.object({
  /** Registration must confirm the phone with an SMS code (then the client uses `/auth/register`). */
  sms_required: z.boolean(),
  /** An invitation code must be given. */
  invite_code_required: z.boolean(),
  /** Invitation codes are accepted at all. */
  invite_code_enabled: z.boolean(),
  password: z.object({ min_length: z.number(), max_length: z.number(), hint: z.string() }),
  username: z.object({ min_length: z.number(), max_length: z.number(), hint: z.string() }),
});

export const authEndpoints = {
  'auth.registerByPhone': endpoint({
    method: 'POST',
    path: '/auth/register_by_phone',
    role: 'anonymous',
    summary: '手机号注册（不需要短信验证时；需要时 code 为短信验证码）',
    input: z.object({ phone, password: password(), code: optionalText('短信验证码', 6) }),
    output: sessionSchema,
    rateLimit: [perIp(10, 3600)],
  }),
  'auth.register': endpoint({
    method: 'POST',
    path: '/auth/register',
    role: 'anonymous',
    summary: '手机号 + 短信验证码注册，code 为邀请码',
    input: z.object({ phone, password: password(), sms_code: smsCode, code: optionalText('邀请码', 32) }),
    output: sessionSchema,
    rateLimit: [perIp(10, 3600)],
  }),
  'auth.login': endpoint({
    method: 'POST',
    path: '/auth/login',
    role: 'anonymous',
    summary: '用手机号或用户名登录',
    input: z.object({ username: text('手机号或用户名', { max: 32 }), password: anyPassword() }),
    output: sessionSchema,
    rateLimit: [perIp(30, 600)],
  }),
  'auth.logout': endpoint({
    method: 'POST',
    path: '/auth/logout',
    role: 'user',
    summary: '退出登录，当前令牌失效',
    input: z.object({}),
    output: okResult,
  }),
  'auth.changePassword': endpoint({
    method: 'POST',
    path: '/auth/change_password',
    role: 'user',
    summary: '修改自己的密码（需旧密码）；超级管理员可用 user_id 为任何人设置新密码',
    input: z.object({
      old_password: anyPassword('旧密码').optional(),
      new_password: password('新密码'),
      user_id: id('user_id').optional(),
    }),
    // A new token for the caller when they changed their own password: every other session ends.
    output: z.object({ token: z.string().nullable(), expires_at: z.string().nullable() }),
    rateLimit: [perIp(20, 600)],
  }),
  'auth.resetPassword': endpoint({
    method: 'POST',
    path: '/auth/reset_password',
    role: 'anonymous',
    summary: '用短信验证码重设密码',
    input: z.object({ phone, new_password: password('新密码'), sms_code: smsCode }),
    output: okResult,
    rateLimit: [perIp(20, 3600)],
  }),
  'auth.registerRule': endpoint({
    method: 'GET',
    path: '/auth/register_rule',
    role: 'anonymous',
    summary: '注册需要什么：短信验证、邀请码、密码规则',
    input: z.object({}),
    output: registerRuleSchema,
  }),
  'auth.captcha': endpoint({
    method: 'GET',
    path: '/auth/captcha',
    role: 'anonymous',
    summary: '为客户端 key 生成一次性图形验证码（SVG 图片）',
    input: z.object({ key: clientKey('验证码标识') }),
    output: z.string(),
    produces: 'image/svg+xml',
    rateLimit: [perIp(60, 600)],
  }),
  'auth.smsSend': endpoint({
    method: 'POST',
    path: '/auth/smscode/send',
    role: 'anonymous',
    summary: '发送短信验证码（需正确的图形验证码；key 缺省为 X-BB-CUID）',
    input: z.object({
      phone,
      captcha: captchaText,
      stype: z.enum(smsTypes, { error: '短信类型只能是 register 或 reset' }).default('reset'),
      key: clientKey('验证码标识').optional(),
    }),
    output: z.object({ expires_in: z.number().int(), resend_after: z.number().int() }),
    rateLimit: [perIp(10, 3600)],
  }),
} as const;
