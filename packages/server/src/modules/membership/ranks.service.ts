import { transaction, type Db } from '../../db/client.js';
import type { UserActor } from '../../lib/actor.js';
import type { Clock } from '../../lib/clock.js';
import { addDays, dayBounds, dayKey, weekStart, minutesShown } from '../../lib/days.js';
import { Conflict, Invalid } from '../../lib/errors.js';
import type { HistoryService } from '../history/index.js';
import type { UsersService } from '../users/index.js';
import type { WordsService } from '../words/index.js';
import { awardView } from './codes.service.js';
import { membershipRepo, type AwardRow } from './membership.repo.js';
import type { MembershipService } from './membership.service.js';

type Cat = 'time' | 'finish' | 'review';
const CATS: Cat[] = ['time', 'finish', 'review'];
const CAT_NAMES: Record<Cat, string> = { time: '阅读时长', finish: '读完文章', review: '复习单词' };
export const LIST_SIZE = 50;
/** Ranks that earn membership days, and how many. */
export const RANK_AWARD_TOP = 10;
export function rankAwardDays(rank: number | null): number {
  if (rank === null) return 0;
  if (rank === 1) return 7;
  if (rank <= 3) return 5;
  return rank <= RANK_AWARD_TOP ? 3 : 0;
}

/**
 * Weekly reading ranks from the week's totals the history and words modules keep as reading and
 * reviews are recorded (reading seconds with each article capped, finished articles, distinct
 * cards reviewed): weeks start Monday, China time. Only the top of the list and the caller's own
 * place are read. Ties share a rank (1, 2, 2, 4); within a tie the list is by user id.
 */
export function ranksService(
  db: Db,
  clock: Clock,
  deps: {
    users: UsersService;
    membership: MembershipService;
    history: Pick<HistoryService, 'weekStanding'>;
    words: Pick<WordsService, 'reviewWeekStanding'>;
  },
) {
  const repo = membershipRepo(db);

  /** The `limit` leaders with their ranks, and the reader's own rank (null when not ranked). */
  async function standing(cat: Cat, monday: string, userId: number, limit: number) {
    const { top, mine } =
      cat === 'review'
        ? await deps.words.reviewWeekStanding(monday, userId, limit)
        : await deps.history.weekStanding(cat, monday, userId, limit);
    // Competition ranking: a reader's rank is one more than the readers ahead; in a list ordered
    // by value, those ahead of a tie are the rows before its first member.
    const ranked: { rank: number; user_id: number; raw: number }[] = [];
    top.forEach((r, i) => {
      const rank = i > 0 && top[i - 1]!.value === r.value ? ranked[i - 1]!.rank : i + 1;
      ranked.push({ rank, user_id: r.user_id, raw: r.value });
    });
    return { ranked, me: mine ? { rank: mine.above + 1, raw: mine.value } : null };
  }
  const shown = (cat: Cat, raw: number) => (cat === 'time' ? minutesShown(raw) : raw);
  const weekEnded = (monday: string) => clock.now().toISOString() >= dayBounds(addDays(monday, 6)).end;
  const ref = (monday: string, cat: Cat) => `rank:${monday}:${cat}`;

  return {
    async week(actor: UserActor, input: { cat: Cat; rank_date?: string | undefined }) {
      const monday = weekStart(input.rank_date ?? dayKey(clock.now()));
      const { ranked: top, me } = await standing(input.cat, monday, actor.user.id, LIST_SIZE);
      const names = await deps.users.namesOf(top.map((r) => r.user_id));
      const ended = weekEnded(monday);
      const claimed = (await repo.awardsOf(actor.user.id)).some((a) => a.ref === ref(monday, input.cat));
      const days = rankAwardDays(me?.rank ?? null);
      return {
        cat: input.cat,
        week_start: monday,
        week_end: addDays(monday, 6),
        ended,
        list: top.map((r) => ({ rank: r.rank, user_id: r.user_id, username: names.get(r.user_id) ?? '', value: shown(input.cat, r.raw) })),
        me: { rank: me?.rank ?? null, value: me ? shown(input.cat, me.raw) : 0 },
        award: { top: RANK_AWARD_TOP, days, claimable: ended && days > 0 && !claimed, claimed },
      };
    },

    /** After the week ends, each category where I placed in the top ranks grants its days, once. */
    async receiveAward(actor: UserActor, rankDate: string) {
      const monday = weekStart(rankDate);
      if (!weekEnded(monday)) throw new Invalid('这一周还没结束，结束后再来领取');
      const earned: { cat: Cat; rank: number; days: number }[] = [];
      for (const cat of CATS) {
        const mine = (await standing(cat, monday, actor.user.id, 0)).me;
        const days = rankAwardDays(mine?.rank ?? null);
        if (mine && days > 0) earned.push({ cat, rank: mine.rank, days });
      }
      if (earned.length === 0) throw new Invalid('这一周你没有进入任何排行的前 10 名');
      return transaction(db, async () => {
        const awards: AwardRow[] = [];
        for (const e of earned) {
          const now = clock.now().toISOString();
          const award = await repo.insertAward({
            user_id: actor.user.id,
            kind: 'rank',
            ref: ref(monday, e.cat),
            code_id: null,
            rank_date: monday,
            days: e.days,
            title: `${monday} 周榜 · ${CAT_NAMES[e.cat]}第 ${e.rank} 名`,
            status: 'claimed',
            claimed_at: now,
            created_at: now,
          });
          if (!award) continue;
          await deps.membership.apply(actor.user.id, {
            action: 'renew',
            days: e.days,
            source: 'award',
            operatorId: null,
            remark: award.title,
            ref: award.ref,
          });
          awards.push(award);
        }
        if (awards.length === 0) throw new Conflict('这一周的奖励已经领取过了');
        return {
          awards: awards.map(awardView),
          days: awards.reduce((s, a) => s + a.days, 0),
          user: deps.users.show((await deps.users.byId(actor.user.id))!),
        };
      });
    },
  };
}

export type RanksService = ReturnType<typeof ranksService>;
