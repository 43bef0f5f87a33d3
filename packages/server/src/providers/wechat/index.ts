// The WeChat / WeCom API client (JS-SDK access token, ticket and signature).
export { jssdkSignature, wechatClient, type WechatClient, type WxAccount, type WxCat } from './wechat.js';
