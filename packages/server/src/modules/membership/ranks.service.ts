import { transaction, type Db } from '../../db/client.js';
import type { UserActor } from '../../lib/actor.js';
import type { Clock } from '../../lib/clock.js';
import { addDays, dayBounds, dayKey, minutesShown } from '../../lib/days.js';
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
/** What one article can add to a week's reading time: leaving a page open earns nothing more. */
export const ARTICLE_CAP_SECONDS = 30 * 60;
export const LIST_SIZE = 50;
/** Ranks that earn membership days, and how many. */
export const RANK_AWARD_TOP = 10;
export function rankAwardDays(rank: number | null): number {
  if (rank === null) return 0;
  if (rank === 1) return 7;
  if (rank <= 3) return 5;
  return rank <= RANK_AWARD_TOP ? 3 : 0;
}

/** The Monday (China time) of the week holding `day`. */
export function mondayOf(day: string): string {
  const dow = new Date(`${day}T00:00:00Z`).getUTCDay();
  return addDays(day, -((dow + 6) % 7));
}

/**
 * Weekly reading ranks, computed when asked from the signed reading history (per-article
 * capped seconds, finished articles) and review logs (distinct cards): weeks start Monday,
 * China time. Ties share a rank (1, 2, 2, 4).
 */
export function ranksService(
  db: Db,
  clock: Clock,
  deps: {
    users: UsersService;
    membership: MembershipService;
    history: Pick<HistoryService, 'totals'>;
    words: Pick<WordsService, 'reviewedCardCounts'>;
  },
) {
  const repo = membershipRepo(db);

  async function standings(cat: Cat, monday: string) {
    const sunday = addDays(monday, 6);
    const rows =
      cat === 'review'
        ? await deps.words.reviewedCardCounts(dayBounds(monday).start, dayBounds(sunday).end)
        : await deps.history.totals(cat, monday, sunday, ARTICLE_CAP_SECONDS);
    const sorted = rows.filter((r) => r.value > 0).sort((a, b) => b.value - a.value || a.user_id - b.user_id);
    const ranked: { rank: number; user_id: number; raw: number }[] = [];
    sorted.forEach((r, i) => {
      const rank = i > 0 && sorted[i - 1]!.value === r.value ? ranked[i - 1]!.rank : i + 1;
      ranked.push({ rank, user_id: r.user_id, raw: r.value });
    });
    return ranked;
  }
  const shown = (cat: Cat, raw: number) => (cat === 'time' ? minutesShown(raw) : raw);
  const weekEnded = (monday: string) => clock.now().toISOString() >= dayBounds(addDays(monday, 6)).end;
  const ref = (monday: string, cat: Cat) => `rank:${monday}:${cat}`;

  return {
    async week(actor: UserActor, input: { cat: Cat; rank_date?: string | undefined }) {
      const monday = mondayOf(input.rank_date ?? dayKey(clock.now()));
      const ranked = await standings(input.cat, monday);
      const top = ranked.slice(0, LIST_SIZE);
      const names = await deps.users.namesOf(top.map((r) => r.user_id));
      const me = ranked.find((r) => r.user_id === actor.user.id) ?? null;
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
      const monday = mondayOf(rankDate);
      if (!weekEnded(monday)) throw new Invalid('这一周还没结束，结束后再来领取');
      const earned: { cat: Cat; rank: number; days: number }[] = [];
      for (const cat of CATS) {
        const mine = (await standings(cat, monday)).find((r) => r.user_id === actor.user.id);
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
