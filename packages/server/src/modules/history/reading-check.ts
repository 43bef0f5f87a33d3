import { createHash } from 'node:crypto';
import { verifySignature, type SignableValue } from '@changdu/contract';
import { HOUR } from '../../lib/clock.js';
import { Invalid } from '../../lib/errors.js';
import type { SignedTokens } from '../../lib/signed-token.js';

/**
 * Reading time that cannot simply be claimed, for articles and books alike: the server signs a
 * `t` when reading starts; a report must carry it and a fresh request signature, may never
 * credit more time than has passed since `t` was issued, and is refused when replayed. This file
 * is the one place that rule lives.
 */

export type ReadingKind = 'article' | 'book';

/** How long a `t` is good for. */
export const T_LIFETIME = 12 * HOUR;
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
  return { t: signed.issue(T_PURPOSE[kind], { ...claims }, T_LIFETIME).token, expires_in: T_LIFETIME / 1000 };
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
  const claims = deps.signed.verify<Record<string, unknown>>(T_PURPOSE[report.kind], t, T_REFUSED);
  if (claims.r !== report.id || claims.u !== report.userId || typeof claims.i !== 'number') throw new Invalid(NOT_THIS[report.kind]);
  const tokenHash = createHash('sha256').update(t).digest('hex');
  const row = await deps.kept(tokenHash);
  if (row && check.time <= row.last_sign_at) throw new Invalid('重复的上报，未记录');
  const elapsed = (now - claims.i) / 1000 + GRACE_SECONDS;
  if ((row?.credited ?? 0) + spent > elapsed) throw new Invalid('阅读时长超过了实际经过的时间，未记录');
  return { tokenHash, signAt: check.time, expected: row ? { credited: row.credited, lastSignAt: row.last_sign_at } : null };
}
