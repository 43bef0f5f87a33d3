import type { Handlers } from '../../http/register-endpoints.js';
import type { logsService } from './logs.service.js';

export function logsRoutes(logs: ReturnType<typeof logsService>): Pick<Handlers, 'log.add' | 'visitor.list' | 'visitor.logs'> {
  return {
    'log.add': (input, ctx) =>
      logs.record({
        name: input.name,
        data: input.data,
        cuid: input.cuid ?? ctx.cuid,
        // The token says who the user is; a uid claimed in the body is not trusted.
        uid: ctx.actor.kind === 'user' ? ctx.actor.user.id : null,
        is_new: input.is_new,
        source: input.source,
        ip: ctx.ip,
        platform: ctx.clientInfo?.platform ?? null,
      }),
    'visitor.list': (input) => logs.visitors(input.offset, input.limit),
    'visitor.logs': (input) => logs.events(input.cuid, input.offset),
  };
}
