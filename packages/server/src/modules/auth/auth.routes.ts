import type { Handlers } from '../../http/register-endpoints.js';
import type { AuthService } from './auth.service.js';
import type { captchaService } from './captcha.service.js';
import type { SmsCodeService } from './sms-code.service.js';

type AuthNames =
  | 'auth.registerByPhone'
  | 'auth.register'
  | 'auth.login'
  | 'auth.logout'
  | 'auth.changePassword'
  | 'auth.resetPassword'
  | 'auth.registerRule'
  | 'auth.captcha'
  | 'auth.smsSend'
  | 'sms.outbox';

export function authRoutes(
  auth: AuthService,
  captcha: ReturnType<typeof captchaService>,
  smsCodes: SmsCodeService,
): Pick<Handlers, AuthNames> {
  return {
    'auth.registerByPhone': (input, ctx) => auth.registerByPhone(input, ctx),
    'auth.register': (input, ctx) => auth.register(input, ctx),
    'auth.login': (input, ctx) => auth.login(input, ctx),
    'auth.logout': async (_input, ctx) => {
      await auth.logout(ctx.actor.tokenId);
      return { ok: true as const };
    },
    'auth.changePassword': (input, ctx) => auth.changePassword(ctx.actor, input, ctx),
    'auth.resetPassword': (input) => auth.resetPassword(input),
    'auth.registerRule': async () => auth.registerRule(),
    'auth.captcha': (input) => captcha.create(input.key),
    'auth.smsSend': async (input, ctx) => {
      await captcha.consume(input.key ?? ctx.cuid, input.captcha);
      await auth.checkSmsTarget(input.phone, input.stype);
      return smsCodes.send(input.phone, input.stype);
    },
    'sms.outbox': (input) => smsCodes.outbox(input.offset),
  };
}
