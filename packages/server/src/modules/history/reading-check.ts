import { createHash } from 'node:crypto';
import { verifySignature, type SignableValue } from '@changdu/contract';
import { DAY, HOUR } from '../../lib/clock.js';
import { dayKey } from '../../lib/days.js';
import { Invalid } from '../../lib/errors.js';
import type { SignedTokens } from '../../lib/signed-token.js';

/**
 * Reading time that cannot simply be claimed, for articles and books alike: the server signs a
 * `t` when reading starts; a report must carry it and a fresh request signature, may never
 * credit more time than has passed since `t` was issued, and is refused when replayed. This file
 * is the one place that rule lives.
 */

export type ReadingKind = 'article' | 'book';

/** How long a `t` is good for in a report sent as the reading happens. */
export const T_LIFETIME = 12 * HOUR;
/**
 * How long a `t` is good for in an offline report (sent when the network is back): a week of
 * travel. The token is signed for this long; online reports still hold it to `T_LIFETIME`.
 */
export const OFFLINE_T_LIFETIME = 7 * DAY;
/** What offline reports may add for one reader, article and day: about two long reads. */
export const OFFLINE_DAY_CAP_SECONDS = 60 * 60;
/** Time a report may claim beyond what has passed: the request's own travel. */
const GRACE_SECONDS = 5;

/** A `t` is signed for one kind of reading: an article's is refused for a book, and every other signed token for both. */
const T_PURPOSE = { article: 'reading.article', book: 'reading.book' } as const satisfies Record<ReadingKind, string>;
const T_REFUSED = { invalid: '阅读凭证无效，请刷新页面', expired: '阅读凭证已过期，请刷新页面' };
const NOT_THIS = { article: '阅读凭证与这篇文章不符', book: '阅读凭证与这本书不符' } as const satisfies Record<ReadingKind, string>;

/** The claims of a reading `t`: what is read (an article or a book, by kind), by whom, since when (ms). */
interface TClaims {
  /** The article or book id. */
  r: number;
  u: number;
  i: number;
}

/** What is kept of a `t` already credited: the seconds so far and the signing time of the last report. */
export interface KeptT {
  credited: number;
  last_sign_at: number;
}

/** A report the rule lets through: what `historyRepo.credit` needs to count it, once. */
export interface AdmittedReport {
  tokenHash: string;
  signAt: number;
  /** What the kept row held when checked: the credit applies only if it still does (two racing reports count once). */
  expected: { credited: number; lastSignAt: number } | null;
}

/** A new `t` for `userId` reading `kind` `id`, issued now. */
export function issueT(signed: Pick<SignedTokens, 'issue'>, kind: ReadingKind, id: number, userId: number, now: Date) {
  const claims: TClaims = { r: id, u: userId, i: now.getTime() };
  // Signed for the offline week; `expires_in` tells the page when to ask for a new one to report online.
  return { t: signed.issue(T_PURPOSE[kind], { ...claims }, OFFLINE_T_LIFETIME).token, expires_in: T_LIFETIME / 1000 };
}

/** The claims of a genuine `t` for this reader and this article or book, or Invalid saying why not. */
function claimsOf(signed: Pick<SignedTokens, 'verify'>, kind: ReadingKind, t: string, id: number, userId: number): TClaims {
  const claims = signed.verify<Record<string, unknown>>(T_PURPOSE[kind], t, T_REFUSED);
  if (claims.r !== id || claims.u !== userId || typeof claims.i !== 'number') throw new Invalid(NOT_THIS[kind]);
  return { r: claims.r, u: claims.u, i: claims.i };
}

/**
 * Lets a report through or throws Invalid saying why not: a bad or stale request signature, a
 * forged or expired `t`, a `t` of another reader or of another article or book, a signing time
 * not after the last one credited for this `t` (replay), and more time than has passed since
 * `t` was issued (plus a few seconds).
 */
export async function admitReport(
  deps: { signed: Pick<SignedTokens, 'verify'>; kept: (tokenHash: string) => Promise<KeptT | undefined> },
  report: {
    kind: ReadingKind;
    /** The article or book the report is for. */
    id: number;
    userId: number;
    /** Every parameter of the request, as the client signed them: the seconds claimed and the `t` among them. */
    params: { spent_time: number; t: string } & Record<string, SignableValue>;
    signature: string | null;
    now: Date;
  },
): Promise<AdmittedReport> {
  const now = report.now.getTime();
  const { spent_time: spent, t } = report.params;
  const check = verifySignature(report.signature, report.params, { now });
  if (!check.ok) throw new Invalid(check.reason === 'expired' ? '上报已过期，未记录' : '请求签名无效，未记录');
  const claims = claimsOf(deps.signed, report.kind, t, report.id, report.userId);
  if (now - claims.i > T_LIFETIME) throw new Invalid(T_REFUSED.expired);
  const tokenHash = hashOf(t);
  const row = await deps.kept(tokenHash);
  if (row && check.time <= Number(row.last_sign_at)) throw new Invalid('重复的上报，未记录');
  const elapsed = (now - claims.i) / 1000 + GRACE_SECONDS;
  if ((row?.credited ?? 0) + spent > elapsed) throw new Invalid('阅读时长超过了实际经过的时间，未记录');
  return { tokenHash, signAt: check.time, expected: row ? { credited: row.credited, lastSignAt: Number(row.last_sign_at) } : null };
}

const hashOf = (t: string) => createHash('sha256').update(t).digest('hex');

/** An offline report's window, in server time (ms): what the reader's other offline reports are checked against. */
export interface ReadingWindow {
  start: number;
  end: number;
}

/** What the offline rule needs to read: the `t`'s row, a key already counted, the reader's windows and a day's offline seconds. */
export interface OfflineDeps {
  signed: Pick<SignedTokens, 'verify'>;
  kept: (tokenHash: string) => Promise<KeptT | undefined>;
  /** The seconds and day an earlier report with this key was counted for, if any. */
  seen: (userId: number, key: string) => Promise<{ seconds: number; day: string } | undefined>;
  /** The reader's offline windows that overlap [start, end). */
  windows: (userId: number, window: ReadingWindow) => Promise<ReadingWindow[]>;
  /** The seconds offline reports already added for this reader, article and day. */
  dayOffline: (userId: number, articleId: number, day: string) => Promise<number>;
}

export type AdmittedOffline =
  | { duplicate: true; seconds: number; day: string }
  | {
      duplicate: false;
      /** What is counted, after every cap (may be 0: the report is still recorded as seen). */
      seconds: number;
      day: string;
      window: ReadingWindow;
      tokenHash: string;
      /** The `t`'s row as checked: the credit applies only if it still holds this (see `AdmittedReport`). */
      expected: { credited: number; lastSignAt: number } | null;
    };

/** The length (ms) of `window` covered by `others`, each instant once. */
export function overlapMs(window: ReadingWindow, others: readonly ReadingWindow[]): number {
  const parts = others
    .map((o) => ({ start: Math.max(o.start, window.start), end: Math.min(o.end, window.end) }))
    .filter((o) => o.end > o.start)
    .sort((a, b) => a.start - b.start);
  let covered = 0;
  let reach = window.start;
  for (const part of parts) {
    const from = Math.max(part.start, reach);
    if (part.end > from) covered += part.end - from;
    reach = Math.max(reach, part.end);
  }
  return covered;
}

/**
 * Reading time read offline, sent once the network is back (docs/reading.md § Reading offline).
 * The request is signed as it is sent (fresh, as any report) and carries the `t` the page had
 * when the article was last opened online, the client's key of the report, and the reading's
 * window as seconds after `t` arrived. Refused: a bad or stale signature, a forged `t`, one of
 * another reader or article, one older than `OFFLINE_T_LIFETIME`. A key counted before is
 * answered as it was, adding nothing. Everything else is counted up to what the server can
 * check, the rest dropped:
 * - the window is placed from the `t`'s issue time and cut at now (no reading in the future);
 * - no more seconds than the window holds, less what the reader's other offline windows cover;
 * - with what was credited under this `t` before (online or offline), never more than has
 *   passed since it was issued;
 * - at most `OFFLINE_DAY_CAP_SECONDS` of offline time per reader, article and day.
 * The seconds go to the China-time day the window ends.
 */
export async function admitOfflineReport(
  deps: OfflineDeps,
  report: {
    articleId: number;
    userId: number;
    params: { key: string; spent_time: number; from_s: number; to_s: number; t: string } & Record<string, SignableValue>;
    signature: string | null;
    now: Date;
  },
): Promise<AdmittedOffline> {
  const now = report.now.getTime();
  const { key, spent_time: spent, from_s: fromS, to_s: toS, t } = report.params;
  const check = verifySignature(report.signature, report.params, { now });
  if (!check.ok) throw new Invalid(check.reason === 'expired' ? '上报已过期，未记录' : '请求签名无效，未记录');
  const claims = claimsOf(deps.signed, 'article', t, report.articleId, report.userId);
  if (now - claims.i > OFFLINE_T_LIFETIME) throw new Invalid(T_REFUSED.expired);
  const before = await deps.seen(report.userId, key);
  if (before) return { duplicate: true, seconds: before.seconds, day: before.day };

  const window = { start: Math.min(claims.i + fromS * 1000, now), end: Math.min(claims.i + toS * 1000, now) };
  const free = window.end - window.start - overlapMs(window, await deps.windows(report.userId, window));
  let seconds = Math.min(spent, Math.floor(free / 1000));
  const tokenHash = hashOf(t);
  const row = await deps.kept(tokenHash);
  const elapsed = Math.floor((now - claims.i) / 1000) + GRACE_SECONDS;
  seconds = Math.min(seconds, elapsed - (row?.credited ?? 0));
  const day = dayKey(new Date(window.end));
  seconds = Math.min(seconds, OFFLINE_DAY_CAP_SECONDS - (await deps.dayOffline(report.userId, report.articleId, day)));
  return {
    duplicate: false,
    seconds: Math.max(0, seconds),
    day,
    window,
    tokenHash,
    expected: row ? { credited: row.credited, lastSignAt: Number(row.last_sign_at) } : null,
  };
}
