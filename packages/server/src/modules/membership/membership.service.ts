import type { User } from '@changdu/contract';
import { transaction, type Db } from '../../db/client.js';
import type { UserActor } from '../../lib/actor.js';
import { DAY, HOUR, type Clock } from '../../lib/clock.js';
import { Conflict, Invalid, NotFound } from '../../lib/errors.js';
import { pageOf } from '../../lib/page.js';
import type { SignedTokens } from '../../lib/signed-token.js';
import { isMemberNow, type UserRow, type UsersService } from '../users/index.js';
import { membershipRepo, type LogRow, type ProductRow } from './membership.repo.js';

const PAGE = 20;
/** The same manager change within this window is the same tap arriving twice: answered, not applied again. */
const DOUBLE_TAP_MS = 10_000;
export const TRIAL_DAYS = 7;
export const TRIAL_LEVEL = 1;
const TRIAL_PURPOSE = 'member-trial';

export interface MemberChange {
  action: 'open' | 'renew' | 'close';
  /** open: the level to set; renew: at least this level (the higher of it and the current one). */
  level?: number;
  days: number;
  source: LogRow['source'];
  operatorId: number | null;
  remark: string;
  ref?: string | null;
}

export function productView(p: ProductRow) {
  return {
    id: p.id,
    code: p.code,
    name: p.name,
    level: p.level,
    days: p.days,
    price_fen: p.price_fen,
    original_price_fen: p.original_price_fen,
    benefits: JSON.parse(p.benefits) as string[],
  };
}

/**
 * Membership: the state is `users.member_level` / `member_expires_at` (changed only through
 * the users service, compare-and-set); every change writes a member log row. Expiry is checked
 * at request time (`effectiveRole`), so nothing runs when a membership ends.
 */
export function membershipService(db: Db, clock: Clock, deps: { users: UsersService; signed: SignedTokens }) {
  const repo = membershipRepo(db);
  const { users } = deps;

  /** The new (level, expiry) a change makes of a user's membership at `now`. */
  function next(user: UserRow, change: MemberChange, now: Date): { level: number | null; expiresAt: string | null } {
    const active = isMemberNow(user, now);
    if (change.action === 'close') return { level: null, expiresAt: active ? now.toISOString() : user.member_expires_at };
    if (change.action === 'open') return { level: change.level ?? 1, expiresAt: new Date(now.getTime() + change.days * DAY).toISOString() };
    // Renewal counts from the current expiry while it is in the future, else from now.
    const from = active ? Date.parse(user.member_expires_at!) : now.getTime();
    const level = Math.max(active ? (user.member_level ?? 1) : 1, change.level ?? 1);
    return { level, expiresAt: new Date(from + change.days * DAY).toISOString() };
  }

  /** Applies one change and logs it, inside the caller's transaction (or its own). Retries when another change won the race. */
  async function apply(
    userId: number,
    change: MemberChange,
    /** A change already made that this one repeats (a double tap): checked before each attempt. */
    repeated?: () => Promise<LogRow | undefined>,
  ): Promise<{ user: UserRow; log: LogRow }> {
    return transaction(db, async () => {
      for (let attempt = 0; attempt < 5; attempt++) {
        // The user is read before the repeat check: a change that commits between the two is
        // then either seen by the check or makes the compare-and-set below fail. Checked the
        // other way round (PostgreSQL, read committed), a double tap could read the first
        // tap's new state without seeing its log and renew twice.
        const user = await users.byId(userId);
        if (!user) throw new NotFound('用户不存在');
        const earlier = await repeated?.();
        if (earlier) return { user: (await users.byId(userId))!, log: earlier };
        const now = clock.now();
        const to = next(user, change, now);
        const from = { level: user.member_level, expiresAt: user.member_expires_at };
        if (!(await users.replaceMembership(userId, from, to, now.toISOString()))) continue;
        const log = await repo.insertLog({
          user_id: userId,
          operator_id: change.operatorId,
          action: change.action,
          source: change.source,
          days: change.action === 'close' ? 0 : change.days,
          level_before: isMemberNow(user, now) ? user.member_level : null,
          level_after: to.level,
          expires_before: user.member_expires_at,
          expires_after: to.expiresAt,
          remark: change.remark,
          ref: change.ref ?? null,
          created_at: now.toISOString(),
        });
        return { user: (await users.byId(userId))!, log };
      }
      throw new Conflict('会员状态刚刚被修改，请重试');
    });
  }

  async function logViews(rows: LogRow[]) {
    const names = await users.namesOf(rows.flatMap((r) => (r.operator_id === null ? [r.user_id] : [r.user_id, r.operator_id])));
    return rows.map((r) => ({
      id: r.id,
      user_id: r.user_id,
      username: names.get(r.user_id) ?? null,
      operator_id: r.operator_id,
      operator_name: r.operator_id === null ? null : (names.get(r.operator_id) ?? null),
      action: r.action,
      source: r.source,
      days: r.days,
      level_before: r.level_before,
      level_after: r.level_after,
      expires_before: r.expires_before,
      expires_after: r.expires_after,
      remark: r.remark,
      ref: r.ref,
      created_at: r.created_at,
    }));
  }

  async function result(done: { user: UserRow; log: LogRow }): Promise<{ user: User; log: Awaited<ReturnType<typeof logViews>>[number] }> {
    return { user: users.show(done.user), log: (await logViews([done.log]))[0]! };
  }

  /** A manager's change; the same change by the same manager within seconds is a double tap, answered with the first. */
  async function byManager(actor: UserActor, userId: number, change: Omit<MemberChange, 'source' | 'operatorId'>) {
    const full: MemberChange = { ...change, source: 'manager', operatorId: actor.user.id };
    const same = () =>
      repo.sameChangeSince({
        userId,
        operatorId: actor.user.id,
        action: change.action,
        days: change.action === 'close' ? 0 : change.days,
        remark: change.remark,
        since: new Date(clock.now().getTime() - DOUBLE_TAP_MS).toISOString(),
      });
    return result(await apply(userId, full, same));
  }

  async function grantTrial(actor: UserActor, source: 'xhs' | 'link', xhsId: string | null) {
    const userId = actor.user.id;
    if (await repo.trialOf(userId)) throw new Conflict('每个账号只能领取一次试用会员');
    if (xhsId && (await repo.trialByXhs(xhsId))) throw new Conflict('这个小红书号已经领取过试用会员');
    return transaction(db, async () => {
      const now = clock.now().toISOString();
      const ok = await repo.insertTrial({ user_id: userId, xhs_id: xhsId, source, days: TRIAL_DAYS, created_at: now });
      if (!ok) throw new Conflict(xhsId ? '这个账号或小红书号已经领取过试用会员' : '每个账号只能领取一次试用会员');
      if (xhsId) await users.setXhsId(userId, xhsId);
      return result(
        await apply(userId, {
          action: 'renew',
          level: TRIAL_LEVEL,
          days: TRIAL_DAYS,
          source: 'trial',
          operatorId: null,
          remark: source === 'xhs' ? `小红书号 ${xhsId} 领取试用` : '分享链接领取试用',
          ref: `trial:${userId}`,
        }),
      );
    });
  }

  return {
    apply,
    logViews,

    async products() {
      return { list: (await repo.products()).map(productView) };
    },
    async manageProducts() {
      return { list: (await repo.allProducts()).map((p) => ({ ...productView(p), is_active: p.is_active === 1, sort: p.sort })) };
    },
    async saveProduct(input: {
      code: string;
      name: string;
      level: number;
      days: number;
      price_fen: number;
      original_price_fen?: number | null | undefined;
      benefits: string[];
      sort: number;
      is_active: boolean;
    }) {
      const p = await repo.saveProduct(
        {
          code: input.code,
          name: input.name,
          level: input.level,
          days: input.days,
          price_fen: input.price_fen,
          original_price_fen: input.original_price_fen ?? null,
          benefits: JSON.stringify(input.benefits),
          sort: input.sort,
          is_active: input.is_active ? 1 : 0,
        },
        clock.now().toISOString(),
      );
      return { ...productView(p), is_active: p.is_active === 1, sort: p.sort };
    },
    async version(providers: string[]) {
      const products = await repo.products();
      return {
        version: 'v1',
        title: '畅读会员',
        recommended: products.find((p) => p.code === 'yearly')?.code ?? products[0]?.code ?? null,
        providers: providers as ('manual' | 'wechat' | 'alipay')[],
        trial_days: TRIAL_DAYS,
      };
    },

    open: (actor: UserActor, i: { user_id: number; level: number; days: number; remark?: string | undefined }) =>
      byManager(actor, i.user_id, { action: 'open', level: i.level, days: i.days, remark: i.remark ?? '' }),
    renew: (actor: UserActor, i: { user_id: number; days: number; remark?: string | undefined }) =>
      byManager(actor, i.user_id, { action: 'renew', days: i.days, remark: i.remark ?? '' }),
    async close(actor: UserActor, i: { user_id: number; remark?: string | undefined }) {
      const target = await users.byId(i.user_id);
      if (!target) throw new NotFound('用户不存在');
      if (!isMemberNow(target, clock.now())) throw new Invalid('该用户当前不是会员');
      return byManager(actor, i.user_id, { action: 'close', days: 0, remark: i.remark ?? '' });
    },

    async userLog(userId: number, offset: number) {
      if (!(await users.byId(userId))) throw new NotFound('用户不存在');
      return pageOf(await logViews(await repo.logs(userId, offset, PAGE + 1)), offset, PAGE);
    },
    myLog: async (actor: UserActor, offset: number) => pageOf(await logViews(await repo.logs(actor.user.id, offset, PAGE + 1)), offset, PAGE),

    async trialStatus(actor: UserActor) {
      const taken = await repo.trialOf(actor.user.id);
      return { days: TRIAL_DAYS, taken: taken ? { source: taken.source, created_at: taken.created_at } : null };
    },
    openTrial: (actor: UserActor, xhsId: string) => grantTrial(actor, 'xhs', xhsId),
    async receiveTrial(actor: UserActor, e: string) {
      deps.signed.verify(TRIAL_PURPOSE, e, '试用链接无效或已过期');
      return grantTrial(actor, 'link', null);
    },
    trialLink(origin: string, hours: number) {
      const { token, expiresAt } = deps.signed.issue(TRIAL_PURPOSE, {}, hours * HOUR);
      return { e: token, url: `${origin}/trial?e=${encodeURIComponent(token)}`, expires_at: expiresAt.toISOString() };
    },
  };
}

export type MembershipService = ReturnType<typeof membershipService>;
