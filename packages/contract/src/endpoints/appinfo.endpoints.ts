import { z } from 'zod';
import { endpoint } from '../endpoint.js';
import { flag, id, optionalText, text } from '../fields.js';
import { userSchema } from './shared.js';
export * from '../appinfo-constants.js';
import { wxCats, appPlatforms, MANUAL_PAY_QR_MAX } from '../appinfo-constants.js';

const httpUrl = (label: string, max = 500) =>
  text(label, { max }).regex(/^https?:\/\/[^\s]+$/i, { error: `${label}必须是 http:// 或 https:// 开头的网址` });
const optionalUrl = (label: string) =>
  optionalText(label, 500).refine((v) => v === undefined || /^https?:\/\/[^\s]+$/i.test(v), {
    error: `${label}必须是 http:// 或 https:// 开头的网址`,
  });

export const contactQywxSchema = z.object({
  /** The WeCom customer-service link (a `work.weixin.qq.com/kfid/…` address). */
  link: z.string().nullable(),
  /** A QR code of the link, as a PNG data URL; null when no link is set. */
  qr: z.string().nullable(),
  note: z.string().nullable(),
});

export const noticeSchema = z.object({
  title: z.string(),
  content: z.string(),
  link: z.string().nullable(),
  updated_at: z.string(),
});

export const appVersionSchema = z.object({
  platform: z.enum(appPlatforms),
  version: z.string(),
  version_code: z.number().int(),
  notes: z.string(),
  url: z.string(),
  force: z.boolean(),
  updated_at: z.string(),
});

/** How a buyer pays when payment is manual (a transfer a manager confirms). */
export const manualPaySchema = z.object({
  /** A payee and an account or a QR image are set: the buy page offers manual payment. */
  configured: z.boolean(),
  payee: z.string().nullable(),
  account: z.string().nullable(),
  /** A data URL (PNG, JPEG or WebP). */
  qr_image: z.string().nullable(),
  contact: z.string().nullable(),
  note: z.string().nullable(),
});

export const appinfoEndpoints = {
  'wx.jssdkConfig': endpoint({
    method: 'GET',
    path: '/api/wx/jssdk/config',
    role: 'anonymous',
    summary: '微信 / 企业微信 JS-SDK 签名（cat 默认 wx）；未配置时返回 503',
    input: z.object({
      url: httpUrl('页面地址', 1000),
      cat: z.enum(wxCats, { error: 'cat 只能是 wx 或 qywx' }).default('wx'),
    }),
    output: z.object({
      appId: z.string(),
      timestamp: z.number().int(),
      nonceStr: z.string(),
      signature: z.string(),
      cat: z.enum(wxCats),
    }),
    rateLimit: [{ by: 'ip', max: 60, windowSec: 60 }],
  }),
  'user.bindWx': endpoint({
    method: 'POST',
    path: '/api/user/bind_wx_user',
    role: 'manager',
    summary: '把微信 openid 绑定到用户（一个 openid 只属于一个用户）',
    input: z.object({
      user_id: id('用户 id'),
      openid: text('openid', { max: 64 }).regex(/^[A-Za-z0-9_-]+$/, { error: 'openid 格式不正确' }),
    }),
    output: userSchema,
  }),
  'appinfo.contactQywx': endpoint({
    method: 'GET',
    path: '/api/appinfo/contact_qywx',
    role: 'anonymous',
    summary: '企业微信客服：链接与二维码（管理员在 /admin/qywx 设置）',
    input: z.object({}),
    output: contactQywxSchema,
  }),
  'appinfo.notify': endpoint({
    method: 'GET',
    path: '/api/appinfo/notify',
    role: 'anonymous',
    summary: '应用当前的通知；没有时为 null',
    input: z.object({}),
    output: noticeSchema.nullable(),
  }),
  'appinfo.saveContactQywx': endpoint({
    method: 'POST',
    path: '/api/appinfo/contact_qywx/save',
    role: 'manager',
    summary: '设置企业微信客服链接与说明（链接为空则清除）',
    input: z.object({ link: optionalUrl('客服链接'), note: optionalText('说明', 200) }),
    output: contactQywxSchema,
  }),
  'appinfo.saveNotify': endpoint({
    method: 'POST',
    path: '/api/appinfo/notify/save',
    role: 'manager',
    summary: '设置应用通知；enabled=false 撤下通知',
    input: z.object({
      enabled: flag('enabled'),
      title: optionalText('通知标题', 60),
      content: optionalText('通知内容', 1000),
      link: optionalUrl('通知链接'),
    }),
    output: noticeSchema.nullable(),
  }),
  'appinfo.appVersion': endpoint({
    method: 'GET',
    path: '/api/appinfo/app_version',
    role: 'anonymous',
    summary: '最新的应用版本：platform 缺省时取客户端信息（X-BB-Client）中的平台；has_update 比较客户端的版本号',
    input: z.object({ platform: z.enum(appPlatforms, { error: '平台只能是 android、ios 或 harmony' }).optional() }),
    output: z.object({
      platform: z.enum(appPlatforms).nullable(),
      current: z.object({ version: z.string(), version_code: z.number().int().nullable() }).nullable(),
      latest: appVersionSchema.nullable(),
      has_update: z.boolean(),
      all: z.array(appVersionSchema),
    }),
  }),
  'appinfo.saveAppVersion': endpoint({
    method: 'POST',
    path: '/api/appinfo/app_version/save',
    role: 'manager',
    summary: '发布某平台的最新版本（版本号、更新说明、下载地址、是否强制更新）',
    input: z.object({
      platform: z.enum(appPlatforms, { error: '平台只能是 android、ios 或 harmony' }),
      version: text('版本', { max: 32 }).regex(/^\d+(\.\d+){0,3}$/, { error: '版本形如 1.2.0' }),
      version_code: z
        .number({ error: '版本号必须是数字' })
        .int({ error: '版本号必须是整数' })
        .min(1, { error: '版本号至少为 1' })
        .max(1_000_000_000, { error: '版本号太大' }),
      notes: optionalText('更新说明', 2000),
      url: httpUrl('下载地址'),
      force: flag('force').default(false),
    }),
    output: appVersionSchema,
  }),
  'appinfo.settings': endpoint({
    method: 'GET',
    path: '/api/appinfo/settings',
    role: 'manager',
    summary: '管理员查看：客服、通知、各平台版本与会员海报文字',
    input: z.object({}),
    output: z.object({
      contact: contactQywxSchema,
      notice: noticeSchema.nullable(),
      versions: z.array(appVersionSchema),
      product_poster: z.object({ title: z.string(), lines: z.array(z.string()) }),
      wx: z.object({ wx: z.boolean(), qywx: z.boolean() }),
    }),
  }),
  'appinfo.manualPay': endpoint({
    method: 'GET',
    path: '/api/appinfo/manual_pay',
    role: 'anonymous',
    summary: '人工收款的收款方式（管理员在 /admin/order 设置）：收款人、账号或收款码、联系方式；configured 为假时不能人工付款',
    input: z.object({}),
    output: manualPaySchema,
  }),
  'appinfo.saveManualPay': endpoint({
    method: 'POST',
    path: '/api/appinfo/manual_pay/save',
    role: 'manager',
    summary: '设置人工收款方式：收款人，账号或收款码图片（至少一项），联系方式与说明',
    input: z.object({
      payee: optionalText('收款人', 40),
      account: optionalText('收款账号', 100),
      qr_image: z
        .string({ error: '收款码图片格式不正确' })
        .max(MANUAL_PAY_QR_MAX, { error: '收款码图片太大，请压缩到 300 KB 以内' })
        .regex(/^data:image\/(png|jpeg|webp);base64,[A-Za-z0-9+/]+=*$/, { error: '收款码只能是 PNG、JPEG 或 WebP 图片' })
        .optional(),
      contact: optionalText('联系方式', 100),
      note: optionalText('说明', 200),
    }),
    output: manualPaySchema,
  }),
  'appinfo.saveProductPoster': endpoint({
    method: 'POST',
    path: '/api/appinfo/product_poster/save',
    role: 'manager',
    summary: '会员海报的标题与卖点（每行一条）',
    input: z.object({ title: text('标题', { max: 40 }), lines: optionalText('卖点', 600) }),
    output: z.object({ title: z.string(), lines: z.array(z.string()) }),
  }),
} as const;
