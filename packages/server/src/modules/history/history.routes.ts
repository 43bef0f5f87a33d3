import type { Handlers } from '../../http/register-endpoints.js';
import type { HistoryService } from './history.service.js';

export function historyRoutes(
  history: HistoryService,
): Pick<Handlers, 'history.token' | 'history.report' | 'history.offline' | 'history.list' | 'history.today' | 'history.data'> {
  return {
    'history.token': (input, ctx) => history.issue(ctx.actor, input.article_id),
    'history.report': (input, ctx) => history.report(ctx.actor, input, ctx.signature),
    'history.offline': (input, ctx) => history.reportOffline(ctx.actor, input, ctx.signature),
    'history.list': (input, ctx) => history.list(ctx.actor, input.offset),
    'history.today': (_input, ctx) => history.today(ctx.actor),
    'history.data': (input, ctx) => history.data(ctx.actor, input),
  };
}
