import { transaction, type Db } from '../../db/client.js';
import type { UserActor } from '../../lib/actor.js';
import { Invalid } from '../../lib/errors.js';
import type { Clock } from '../../lib/clock.js';
import { pageOf } from '../../lib/page.js';
import type { SignedTokens } from '../../lib/signed-token.js';
import type { ArticlesService, MarksService } from '../articles/index.js';
import type { WordsService } from '../words/index.js';
import { addDays, dayBounds, dayKey, daysBetween, streaks, weekStart, minutesShown } from '../../lib/days.js';
import { readersAbove, type WeekStanding } from '../../lib/week-standing.js';
import { historyRepo } from './history.repo.js';
import { LookupBuffer, type LookupBufferOptions } from './lookup-buffer.js';
import { admitOfflineReport, admitReport, issueT, type ReadingKind } from './reading-check.js';

/** What one article can add to a week's reading time for the rank: leaving a page open earns nothing more. */
export const ARTICLE_CAP_SECONDS = 30 * 60;
const rankWeek = (day: string) => ({ monday: weekStart(day), sunday: addDays(weekStart(day), 6), capSeconds: ARTICLE_CAP_SECONDS });
const PAGE = 20;

/** Another report under the same `t` was credited between the check and the write: the transaction is undone and checked again. */
class RaceLost extends Error {}

/** Reading time (credited only through reading-check.ts), read data and the reading history list. */
export interface HistoryDeps {
  articles: Pick<ArticlesService, 'assertOpenable' | 'withCards'>;
  marks: Pick<MarksService, 'markFinished'>;
  words: Pick<WordsService, 'addedBetween'>;
  /** Signs and checks reading `t`s (lib/signed-token.ts, the app secret). */
  signed: Pick<SignedTokens, 'issue' | 'verify'>;
  /** Looked-up words are written in batches this often (lookup-buffer.ts). */
  lookups: { flushMs: number; log: LookupBufferOptions['log'] };
}

export function historyService(db: Db, clock: Clock, { articles, marks, words, signed, lookups }: HistoryDeps) {
  const repo = historyRepo(db);
  const looked = new LookupBuffer({ write: (rows) => repo.recordLookups(rows), log: lookups.log, intervalMs: lookups.flushMs });
  /**
   * Looked-up words per day: the rows this process still holds are written first, so a reader
   * who taps a word and opens the day's figures sees it counted. A failed write is logged by the
   * buffer; the read goes on (and answers 503 itself when the database is down).
   */
  async function lookupsOf(userId: number, from: string, to: string) {
    await looked.flush().catch(() => undefined);
    return repo.lookups(userId, from, to);
  }
  /** The one anti-cheat check (reading-check.ts), for an article's report or a book's. */
  const admit = (
    actor: UserActor,
    kind: ReadingKind,
    id: number,
    params: Parameters<typeof admitReport>[1]['params'],
    signature: string | null,
    now: Date,
  ) => admitReport({ signed, kept: repo.token }, { kind, id, params, userId: actor.user.id, signature, now });

  /** The day's figures; `written` is the day's reading row as a credit just wrote it (no need to read it again). */
  async function dayStats(userId: number, day: string, written?: { seconds: number; finished: number }) {
    const { start, end } = dayBounds(day);
    const [days, lookups, added] = await Promise.all([
      written ? [written] : repo.days(userId, day, day),
      lookupsOf(userId, day, day),
      words.addedBetween(userId, start, end),
    ]);
    const seconds = Number(days[0]?.seconds ?? 0);
    return {
      date: day,
      seconds,
      minutes: minutesShown(seconds),
      articles_finished: Number(days[0]?.finished ?? 0),
      words_looked_up: Number(lookups[0]?.n ?? 0),
      words_added: added.length,
    };
  }

  return {
    /**
     * A week's standing in reading time (seconds, each article counting at most
     * `ARTICLE_CAP_SECONDS`) or articles finished: the `limit` leaders (value descending, ties by
     * user id) and, for `userId`, the value and how many readers have more.
     */
    async weekStanding(cat: 'time' | 'finish', monday: string, userId: number, limit: number): Promise<WeekStanding> {
      const measure = cat === 'time' ? 'seconds' : 'finished';
      const [leaders, value] = await Promise.all([
        limit > 0 ? repo.weekLeaders(measure, monday, limit) : [],
        repo.weekValue(measure, monday, userId),
      ]);
      const top = leaders.map((r) => ({ user_id: Number(r.user_id), value: Number(r.value) }));
      return {
        top,
        mine: value > 0 ? { value, above: await readersAbove(top, limit, value, () => repo.weekAbove(measure, monday, value)) } : null,
      };
    },

    /** A dictionary lookup by a logged-in reader counts toward the day's looked-up words (written within `flushMs`). */
    recordLookup: (userId: number, word: string): void => looked.record(userId, dayKey(clock.now()), word),
    /** Writes the looked-up words this process holds: the process is stopping. */
    close: () => looked.close(),

    async issue(actor: UserActor, articleId: number) {
      await articles.assertOpenable(actor, articleId);
      return issueT(signed, 'article', articleId, actor.user.id, clock.now());
    },

    async report(
      actor: UserActor,
      input: { article_id: number; spent_time: number; is_finish: boolean; t: string },
      signature: string | null,
    ) {
      const now = clock.now();
      const params = { article_id: input.article_id, spent_time: input.spent_time, is_finish: input.is_finish, t: input.t };
      const admitted = await admit(actor, 'article', input.article_id, params, signature, now);
      const credited = await transaction(db, async () => {
        const done = await repo.credit({
          ...admitted,
          userId: actor.user.id,
          articleId: input.article_id,
          seconds: input.spent_time,
          isFinish: input.is_finish,
          day: dayKey(now),
          week: rankWeek(dayKey(now)),
          now: now.toISOString(),
        });
        // Finishing by reading is the reader's "finished" mark too.
        if (done && input.is_finish) await marks.markFinished(actor.user.id, input.article_id, now.toISOString());
        return done;
      });
      if (!credited) throw new Invalid('重复的上报，未记录');
      return { credited: input.spent_time, today: await dayStats(actor.user.id, dayKey(now), credited.day) };
    },

    /**
     * Reading time read offline, sent when the network is back: admitted by reading-check.ts's
     * offline rule, recorded under the client's key (a resend is answered, not counted again) and
     * credited to the day the reading ended. A week whose rank has closed keeps its totals: the
     * day's figures get the time, the rank does not.
     */
    async reportOffline(
      actor: UserActor,
      input: { article_id: number; key: string; spent_time: number; from_s: number; to_s: number; is_finish: boolean; t: string },
      signature: string | null,
    ): Promise<{ credited: number; day: string; duplicate: boolean }> {
      const userId = actor.user.id;
      const params = { ...input };
      // A report racing another under the same `t` (the page's own online report) is checked again.
      for (let attempt = 0; attempt < 3; attempt++) {
        const now = clock.now();
        const admitted = await admitOfflineReport(
          {
            signed,
            kept: repo.token,
            seen: repo.seenOffline,
            windows: repo.offlineWindows,
            dayOffline: repo.dayOffline,
          },
          { articleId: input.article_id, userId, params, signature, now },
        );
        if (admitted.duplicate) return { credited: admitted.seconds, day: admitted.day, duplicate: true };
        const outcome = await transaction(db, async () => {
          const recorded = await repo.recordOffline({
            user_id: userId,
            report_key: input.key,
            article_id: input.article_id,
            token_hash: admitted.tokenHash,
            starts_at: admitted.window.start,
            ends_at: admitted.window.end,
            seconds: admitted.seconds,
            day: admitted.day,
            created_at: now.toISOString(),
          });
          if (!recorded) return 'seen' as const;
          if (admitted.seconds === 0 && !input.is_finish) return 'credited' as const;
          const open = weekStart(admitted.day) === weekStart(dayKey(now));
          const done = await repo.credit({
            tokenHash: admitted.tokenHash,
            // Offline credit leaves the online replay mark as it was: the page's own reports signed earlier still go.
            signAt: admitted.expected?.lastSignAt ?? 0,
            expected: admitted.expected,
            userId,
            articleId: input.article_id,
            seconds: admitted.seconds,
            isFinish: input.is_finish,
            day: admitted.day,
            week: open ? rankWeek(admitted.day) : null,
            now: now.toISOString(),
          });
          if (!done) throw new RaceLost();
          if (input.is_finish) await marks.markFinished(userId, input.article_id, now.toISOString());
          return 'credited' as const;
        }).catch((error: unknown) => {
          if (error instanceof RaceLost) return 'raced' as const;
          throw error;
        });
        if (outcome === 'credited') return { credited: admitted.seconds, day: admitted.day, duplicate: false };
        if (outcome === 'seen') {
          const before = await repo.seenOffline(userId, input.key);
          return { credited: before?.seconds ?? 0, day: before?.day ?? admitted.day, duplicate: true };
        }
      }
      throw new Invalid('阅读时长上报冲突，请稍后重试');
    },

    /**
     * A reading token for a book (the books module checks the caller may read it first). Same
     * rules as articles: signed, bound to the book and the reader, never more time than passed.
     */
    async issueBook(actor: UserActor, bookId: number) {
      return issueT(signed, 'book', bookId, actor.user.id, clock.now());
    },

    /** Credits a book's reading time to the reader's day (no article history row); answers the seconds credited. */
    async reportBook(actor: UserActor, input: { id: number; spent_time: number; t: string }, signature: string | null) {
      const now = clock.now();
      const params = { id: input.id, spent_time: input.spent_time, t: input.t };
      const admitted = await admit(actor, 'book', input.id, params, signature, now);
      const done = await repo.credit({
        ...admitted,
        userId: actor.user.id,
        articleId: null,
        seconds: input.spent_time,
        isFinish: false,
        day: dayKey(now),
        week: rankWeek(dayKey(now)),
        now: now.toISOString(),
      });
      if (!done) throw new Invalid('重复的上报，未记录');
      return { credited: input.spent_time };
    },

    async list(actor: UserActor, offset: number) {
      const rows = await repo.history(actor.user.id, offset, PAGE + 1);
      const list = await articles.withCards(
        rows,
        (r) => r.article_id,
        actor.role,
        (r) => ({ spent_time: r.spent_time, is_finish: r.is_finish === 1, last_read_at: r.last_read_at }),
      );
      return pageOf(list, offset, PAGE);
    },

    async today(actor: UserActor) {
      const today = dayKey(clock.now());
      return { ...(await dayStats(actor.user.id, today)), streak: streaks(await repo.readDays(actor.user.id), today).current };
    },

    async data(actor: UserActor, range: { from?: string | undefined; to?: string | undefined }) {
      const today = dayKey(clock.now());
      const to = range.to ?? today;
      const from = range.from ?? addDays(to, -29);
      if (from > to) throw new Invalid('开始日期不能晚于结束日期');
      if (daysBetween(from, to) > 365) throw new Invalid('日期范围最多 366 天');
      const userId = actor.user.id;
      const [days, lookups, added, readDays] = await Promise.all([
        repo.days(userId, from, to),
        lookupsOf(userId, from, to),
        words.addedBetween(userId, dayBounds(from).start, dayBounds(to).end),
        repo.readDays(userId),
      ]);
      const byDay = new Map(days.map((d) => [d.day, d]));
      const lookupsByDay = new Map(lookups.map((l) => [l.day, Number(l.n)]));
      const addedByDay = new Map<string, number>();
      for (const at of added) addedByDay.set(dayKey(new Date(at)), (addedByDay.get(dayKey(new Date(at))) ?? 0) + 1);
      const series = [];
      for (let day = from; day <= to; day = addDays(day, 1)) {
        const seconds = byDay.get(day)?.seconds ?? 0;
        series.push({
          date: day,
          seconds,
          minutes: minutesShown(seconds),
          articles_finished: byDay.get(day)?.finished ?? 0,
          words_looked_up: lookupsByDay.get(day) ?? 0,
          words_added: addedByDay.get(day) ?? 0,
        });
      }
      return {
        from,
        to,
        days: series,
        totals: {
          minutes: minutesShown(series.reduce((s, d) => s + d.seconds, 0)),
          articles_finished: series.reduce((s, d) => s + d.articles_finished, 0),
          words_looked_up: series.reduce((s, d) => s + d.words_looked_up, 0),
          days_read: series.filter((d) => d.seconds > 0).length,
        },
        streak: streaks(readDays, today),
      };
    },
  };
}

export type HistoryService = ReturnType<typeof historyService>;
