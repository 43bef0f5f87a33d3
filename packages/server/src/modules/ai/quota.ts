import type { Actor, UserActor } from '../../lib/actor.js';
import { isManager } from '../../lib/policy.js';
import type { Clock } from '../../lib/clock.js';
import { addDays, dayBounds, dayKey } from '../../lib/days.js';
import { TooMany } from '../../lib/errors.js';
import type { ChatUsage } from '../../providers/ai/index.js';
import type { AiRepo } from './ai.repo.js';

export type { UserActor };

export const UPGRADE_LINK = '/member';

/**
 * Daily token allowances by role, counted from the provider's reported tokens: users a small
 * allowance, members more per level, managers unlimited, anonymous readers none. Only a
 * request that reached the provider counts; cache hits and joined requests count nothing.
 */
export function aiQuota(deps: { repo: AiRepo; clock: Clock; quota: { user: number; memberPerLevel: number }; model: string | null }) {
  const { repo, clock } = deps;

  /** Null when not limited. */
  function dailyLimit(actor: Actor): number | null {
    if (actor.kind !== 'user') return 0;
    if (isManager(actor)) return null;
    if (actor.role === 'member') return deps.quota.memberPerLevel * Math.max(1, actor.user.member_level ?? 1);
    return deps.quota.user;
  }

  /** The start of the next China-time day. */
  function resetsAt(): string {
    return dayBounds(addDays(dayKey(clock.now()), 1)).start;
  }

  return {
    /** Refuses with "429" (when it resets, how membership raises it) once today's tokens are spent. */
    async check(actor: UserActor) {
      const limit = dailyLimit(actor);
      if (limit === null) return;
      const used = await repo.usageOn(actor.user.id, dayKey(clock.now()));
      if (used.tokens < limit) return;
      const wait = (Date.parse(resetsAt()) - clock.now().getTime()) / 1000;
      const raise = actor.role === 'member' ? '提升会员等级可获得更多额度' : `开通会员可获得更多额度（${UPGRADE_LINK}）`;
      const error = TooMany.after(wait, `今天的 AI 额度（${limit} tokens）已用完，将于北京时间明天 0 点恢复；${raise}。`);
      // The wording above already says when; the wait stays in Retry-After.
      throw new TooMany(error.message.replace(/，请 .*后再试$/, ''), error.retryAfterSec);
    },

    async count(actor: UserActor, usage: ChatUsage) {
      await repo.count(actor.user.id, dayKey(clock.now()), usage.totalTokens);
    },

    async usage(actor: UserActor, configured: boolean) {
      const today = dayKey(clock.now());
      const monthStart = `${today.slice(0, 7)}-01`;
      return {
        configured,
        model: deps.model,
        daily_limit: dailyLimit(actor),
        today: await repo.usageOn(actor.user.id, today),
        month: await repo.usageBetween(actor.user.id, monthStart, today),
        resets_at: resetsAt(),
        member_level: actor.user.member_level,
        upgrade: isManager(actor) ? null : UPGRADE_LINK,
      };
    },
  };
}

export type AiQuota = ReturnType<typeof aiQuota>;
