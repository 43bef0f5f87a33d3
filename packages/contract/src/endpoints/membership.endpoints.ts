import { z } from 'zod';
import { endpoint } from '../endpoint.js';
import { flag, id, int, offset, optionalText, page, text } from '../fields.js';
import { userSchema } from './shared.js';
export * from '../membership-constants.js';
import { codeTypes, orderStatuses, payProviders, rankCats } from '../membership-constants.js';

const day = (label: string) => z.iso.date({ error: `${label}必须是 YYYY-MM-DD 日期` });

export const memberProductSchema = z.object({
  id: z.number().int(),
  code: z.string(),
  name: z.string(),
  level: z.number().int(),
  days: z.number().int(),
  price_fen: z.number().int(),
  original_price_fen: z.number().int().nullable(),
  benefits: z.array(z.string()),
});

export const memberLogSchema = z.object({
  id: z.number().int(),
  user_id: z.number().int(),
  username: z.string().nullable(),
  operator_id: z.number().int().nullable(),
  operator_name: z.string().nullable(),
  action: z.enum(['open', 'renew', 'close']),
  source: z.enum(['manager', 'order', 'trial', 'award']),
  days: z.number().int(),
  level_before: z.number().int().nullable(),
  level_after: z.number().int().nullable(),
  expires_before: z.string().nullable(),
  expires_after: z.string().nullable(),
  remark: z.string(),
  ref: z.string().nullable(),
  created_at: z.string(),
});

export const orderSchema = z.object({
  order_no: z.string(),
  user_id: z.number().int(),
  username: z.string().nullable(),
  product_id: z.number().int(),
  product_name: z.string(),
  level: z.number().int(),
  days: z.number().int(),
  amount_fen: z.number().int(),
  provider: z.enum(payProviders),
  status: z.enum(orderStatuses),
  trade_no: z.string().nullable(),
  paid_at: z.string().nullable(),
  finished_at: z.string().nullable(),
  closed_at: z.string().nullable(),
  /** When the buyer said 我已付款 on a manual payment: managers see it on the order to check the transfer. */
  buyer_paid_at: z.string().nullable(),
  created_at: z.string(),
});

/** What the client needs to pay: nothing (manual: wait for a manager), a QR code text (WeChat Native), or a page to open (Alipay). */
export const payActionSchema = z.object({
  kind: z.enum(['manual', 'qr', 'redirect']),
  code_url: z.string().nullable(),
  pay_url: z.string().nullable(),
  hint: z.string(),
});

export const membershipResultSchema = z.object({ user: userSchema, log: memberLogSchema });

export const codeSchema = z.object({
  id: z.number().int(),
  code: z.string(),
  ctype: z.enum(codeTypes),
  days: z.number().int(),
  remark: z.string(),
  owner_id: z.number().int().nullable(),
  created_at: z.string(),
  used_by: z.array(z.object({ user_id: z.number().int(), username: z.string(), created_at: z.string() })),
});

export const awardSchema = z.object({
  id: z.number().int(),
  kind: z.enum(['invite', 'code', 'rank']),
  title: z.string(),
  days: z.number().int(),
  code_id: z.number().int().nullable(),
  rank_date: z.string().nullable(),
  status: z.enum(['earned', 'claimed']),
  claimed_at: z.string().nullable(),
  created_at: z.string(),
});

export const rankRowSchema = z.object({
  rank: z.number().int(),
  user_id: z.number().int(),
  username: z.string(),
  value: z.number().int(),
});

const remark = optionalText('备注', 200);
const days = int('天数', { min: 1, max: 3660, msg: { min: '天数至少为 1', max: '天数最多 3660' } });
const orderNo = text('订单号', { max: 40 }).regex(/^[A-Za-z0-9_-]+$/, { error: '订单号格式不正确' });
const openid = optionalText('openid', 64);

export const membershipEndpoints = {
  'member.products': endpoint({
    method: 'GET',
    path: '/api/member/product',
    role: 'anonymous',
    summary: '可购买的会员商品（价格单位：分）',
    input: z.object({ openid }),
    output: z.object({ list: z.array(memberProductSchema) }),
  }),
  'member.version': endpoint({
    method: 'GET',
    path: '/api/member/version',
    role: 'anonymous',
    summary: '当前适用的会员方案版本与可用的支付方式',
    input: z.object({ openid }),
    output: z.object({
      version: z.string(),
      title: z.string(),
      recommended: z.string().nullable(),
      providers: z.array(z.enum(payProviders)),
      trial_days: z.number().int(),
    }),
  }),
  'member.productManage': endpoint({
    method: 'GET',
    path: '/api/member/product/manage',
    role: 'super',
    summary: '全部会员商品（含已下架）',
    input: z.object({}),
    output: z.object({ list: z.array(memberProductSchema.extend({ is_active: z.boolean(), sort: z.number().int() })) }),
  }),
  'member.productSave': endpoint({
    method: 'POST',
    path: '/api/member/product/save',
    role: 'super',
    summary: '新建或修改会员商品（按 code；价格单位：分）；已有订单保留下单时的价格',
    input: z.object({
      code: text('商品代码', { max: 32 }).regex(/^[a-z0-9_-]+$/, { error: '商品代码只能包含小写字母、数字、下划线和横线' }),
      name: text('商品名称', { max: 40 }),
      level: int('会员等级', { min: 1, max: 9 }),
      days,
      price_fen: int('价格（分）', { min: 1, max: 10_000_000 }),
      original_price_fen: int('原价（分）', { min: 1, max: 10_000_000 }).nullable().optional(),
      benefits: z.array(text('会员权益', { max: 60 }), { error: '会员权益必须是列表' }).max(12, { error: '会员权益最多 12 条' }),
      sort: int('排序', { min: 0, max: 1000 }).default(0),
      is_active: flag('is_active').default(true),
    }),
    output: memberProductSchema.extend({ is_active: z.boolean(), sort: z.number().int() }),
  }),
  'member.open': endpoint({
    method: 'POST',
    path: '/api/user/open_member',
    role: 'manager',
    summary: '为用户开通会员（从现在起 days 天），记入会员日志',
    input: z.object({ user_id: id('用户 id'), level: int('会员等级', { min: 1, max: 9 }), days, remark }),
    output: membershipResultSchema,
  }),
  'member.renewal': endpoint({
    method: 'POST',
    path: '/api/user/renewal_member',
    role: 'manager',
    summary: '为用户续期会员（到期时间在未来则从到期时间起算，否则从现在起算）',
    input: z.object({ user_id: id('用户 id'), days, remark }),
    output: membershipResultSchema,
  }),
  'member.close': endpoint({
    method: 'POST',
    path: '/api/user/close_member',
    role: 'manager',
    summary: '立即结束用户的会员',
    input: z.object({ user_id: id('用户 id'), remark }),
    output: membershipResultSchema,
  }),
  'member.userLog': endpoint({
    method: 'GET',
    path: '/api/user/memberlog',
    role: 'manager',
    summary: '某个用户的会员日志（最新在前）',
    input: z.object({ user_id: id('用户 id'), offset }),
    output: page(memberLogSchema),
  }),
  'member.myLog': endpoint({
    method: 'GET',
    path: '/api/member/log',
    role: 'user',
    summary: '我的会员日志（最新在前）',
    input: z.object({ offset }),
    output: page(memberLogSchema),
  }),
  'order.create': endpoint({
    method: 'POST',
    path: '/api/member/pay/order',
    role: 'user',
    summary: '下单购买会员商品（金额取自商品）；同一商品未支付的订单会被沿用',
    input: z.object({
      product_id: id('商品 id'),
      provider: z.enum(payProviders, { error: '支付方式不正确' }).optional(),
    }),
    output: z.object({ order: orderSchema, pay: payActionSchema }),
  }),
  'order.show': endpoint({
    method: 'GET',
    path: '/api/member/pay/order',
    role: 'user',
    summary: '一个订单的状态（自己的；管理员任意）',
    input: z.object({ order_no: orderNo }),
    output: orderSchema,
  }),
  'order.list': endpoint({
    method: 'GET',
    path: '/api/member/pay/orders',
    role: 'user',
    summary: '我的订单；管理员看全部，可按状态、订单号或用户筛选',
    input: z.object({
      offset,
      status: z.enum(orderStatuses, { error: '订单状态不正确' }).optional(),
      q: optionalText('搜索内容', 40),
      mine: z.enum(['1', '0'], { error: 'mine 只能是 1 或 0' }).optional(),
    }),
    output: page(orderSchema),
  }),
  'order.finish': endpoint({
    method: 'POST',
    path: '/api/member/pay/order/finish',
    role: 'manager',
    summary: '确认已收款并完成订单：开通或续期会员（只生效一次）',
    input: z.object({ order_no: orderNo }),
    output: z.object({ order: orderSchema, user: userSchema }),
  }),
  'order.buyerPaid': endpoint({
    method: 'POST',
    path: '/api/member/pay/order/paid',
    role: 'user',
    summary: '买家告知已转账（人工收款）：订单标记“买家已付款”，管理员在订单列表核对后完成订单',
    input: z.object({ order_no: orderNo }),
    output: orderSchema,
  }),
  'order.close': endpoint({
    method: 'POST',
    path: '/api/member/pay/order/close',
    role: 'user',
    summary: '关闭一个待支付的订单（自己的；管理员任意）',
    input: z.object({ order_no: orderNo }),
    output: orderSchema,
  }),
  'trial.status': endpoint({
    method: 'GET',
    path: '/api/member/trial',
    role: 'user',
    summary: '我能否领取试用会员',
    input: z.object({}),
    output: z.object({
      days: z.number().int(),
      taken: z.object({ source: z.enum(['xhs', 'link']), created_at: z.string() }).nullable(),
    }),
  }),
  'trial.open': endpoint({
    method: 'POST',
    path: '/api/user/open_trial_member',
    role: 'user',
    summary: '用小红书号领取试用会员（每个账号、每个小红书号一次）',
    input: z.object({
      xhs_id: text('小红书号', { max: 32 }).regex(/^[A-Za-z0-9_.-]+$/, { error: '小红书号只能包含字母、数字、下划线、点和横线' }),
    }),
    output: membershipResultSchema,
  }),
  'trial.receive': endpoint({
    method: 'POST',
    path: '/api/user/receive_trial_member',
    role: 'user',
    summary: '用分享链接里的试用凭证 e 领取试用会员（每个账号一次）',
    input: z.object({ e: text('试用凭证', { max: 500 }) }),
    output: membershipResultSchema,
  }),
  'trial.link': endpoint({
    method: 'POST',
    path: '/api/member/trial/link',
    role: 'manager',
    summary: '生成一个有效期内的试用会员分享链接',
    input: z.object({ hours: int('有效小时数', { min: 1, max: 24 * 30 }).default(72) }),
    output: z.object({ e: z.string(), url: z.string(), expires_at: z.string() }),
  }),
  'code.generate': endpoint({
    method: 'POST',
    path: '/api/code/invitation/generate',
    role: 'manager',
    summary: '生成邀请码（register 注册、member 会员天数、trial 试用；均为一次性）',
    input: z.object({
      ctype: z.enum(['register', 'member', 'trial'], { error: '邀请码类型不正确' }),
      remark,
      days: int('天数', { min: 0, max: 3660 }).optional(),
      count: int('数量', { min: 1, max: 100 }).default(1),
    }),
    output: z.object({ list: z.array(codeSchema) }),
  }),
  'code.list': endpoint({
    method: 'GET',
    path: '/api/code/invitation/list',
    role: 'manager',
    summary: '邀请码列表与使用者（最新在前）',
    input: z.object({ offset, ctype: z.enum(codeTypes, { error: '邀请码类型不正确' }).optional() }),
    output: page(codeSchema),
  }),
  'code.export': endpoint({
    method: 'GET',
    path: '/api/code/invitation/export',
    role: 'manager',
    summary: '导出邀请码与使用者（CSV，最多 5000 个）',
    input: z.object({ ctype: z.enum(codeTypes, { error: '邀请码类型不正确' }).optional() }),
    output: z.string(),
    produces: 'text/csv; charset=utf-8',
    cookieAuth: true,
  }),
  'code.mine': endpoint({
    method: 'GET',
    path: '/api/code/invitation/mycode',
    role: 'user',
    summary: '我的个人邀请码与用它加入的人',
    input: z.object({}),
    output: codeSchema.extend({ bound: z.object({ code: z.string(), ctype: z.enum(codeTypes) }).nullable() }),
  }),
  'code.bind': endpoint({
    method: 'POST',
    path: '/api/user/bind_code',
    role: 'user',
    summary: '为账号绑定一个邀请码（每个账号一次，不能用自己的）',
    input: z.object({ user_id: id('用户 id'), code: text('邀请码', { max: 32 }) }),
    output: z.object({ ctype: z.enum(codeTypes), award: awardSchema.nullable() }),
  }),
  'code.receiveAward': endpoint({
    method: 'POST',
    path: '/api/code/receive_award',
    role: 'user',
    summary: '领取一个邀请码为我赢得的奖励（只领一次）',
    input: z.object({ code_id: id('邀请码 id') }),
    output: z.object({ claimed: z.number().int(), days: z.number().int(), user: userSchema }),
  }),
  'award.mine': endpoint({
    method: 'GET',
    path: '/api/award/mine',
    role: 'user',
    summary: '我获得的奖励（周榜、邀请）及其状态',
    input: z.object({}),
    output: z.object({ list: z.array(awardSchema) }),
  }),
  'rank.week': endpoint({
    method: 'GET',
    path: '/reader/history/rank/week',
    role: 'user',
    summary: '一周的阅读排行（周一开始，北京时间），含我的名次',
    input: z.object({
      cat: z.enum(rankCats, { error: '排行类别不正确' }).default('time'),
      rank_date: day('rank_date').optional(),
    }),
    output: z.object({
      cat: z.enum(rankCats),
      week_start: z.string(),
      week_end: z.string(),
      ended: z.boolean(),
      list: z.array(rankRowSchema),
      me: z.object({ rank: z.number().int().nullable(), value: z.number().int() }),
      award: z.object({ top: z.number().int(), days: z.number().int(), claimable: z.boolean(), claimed: z.boolean() }),
    }),
  }),
  'rank.receiveAward': endpoint({
    method: 'POST',
    path: '/reader/history/rank/receive_award',
    role: 'user',
    summary: '周榜结束后，上榜读者领取奖励（每周每类一次）',
    input: z.object({ rank_date: day('rank_date') }),
    output: z.object({ awards: z.array(awardSchema), days: z.number().int(), user: userSchema }),
  }),
} as const;
