import { Codes, Headers, signParams } from '@changdu/contract';
import { call } from '../api/client';
import { sendOfflineReports } from './offline-reading';

/**
 * Reading-time reports, kept until the server has answered them. The report sent as the page is
 * left (keepalive) is often lost with the page: Chromium dropped it in about half the runs of
 * `reading-time.spec.ts`, which is how a reader's last seconds of every article went missing. So
 * each report is written down before it is sent, forgotten once the server answers it, and sent
 * again by the next page that starts (or the reader's next article).
 *
 * A report is sent again with its first signature: the server refuses a report whose signing time
 * is not after the last one credited for that `t`, so a report that did arrive is never counted
 * twice. Signatures are good for five minutes (contract `verifySignature`), so older reports are
 * dropped rather than sent to be refused.
 */

const KEY = 'cd.reading-reports';
/** Under the server's five minutes, leaving time for the request itself. */
const MAX_AGE_MS = 4 * 60_000;

export type ReadingReport =
  | { kind: 'article'; input: { article_id: number; spent_time: number; is_finish: boolean; t: string }; signedAt: number }
  | { kind: 'book'; input: { id: number; spent_time: number; t: string }; signedAt: number };

/** What the server made of a report: credited, refused for good, or not reached. */
export type ReportOutcome = 'credited' | 'refused' | 'unsent';

function load(): ReadingReport[] {
  try {
    const kept: unknown = JSON.parse(localStorage.getItem(KEY) ?? '[]');
    return Array.isArray(kept) ? (kept as ReadingReport[]) : [];
  } catch {
    return [];
  }
}

function save(reports: ReadingReport[]): void {
  try {
    if (reports.length === 0) localStorage.removeItem(KEY);
    else localStorage.setItem(KEY, JSON.stringify(reports));
  } catch {
    // Storage full or refused (a private window): the report is only sent once, as before.
  }
}

const same = (a: ReadingReport, b: ReadingReport) => a.signedAt === b.signedAt && a.input.t === b.input.t;

function forget(report: ReadingReport): void {
  save(load().filter((r) => !same(r, report)));
}

/** Sends one report (kept until answered); `keepalive` lets the request outlive the page. */
export async function sendReport(report: ReadingReport, keepalive = false): Promise<ReportOutcome> {
  save([...load().filter((r) => !same(r, report)), report]);
  const options = { redirectOnAuthError: false, keepalive };
  const { status } =
    report.kind === 'book'
      ? await call('book.history', report.input, {
          ...options,
          headers: { [Headers.signature]: signParams(report.input, report.signedAt) },
        })
      : await call('history.report', report.input, {
          ...options,
          headers: { [Headers.signature]: signParams(report.input, report.signedAt) },
        });
  if (status.code === Codes.OK) {
    forget(report);
    return 'credited';
  }
  // The network ('' from `call`) or the server failing: kept for the next page. Anything else is the server's
  // answer to this report (a duplicate, an expired `t`, logged out), which sending again won't change.
  const later: string[] = ['', Codes.INTERNAL, Codes.UNAVAILABLE, Codes.TOO_MANY];
  if (later.includes(status.code)) return 'unsent';
  forget(report);
  return 'refused';
}

/**
 * Sends the reports an earlier page left unanswered, oldest first, dropping those too old to be
 * taken, then the time read offline. Answers whether any was credited (the read-data screens then refresh).
 */
export function resendReadingReports(now = Date.now()): Promise<boolean> {
  // One run at a time: the shell and a reader starting together would send each report twice.
  resending ??= resend(now).finally(() => (resending = null));
  return resending;
}

let resending: Promise<boolean> | null = null;

async function resend(now: number): Promise<boolean> {
  const kept = load();
  const fresh = kept.filter((r) => now - r.signedAt < MAX_AGE_MS).sort((a, b) => a.signedAt - b.signedAt);
  if (fresh.length !== kept.length) save(fresh);
  let credited = false;
  for (const report of fresh) {
    const outcome = await sendReport(report);
    if (outcome === 'unsent') break;
    credited ||= outcome === 'credited';
  }
  // Then what was read with no network (lib/offline-reading.ts): its own rule on the server.
  const offline = await sendOfflineReports().catch(() => false);
  return credited || offline;
}
