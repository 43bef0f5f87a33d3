import { z } from 'zod';
import { endpoint } from '../endpoint.js';
import { clientKey, flag, freeJson, limit, offset, page, text } from '../fields.js';

export const logSources = ['WEB', 'WEBVIEW'] as const;

export { LogEvents } from '../constants.js';

const jsonValue: z.ZodType<unknown> = z.unknown();
/** Event data as a client sends it: any JSON, capped in depth and size (the service stores it as text). */
const eventData = freeJson('事件数据', { maxBytes: 4096 });

export const logEventSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  data: jsonValue,
  cuid: z.string(),
  uid: z.number().int().nullable(),
  is_new: z.boolean(),
  source: z.enum(logSources),
  created_at: z.string(),
});

export const visitorSchema = z.object({
  cuid: z.string(),
  uid: z.number().int().nullable(),
  username: z.string().nullable(),
  source: z.enum(logSources),
  platform: z.string().nullable(),
  first_seen_at: z.string(),
  last_seen_at: z.string(),
  last_event: z.string(),
  last_path: z.string().nullable(),
  events: z.number().int(),
  is_new: z.boolean(),
});

export const logEndpoints = {
  'log.add': endpoint({
    method: 'POST',
    path: '/api/log',
    role: 'anonymous',
    summary: '记录客户端事件（打开应用、打开页面……）；cuid 缺省取 X-BB-CUID',
    input: z.object({
      name: text('事件名', { max: 64 }),
      data: eventData.optional(),
      cuid: clientKey('客户端标识').optional(),
      // Ignored (the user comes from the token), but still bounded like any free-form field.
      uid: freeJson('uid', { maxBytes: 1024 }).optional(),
      is_new: flag('is_new').default(false),
      source: z.enum(logSources, { error: 'source 只能是 WEB 或 WEBVIEW' }).default('WEB'),
    }),
    output: z.object({ id: z.number().int() }),
    rateLimit: [{ by: 'ip', max: 600, windowSec: 600 }],
  }),
  'visitor.list': endpoint({
    method: 'GET',
    path: '/reader/visitor',
    role: 'manager',
    summary: '访客列表，最近活跃在前，每页 10 个',
    input: z.object({ offset, limit: limit(10, 50) }),
    output: page(visitorSchema),
  }),
  'visitor.logs': endpoint({
    method: 'GET',
    path: '/reader/visitor/logs',
    role: 'manager',
    summary: '一个访客的事件，最新在前',
    input: z.object({ cuid: clientKey('客户端标识'), offset }),
    output: page(logEventSchema),
  }),
} as const;
