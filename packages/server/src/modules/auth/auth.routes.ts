import { Cookies } from '@changdu/contract';
import type { HandlerContext } from '../../http/context.js';
import { newDeviceId } from '../../lib/device-id.js';
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

/**
 * The web app's session: the token the answer carries (which the native app keeps), also in an
 * HttpOnly cookie that lives as long as the token, so the page's script never holds it.
 */
function withSessionCookie<S extends { token: string; expires_at: string }>(ctx: HandlerContext<'anonymous'>, session: S): S {
  ctx.setCookie(Cookies.token, session.token, { expires: new Date(session.expires_at) });
  return session;
}

export function authRoutes(
  auth: AuthService,
  captcha: ReturnType<typeof captchaService>,
  smsCodes: SmsCodeService,
): Pick<Handlers, AuthNames> {
  return {
    'auth.registerByPhone': async (input, ctx) => withSessionCookie(ctx, await auth.registerByPhone(input, ctx)),
    'auth.register': async (input, ctx) => withSessionCookie(ctx, await auth.register(input, ctx)),
    'auth.login': async (input, ctx) => {
      const device = ctx.device ?? newDeviceId();
      const { session, knownUntil } = await auth.login(input, ctx, device);
      ctx.setCookie(Cookies.device, device, { expires: knownUntil });
      return withSessionCookie(ctx, session);
    },
    'auth.logout': async (_input, ctx) => {
      await auth.logout(ctx.actor.tokenId);
      ctx.clearCookie(Cookies.token);
      return { ok: true as const };
    },
    'auth.changePassword': async (input, ctx) => {
      const answer = await auth.changePassword(ctx.actor, input, ctx);
      // Own change: every token died and the caller got a new one, so the cookie holds it now.
      // A super user's reset of someone else answers no token and leaves the caller's session be.
      if (answer.token !== null && answer.expires_at !== null) {
        ctx.setCookie(Cookies.token, answer.token, { expires: new Date(answer.expires_at) });
      }
      return answer;
    },
    'auth.resetPassword': async (input, ctx) => {
      const answer = await auth.resetPassword(input);
      // The reset ended every session of the account, this browser's included when it is one.
      if (ctx.actor.kind === 'user' && ctx.actor.user.phone === input.phone) ctx.clearCookie(Cookies.token);
      return answer;
    },
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
