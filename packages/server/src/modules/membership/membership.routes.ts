import type { FastifyInstance } from 'fastify';
import type { Handlers } from '../../http/register-endpoints.js';
import { attachment } from '../../lib/content-disposition.js';
import type { CodesService } from './codes.service.js';
import type { MembershipService } from './membership.service.js';
import type { OrdersService } from './orders.service.js';
import type { RanksService } from './ranks.service.js';

type Names =
  | 'member.products'
  | 'member.version'
  | 'member.productManage'
  | 'member.productSave'
  | 'member.open'
  | 'member.renewal'
  | 'member.close'
  | 'member.userLog'
  | 'member.myLog'
  | 'order.create'
  | 'order.show'
  | 'order.list'
  | 'order.finish'
  | 'order.close'
  | 'order.buyerPaid'
  | 'trial.status'
  | 'trial.open'
  | 'trial.receive'
  | 'trial.link'
  | 'code.generate'
  | 'code.list'
  | 'code.mine'
  | 'code.export'
  | 'code.bind'
  | 'code.receiveAward'
  | 'award.mine'
  | 'rank.week'
  | 'rank.receiveAward';

export function membershipRoutes(s: {
  membership: MembershipService;
  orders: OrdersService;
  codes: CodesService;
  ranks: RanksService;
}): Pick<Handlers, Names> {
  const { membership, orders, codes, ranks } = s;
  return {
    'member.products': () => membership.products(),
    'member.version': () => membership.version(orders.providerNames()),
    'member.productManage': () => membership.manageProducts(),
    'member.productSave': (input) => membership.saveProduct(input),
    'member.open': (input, ctx) => membership.open(ctx.actor, input),
    'member.renewal': (input, ctx) => membership.renew(ctx.actor, input),
    'member.close': (input, ctx) => membership.close(ctx.actor, input),
    'member.userLog': (input) => membership.userLog(input.user_id, input.offset),
    'member.myLog': (input, ctx) => membership.myLog(ctx.actor, input.offset),
    'order.create': (input, ctx) => orders.create(ctx.actor, input, ctx.origin),
    'order.show': (input, ctx) => orders.show(ctx.actor, input.order_no),
    'order.list': (input, ctx) => orders.list(ctx.actor, input),
    'order.finish': (input, ctx) => orders.finish(ctx.actor, input.order_no),
    'order.close': (input, ctx) => orders.close(ctx.actor, input.order_no),
    'order.buyerPaid': (input, ctx) => orders.buyerPaid(ctx.actor, input.order_no),
    'trial.status': (_input, ctx) => membership.trialStatus(ctx.actor),
    'trial.open': (input, ctx) => membership.openTrial(ctx.actor, input.xhs_id),
    'trial.receive': (input, ctx) => membership.receiveTrial(ctx.actor, input.e),
    'trial.link': async (input, ctx) => membership.trialLink(ctx.origin, input.hours),
    'code.generate': (input, ctx) => codes.generate(ctx.actor, input),
    'code.list': (input) => codes.list(input),
    'code.mine': (_input, ctx) => codes.mine(ctx.actor),
    'code.export': async (input, ctx) => {
      ctx.setHeader('content-disposition', attachment('邀请码.csv', 'changdu-codes.csv'));
      return codes.exportCsv(input.ctype);
    },
    'code.bind': (input, ctx) => codes.bindCode(ctx.actor, input),
    'code.receiveAward': (input, ctx) => codes.receiveAward(ctx.actor, input.code_id),
    'award.mine': (_input, ctx) => codes.awards(ctx.actor),
    'rank.week': (input, ctx) => ranks.week(ctx.actor, input),
    'rank.receiveAward': (input, ctx) => ranks.receiveAward(ctx.actor, input.rank_date),
  };
}

/**
 * The gateways' payment notices, outside the envelope contract: they post their own formats
 * (WeChat Pay JSON, Alipay form) and expect their own answers. The raw body is kept, since the
 * signatures cover its exact bytes. `POST /api/member/pay/notify/wechat|alipay`.
 */
export async function payNoticeRoutes(app: FastifyInstance, orders: OrdersService): Promise<void> {
  await app.register(async (scope) => {
    scope.removeAllContentTypeParsers();
    scope.addContentTypeParser('*', { parseAs: 'buffer', bodyLimit: 64 * 1024 }, (_req, body, done) => done(null, body));
    for (const provider of ['wechat', 'alipay'] as const) {
      scope.post(`/api/member/pay/notify/${provider}`, async (req, reply) => {
        const body = Buffer.isBuffer(req.body) ? req.body : Buffer.alloc(0);
        const answer = await orders.notice(provider, { body, headers: req.headers });
        if (!answer) return reply.code(404).type('text/plain').send('not enabled');
        return reply.code(answer.status).type(answer.contentType).send(answer.body);
      });
    }
  });
}
