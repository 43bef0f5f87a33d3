// Payment providers: manual (default), WeChat Pay API v3, Alipay; real ones on when configured.
export type { PayAction, PayOrder, PayProvider, RawNotice, VerifiedNotice, NoticeAnswer } from './pay.provider.js';
export { NoticeRefused } from './pay.provider.js';
export { manualPay } from './manual.pay.js';
export { wechatPay, wechatSign, decryptResource, type WechatPayConfig, type Post } from './wechat.pay.js';
export { alipayPay, alipaySign, alipayVerify, alipaySigningString, yuan, fenOf, type AlipayConfig } from './alipay.pay.js';
