import { z } from 'zod';
import { endpoint } from '../endpoint.js';
import { offset, page, text, username } from '../fields.js';
import { userSchema } from './shared.js';

export const smsMessageSchema = z.object({
  id: z.number().int(),
  phone: z.string(),
  stype: z.string(),
  text: z.string(),
  provider: z.string(),
  created_at: z.string(),
});

export const userEndpoints = {
  'user.me': endpoint({
    method: 'GET',
    path: '/api/user/me',
    role: 'anonymous',
    summary: '当前用户；未登录（或令牌已失效）时 result 为 null',
    input: z.object({}),
    output: userSchema.nullable(),
  }),
  'user.isSuper': endpoint({
    method: 'GET',
    path: '/api/user/issuper',
    role: 'anonymous',
    summary: '当前用户是否为超级管理员',
    input: z.object({}),
    output: z.object({ is_super: z.boolean() }),
  }),
  'user.changeUsername': endpoint({
    method: 'POST',
    path: '/api/user/change_username',
    role: 'user',
    summary: '修改用户名（唯一）',
    input: z.object({ username }),
    output: userSchema,
  }),
  'user.search': endpoint({
    method: 'GET',
    path: '/api/user/search',
    role: 'manager',
    summary: '按手机号、用户名或用户 id 查找用户',
    input: z.object({ q: text('搜索内容', { max: 32 }) }),
    output: z.object({ list: z.array(userSchema) }),
  }),
  'user.searchWx': endpoint({
    method: 'GET',
    path: '/api/user/search/wx',
    role: 'manager',
    summary: '按微信 openid 查找用户',
    input: z.object({ openid: text('openid', { max: 64 }) }),
    output: z.object({ list: z.array(userSchema) }),
  }),
  'sms.outbox': endpoint({
    method: 'GET',
    path: '/api/sms/outbox',
    role: 'super',
    summary: '控制台短信通道发出的短信（最新在前）',
    input: z.object({ offset }),
    output: page(smsMessageSchema),
  }),
} as const;
