import { Codes } from '@changdu/contract';
import { call } from '../../api/client';
import { keptT, recordOfflineReading, rememberT } from '../../lib/offline-reading';
import { resendReadingReports, sendReport, type ReadingReport } from '../../lib/reading-reports';

/**
 * Reading-time reports for one article (spec §7 "History"): on open the server signs a `t`;
 * then every ~30 s of *visible, active* reading a report says how many seconds were read,
 * signed with `X-BB-Sign`. A report never claims more seconds than have passed since the
 * previous one (or since `t` arrived), so the server's "no more time than elapsed" check
 * always holds. Leaving or hiding the page sends what is left (best effort, keepalive).
 * Offline, an article counts under the `t` it was last opened with online and each report is
 * written down for later (lib/offline-reading.ts, docs/reading.md § Reading offline).
 */

/** Report after this much active reading. */
export const REPORT_EVERY_S = 30;
/**
 * Reading counts while the reader did something in this window: a minute and a half, so a reader
 * who stays a full minute on one hard paragraph is still reading (issue 31.2's reader does).
 */
export const IDLE_AFTER_MS = 90_000;
const TICK_MS = 1000;
/** Ask for a new `t` this long before the old one expires. */
const RENEW_MARGIN_MS = 60_000;

export interface HeartbeatOptions {
  articleId: number;
  /** Reading a book instead (articleId ignored): its own token and report calls, same rules. */
  bookId?: number;
  /** Called after time was credited (to refresh the read-data screens). */
  onCredited?: () => void;
}

export class ReadingHeartbeat {
  private readonly articleId: number;
  private readonly bookId: number | undefined;
  private readonly onCredited: (() => void) | undefined;
  private t: string | null = null;
  private tExpiresAt = 0;
  /** When `t` arrived, and whether it is one kept from an earlier page (its reports wait for the network). */
  private tReceivedAt = 0;
  private tKept = false;
  /** When the last report was sent (or `t` arrived): the bound of the next claim. */
  private lastReportAt = 0;
  private activeMs = 0;
  private lastTick = 0;
  private lastActivity = 0;
  private timer: number | undefined;
  private sending = false;
  private finishPending = false;
  private finishSent = false;
  private stopped = false;
  private fetchingToken: Promise<void> | null = null;

  constructor({ articleId, bookId, onCredited }: HeartbeatOptions) {
    this.articleId = articleId;
    this.bookId = bookId;
    this.onCredited = onCredited;
  }

  /** Fetches `t` and starts counting. */
  start(): void {
    // What an earlier page could not report (left before its last report was answered) goes first.
    void resendReadingReports().then((credited) => credited && this.onCredited?.());
    this.lastActivity = Date.now();
    this.lastTick = Date.now();
    void this.fetchToken();
    this.timer = window.setInterval(() => this.tick(), TICK_MS);
  }

  /** Sends what is left and stops. */
  stop(): void {
    if (this.stopped) return;
    this.flush(true);
    this.stopped = true;
    window.clearInterval(this.timer);
  }

  /** The network is back: what was read offline is written down, then a fresh `t` for online reports. */
  online(): void {
    if (this.stopped) return;
    if (this.tKept) this.flush();
    void resendReadingReports().then((credited) => credited && this.onCredited?.());
    if (this.tKept || !this.t) void this.fetchToken();
  }

  /** The reader did something (scroll, touch, key): reading continues to count. */
  activity(): void {
    this.lastActivity = Date.now();
  }

  /** The reader finished the article: the next report carries is_finish, once. */
  finish(): void {
    if (this.finishSent || this.finishPending) return;
    this.finishPending = true;
    this.activity();
    void this.report(false);
  }

  /** The page is hidden or left: report now, letting the request outlive the page. */
  flush(keepalive = false): void {
    this.countUntilNow();
    void this.report(keepalive);
  }

  private active(now: number): boolean {
    return document.visibilityState === 'visible' && now - this.lastActivity <= IDLE_AFTER_MS;
  }

  /** Adds the time since the last tick when the reader was reading through it. */
  private countUntilNow(): void {
    const now = Date.now();
    // A throttled or suspended timer must not turn a long gap into reading time.
    const step = Math.min(now - this.lastTick, 2 * TICK_MS);
    if (this.t && step > 0 && this.active(now)) this.activeMs += step;
    this.lastTick = now;
  }

  private tick(): void {
    this.countUntilNow();
    if (this.t && Date.now() > this.tExpiresAt - RENEW_MARGIN_MS) void this.fetchToken();
    if (this.activeMs >= REPORT_EVERY_S * 1000 || (this.finishPending && this.activeMs >= 1000)) void this.report(false);
  }

  private fetchToken(): Promise<void> {
    this.fetchingToken ??= (async () => {
      const { status, result } =
        this.bookId !== undefined
          ? await call('book.historyToken', { id: this.bookId }, { redirectOnAuthError: false })
          : await call('history.token', { article_id: this.articleId }, { redirectOnAuthError: false });
      if (status.code === Codes.OK && result) {
        this.t = result.t;
        this.tExpiresAt = Date.now() + result.expires_in * 1000;
        this.tReceivedAt = Date.now();
        this.tKept = false;
        if (this.bookId === undefined) rememberT(this.articleId, result.t, this.tReceivedAt);
        // Time read under the old `t` is not claimed under the new one.
        this.lastReportAt = Date.now();
        this.activeMs = 0;
      } else if (status.code === '' && !this.t && this.bookId === undefined) {
        // No network: count under the `t` this article was last opened with online, if it is still good.
        const kept = keptT(this.articleId);
        if (kept) {
          this.t = kept.t;
          this.tKept = true;
          this.tReceivedAt = kept.received_at;
          // Not renewed by the clock: the network's return (`online`) fetches a fresh one.
          this.tExpiresAt = Number.POSITIVE_INFINITY;
          this.lastReportAt = Date.now();
          this.activeMs = 0;
        }
      }
      this.fetchingToken = null;
    })();
    return this.fetchingToken;
  }

  private async report(keepalive: boolean): Promise<void> {
    if (this.stopped || this.sending || !this.t) return;
    const now = Date.now();
    const elapsed = Math.floor((now - this.lastReportAt) / 1000);
    const spent = Math.min(Math.floor(this.activeMs / 1000), elapsed);
    if (spent < 1) return;
    const isFinish = this.finishPending;
    const t = this.t;
    if (this.bookId === undefined && (this.tKept || navigator.onLine === false)) {
      recordOfflineReading({
        article_id: this.articleId,
        t,
        received_at: this.tReceivedAt,
        from: this.lastReportAt,
        to: now,
        spent,
        is_finish: isFinish,
      });
      this.lastReportAt = now;
      this.activeMs = Math.max(0, this.activeMs - spent * 1000);
      if (isFinish) {
        this.finishSent = true;
        this.finishPending = false;
      }
      return;
    }
    this.sending = true;
    this.lastReportAt = now;
    this.activeMs = Math.max(0, this.activeMs - spent * 1000);
    const report: ReadingReport =
      this.bookId !== undefined
        ? { kind: 'book', input: { id: this.bookId, spent_time: spent, t }, signedAt: now }
        : { kind: 'article', input: { article_id: this.articleId, spent_time: spent, is_finish: isFinish, t }, signedAt: now };
    try {
      const outcome = await sendReport(report, keepalive);
      if (outcome === 'credited') {
        if (isFinish) {
          this.finishSent = true;
          this.finishPending = false;
        }
        this.onCredited?.();
      } else if (outcome === 'refused' && !this.stopped) {
        // An expired or refused `t`: start over with a new one (the refused seconds are dropped).
        await this.fetchToken();
      }
    } finally {
      this.sending = false;
    }
  }
}
