import { randomBytes } from 'node:crypto';
import { transaction, type Db } from '../../db/client.js';
import type { UserActor } from '../../lib/actor.js';
import { can, isManager } from '../../lib/policy.js';
import { HOUR, type Clock } from '../../lib/clock.js';
import { Invalid, NotFound, Unavailable } from '../../lib/errors.js';
import { pageOf } from '../../lib/page.js';
import { NoticeRefused, type NoticeAnswer, type PayAction, type PayProvider, type RawNotice } from '../../providers/pay/index.js';
import type { UsersService } from '../users/index.js';
import { membershipRepo, type OrderRow, type OrderStatus } from './membership.repo.js';
import type { MembershipService } from './membership.service.js';

type ProviderName = PayProvider['name'];
const PAGE = 20;
/** A pending order is offered again for this long; after it a new order replaces it. */
const ORDER_REUSE_MS = 2 * HOUR;


interface Logger {
  warn(obj: object, msg: string): void;
  info(obj: object, msg: string): void;
}

/**
 * Orders: the amount comes from the product, never from the client. pending → paid → finished
 * (finishing opens or renews the membership in the same transaction), pending → closed; a paid
 * notice for a closed order still counts (the money was taken). Every transition is a
 * conditional update, so a repeated or racing notice or a double-tapped finish grants once.
 */
export function ordersService(
  db: Db,
  clock: Clock,
  deps: { users: UsersService; membership: MembershipService; providers: Map<ProviderName, PayProvider>; log: Logger },
) {
  const repo = membershipRepo(db);
  const { users, membership, providers, log } = deps;

  function newOrderNo(): string {
    const at = new Date(clock.now().getTime() + 8 * HOUR).toISOString().replace(/\D/g, '').slice(0, 14);
    return `CD${at}${randomBytes(4).toString('hex').toUpperCase()}`;
  }

  async function views(rows: OrderRow[]) {
    const names = await users.namesOf(rows.map((r) => r.user_id));
    return rows.map((r) => ({
      order_no: r.order_no,
      user_id: r.user_id,
      username: names.get(r.user_id) ?? null,
      product_id: r.product_id,
      product_name: r.product_name,
      level: r.level,
      days: r.days,
      amount_fen: r.amount_fen,
      provider: r.provider as ProviderName,
      status: r.status,
      trade_no: r.trade_no,
      paid_at: r.paid_at,
      finished_at: r.finished_at,
      closed_at: r.closed_at,
      buyer_paid_at: r.buyer_paid_at,
      created_at: r.created_at,
    }));
  }
  const view = async (row: OrderRow) => (await views([row]))[0]!;

  async function payAction(order: OrderRow, origin: string): Promise<PayAction> {
    if (order.pay_data) return JSON.parse(order.pay_data) as PayAction;
    const provider = providers.get(order.provider as ProviderName);
    if (!provider) throw new Unavailable('该支付方式暂不可用');
    let action: PayAction;
    try {
      action = await provider.create({
        orderNo: order.order_no,
        amountFen: order.amount_fen,
        description: `畅读 ${order.product_name}`,
        notifyUrl: `${origin}/api/member/pay/notify/${order.provider}`,
        returnUrl: `${origin}/member/buy?order_no=${order.order_no}`,
      });
    } catch (error) {
      log.warn({ err: error, order_no: order.order_no }, 'payment provider could not prepare the order');
      throw new Unavailable('支付暂时不可用，请稍后再试');
    }
    if (action.kind !== 'manual') await repo.setPayData(order.order_no, JSON.stringify(action), clock.now().toISOString());
    return action;
  }

  /** paid (if not yet) → membership → finished, in one transaction; false when it was already settled. */
  async function settle(orderNo: string, tradeNo: string | null, by: number | null): Promise<boolean> {
    return transaction(db, async () => {
      const now = clock.now().toISOString();
      if (!(await repo.markPaid(orderNo, tradeNo, now))) return false;
      const order = (await repo.order(orderNo))!;
      await membership.apply(order.user_id, {
        action: 'renew',
        level: order.level,
        days: order.days,
        source: 'order',
        operatorId: by,
        remark: `订单 ${order.order_no}（${order.product_name}）`,
        ref: order.order_no,
      });
      await repo.markFinished(orderNo, by, now);
      return true;
    });
  }

  async function readable(actor: UserActor, orderNo: string): Promise<OrderRow> {
    const order = await repo.order(orderNo);
    // Another buyer's order answers exactly as a missing one.
    if (!order || !can(actor, 'view', { kind: 'order', owner_id: order.user_id })) throw new NotFound('订单不存在');
    return order;
  }

  return {
    providerNames: () => [...providers.keys()],

    async create(actor: UserActor, input: { product_id: number; provider?: ProviderName | undefined }, origin: string) {
      const product = await repo.product(input.product_id);
      if (!product || product.is_active !== 1) throw new NotFound('会员商品不存在或已下架');
      const providerName = input.provider ?? 'manual';
      if (!providers.has(providerName)) throw new Invalid('该支付方式暂未开通');
      const key = `${actor.user.id}:${product.id}`;
      const existing = await repo.orderByPendingKey(key);
      if (existing) {
        const fresh = clock.now().getTime() - Date.parse(existing.created_at) < ORDER_REUSE_MS;
        if (fresh && existing.provider === providerName && existing.amount_fen === product.price_fen) {
          return { order: await view(existing), pay: await payAction(existing, origin) };
        }
        await repo.closeOrder(existing.order_no, clock.now().toISOString());
      }
      const now = clock.now().toISOString();
      const order =
        (await repo.insertOrder({
          order_no: newOrderNo(),
          user_id: actor.user.id,
          product_id: product.id,
          product_name: product.name,
          level: product.level,
          days: product.days,
          amount_fen: product.price_fen,
          provider: providerName,
          status: 'pending',
          pending_key: key,
          trade_no: null,
          pay_data: null,
          paid_at: null,
          finished_at: null,
          closed_at: null,
          finished_by: null,
          created_at: now,
          updated_at: now,
        })) ?? (await repo.orderByPendingKey(key));
      if (!order) throw new Invalid('下单失败，请重试');
      return { order: await view(order), pay: await payAction(order, origin) };
    },

    show: async (actor: UserActor, orderNo: string) => view(await readable(actor, orderNo)),

    async list(actor: UserActor, input: { offset: number; status?: OrderStatus | undefined; q?: string | undefined; mine?: '1' | '0' | undefined }) {
      const all = isManager(actor) && input.mine !== '1';
      const userIds = all && input.q ? (await users.search(input.q)).list.map((u) => u.user_id) : [];
      const rows = await repo.orders(
        {
          ...(all ? {} : { userId: actor.user.id }),
          ...(input.status ? { status: input.status } : {}),
          ...(input.q ? { q: input.q, userIds } : {}),
        },
        input.offset,
        PAGE + 1,
      );
      return pageOf(await views(rows), input.offset, PAGE);
    },

    async finish(actor: UserActor, orderNo: string) {
      const order = await repo.order(orderNo);
      if (!order) throw new NotFound('订单不存在');
      if (order.status === 'refunded') throw new Invalid('该订单已退款，不能完成');
      if (order.status !== 'finished') await settle(orderNo, order.trade_no, actor.user.id);
      const done = (await repo.order(orderNo))!;
      return { order: await view(done), user: users.show((await users.byId(done.user_id))!) };
    },

    /** The buyer's 我已付款 on a manual order: flagged for managers, who check the transfer and finish it. */
    async buyerPaid(actor: UserActor, orderNo: string) {
      const order = await readable(actor, orderNo);
      if (order.user_id !== actor.user.id) throw new NotFound('订单不存在');
      if (order.provider !== 'manual') throw new Invalid('这个订单由支付平台确认，无需手动告知');
      if (order.status === 'finished') return view(order);
      if (order.status !== 'pending') throw new Invalid('订单已关闭，请重新下单');
      await repo.markBuyerPaid(orderNo, clock.now().toISOString());
      log.info({ order_no: orderNo }, 'buyer says a manual payment was made');
      return view((await repo.order(orderNo))!);
    },

    async close(actor: UserActor, orderNo: string) {
      const order = await readable(actor, orderNo);
      if (order.status !== 'pending' && order.status !== 'closed') throw new Invalid('只能关闭待支付的订单');
      await repo.closeOrder(orderNo, clock.now().toISOString());
      return view((await repo.order(orderNo))!);
    },

    /**
     * A gateway's notice: signature first, then the order and the amount; a paid notice settles
     * the order once. Every notice is logged with its outcome; the answer is the gateway's own.
     */
    async notice(providerName: ProviderName, raw: RawNotice): Promise<NoticeAnswer | null> {
      const provider = providers.get(providerName);
      if (!provider?.verifyNotice || !provider.answer) return null;
      const now = clock.now().toISOString();
      const excerpt = raw.body.toString('utf8').slice(0, 500);
      const record = (outcome: 'accepted' | 'duplicate' | 'refused', reason: string, orderNo: string | null) =>
        repo.insertNotice({ provider: providerName, order_no: orderNo, outcome, reason, excerpt, created_at: now });
      let notice;
      try {
        notice = await provider.verifyNotice(raw);
      } catch (error) {
        const reason = error instanceof NoticeRefused ? error.message : 'unreadable notice';
        log.warn({ provider: providerName, reason }, 'payment notice refused');
        await record('refused', reason, null);
        return provider.answer(false, reason);
      }
      const order = await repo.order(notice.orderNo);
      if (!order || order.provider !== providerName) {
        log.warn({ provider: providerName, order_no: notice.orderNo }, 'payment notice for an unknown order refused');
        await record('refused', 'unknown order', notice.orderNo);
        return provider.answer(false, 'unknown order');
      }
      if (notice.amountFen !== order.amount_fen) {
        log.warn({ provider: providerName, order_no: order.order_no, paid: notice.amountFen, due: order.amount_fen }, 'payment notice with a wrong amount refused');
        await record('refused', `amount ${notice.amountFen} != ${order.amount_fen}`, order.order_no);
        return provider.answer(false, 'amount mismatch');
      }
      if (!notice.paid) {
        await record('accepted', 'not a payment', order.order_no);
        return provider.answer(true);
      }
      if (order.status === 'refunded') {
        await record('refused', 'order refunded', order.order_no);
        return provider.answer(false, 'order refunded');
      }
      const settled = order.status === 'finished' ? false : await settle(order.order_no, notice.tradeNo || null, null);
      await record(settled ? 'accepted' : 'duplicate', settled ? 'paid' : 'already settled', order.order_no);
      if (settled) log.info({ provider: providerName, order_no: order.order_no }, 'order paid and finished');
      return provider.answer(true);
    },
  };
}

export type OrdersService = ReturnType<typeof ordersService>;
