import { z } from 'zod';
import { endpoint } from '../endpoint.js';
import { clientKey, flag, id, int, offset, page, text } from '../fields.js';
import { articleCardSchema } from './articles.shared.js';

export const dayStatsSchema = z.object({
  /** The day in China time (UTC+8), YYYY-MM-DD. */
  date: z.string(),
  seconds: z.number().int(),
  minutes: z.number().int(),
  articles_finished: z.number().int(),
  words_looked_up: z.number().int(),
  words_added: z.number().int(),
});

export const historyEndpoints = {
  'history.token': endpoint({
    method: 'GET',
    path: '/reader/history/t',
    role: 'user',
    summary: '开始阅读时取得服务器签发的 t（之后上报阅读时长要带上）',
    input: z.object({ article_id: id('文章 id') }),
    output: z.object({ t: z.string(), expires_in: z.number().int() }),
  }),
  'history.report': endpoint({
    method: 'POST',
    path: '/reader/history',
    role: 'user',
    summary: '上报阅读时长（需有效的 t 与请求签名 X-BB-Sign）',
    input: z
      .object({
        article_id: id('文章 id'),
        spent_time: int('阅读时长', {
          min: 0,
          max: 3600,
          msg: { type: '阅读时长必须是数字', int: '阅读时长必须是整数（秒）', min: '阅读时长不能为负数', max: '一次最多上报 3600 秒' },
        }),
        is_finish: flag('is_finish').default(false),
        t: text('t', { max: 500 }),
      })
      // A report of "finished" may come with no new seconds; any other report needs some.
      .refine((r) => r.spent_time >= 1 || r.is_finish, { error: '阅读时长至少 1 秒', path: ['spent_time'] }),
    output: z.object({ credited: z.number().int(), today: dayStatsSchema }),
  }),
  'history.offline': endpoint({
    method: 'POST',
    path: '/reader/history/offline',
    role: 'user',
    summary: '上报离线时读的阅读时长（需联网时取得的 t 与请求签名 X-BB-Sign；同一 key 只记一次，时长受经过的时间、每日上限与已记时段限制）',
    input: z
      .object({
        article_id: id('文章 id'),
        /** The client's key of this report: a resend after a lost answer is counted once. */
        key: clientKey('上报标识'),
        spent_time: int('阅读时长', {
          min: 0,
          max: 43_200,
          msg: { type: '阅读时长必须是数字', int: '阅读时长必须是整数（秒）', min: '阅读时长不能为负数', max: '一次最多上报 12 小时' },
        }),
        /** When the reading began and ended, in seconds after the client received `t`. */
        from_s: int('开始时间', { min: 0, max: 8 * 86_400 }),
        to_s: int('结束时间', { min: 0, max: 8 * 86_400 }),
        is_finish: flag('is_finish').default(false),
        t: text('t', { max: 500 }),
      })
      .refine((r) => r.spent_time >= 1 || r.is_finish, { error: '阅读时长至少 1 秒', path: ['spent_time'] })
      .refine((r) => r.from_s <= r.to_s, { error: '结束时间不能早于开始时间', path: ['to_s'] }),
    output: z.object({
      /** The seconds counted for this report (on its first arrival; a resend answers the same). */
      credited: z.number().int(),
      /** The China-time day the seconds went to. */
      day: z.string(),
      /** True when this key had been counted before: nothing was added now. */
      duplicate: z.boolean(),
    }),
  }),
  'history.list': endpoint({
    method: 'GET',
    path: '/reader/history',
    role: 'user',
    summary: '我的阅读记录，最近在前',
    input: z.object({ offset }),
    output: page(articleCardSchema.extend({ spent_time: z.number().int(), is_finish: z.boolean(), last_read_at: z.string() })),
  }),
  'history.today': endpoint({
    method: 'GET',
    path: '/reader/history/data/today',
    role: 'user',
    summary: '今天的阅读分钟、读完文章、查词和加入生词本数',
    input: z.object({}),
    output: dayStatsSchema.extend({ streak: z.number().int() }),
  }),
  'history.data': endpoint({
    method: 'GET',
    path: '/reader/history/data',
    role: 'user',
    summary: '一段日期内每天的阅读数据、合计与连续天数（默认最近 30 天，最多 366 天）',
    input: z.object({
      from: z.iso.date({ error: 'from 必须是 YYYY-MM-DD 日期' }).optional(),
      to: z.iso.date({ error: 'to 必须是 YYYY-MM-DD 日期' }).optional(),
    }),
    output: z.object({
      from: z.string(),
      to: z.string(),
      days: z.array(dayStatsSchema),
      totals: z.object({
        minutes: z.number().int(),
        articles_finished: z.number().int(),
        words_looked_up: z.number().int(),
        days_read: z.number().int(),
      }),
      streak: z.object({ current: z.number().int(), longest: z.number().int() }),
    }),
  }),
} as const;
