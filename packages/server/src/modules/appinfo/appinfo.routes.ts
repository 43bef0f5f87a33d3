import type { Handlers } from '../../http/register-endpoints.js';
import type { WechatClient } from '../../providers/wechat/index.js';
import type { UsersService } from '../users/index.js';
import type { AppinfoService } from './appinfo.service.js';

export function appinfoRoutes(
  appinfo: AppinfoService,
  wechat: WechatClient,
  users: UsersService,
): Pick<
  Handlers,
  | 'wx.jssdkConfig'
  | 'user.bindWx'
  | 'appinfo.contactQywx'
  | 'appinfo.notify'
  | 'appinfo.saveContactQywx'
  | 'appinfo.saveNotify'
  | 'appinfo.appVersion'
  | 'appinfo.saveAppVersion'
  | 'appinfo.settings'
  | 'appinfo.saveProductPoster'
  | 'appinfo.manualPay'
  | 'appinfo.saveManualPay'
> {
  return {
    'wx.jssdkConfig': (input) => wechat.jssdkConfig(input.cat, input.url),
    'user.bindWx': (input) => users.bindOpenid(input.user_id, input.openid),
    'appinfo.contactQywx': () => appinfo.contact(),
    'appinfo.notify': () => appinfo.notice(),
    'appinfo.saveContactQywx': (input, ctx) => appinfo.saveContact(ctx.actor.user.id, input),
    'appinfo.saveNotify': (input, ctx) => appinfo.saveNotice(ctx.actor.user.id, input),
    'appinfo.appVersion': (input, ctx) => appinfo.appVersion(input.platform, ctx.clientInfo),
    'appinfo.saveAppVersion': (input, ctx) => appinfo.saveVersion(ctx.actor.user.id, input),
    'appinfo.settings': async () => ({
      contact: await appinfo.contact(),
      notice: await appinfo.notice(),
      versions: await appinfo.versions(),
      product_poster: await appinfo.productPoster(),
      wx: { wx: wechat.configured('wx'), qywx: wechat.configured('qywx') },
    }),
    'appinfo.saveProductPoster': (input, ctx) => appinfo.saveProductPoster(ctx.actor.user.id, input),
    'appinfo.manualPay': () => appinfo.manualPay(),
    'appinfo.saveManualPay': (input, ctx) => appinfo.saveManualPay(ctx.actor.user.id, input),
  };
}
