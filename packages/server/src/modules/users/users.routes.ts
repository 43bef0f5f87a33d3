import type { Handlers } from '../../http/register-endpoints.js';
import type { UsersService } from './users.service.js';

export function usersRoutes(
  users: UsersService,
): Pick<Handlers, 'user.me' | 'user.isSuper' | 'user.changeUsername' | 'user.search' | 'user.searchWx'> {
  return {
    'user.me': async (_input, ctx) => (ctx.actor.kind === 'user' ? users.show(ctx.actor.user) : null),
    'user.isSuper': async (_input, ctx) => ({ is_super: ctx.actor.kind === 'user' && ctx.actor.user.role === 'super' }),
    'user.changeUsername': (input, ctx) => users.changeUsername(ctx.actor.user, input.username),
    'user.search': (input) => users.search(input.q),
    'user.searchWx': (input) => users.searchByOpenid(input.openid),
  };
}
