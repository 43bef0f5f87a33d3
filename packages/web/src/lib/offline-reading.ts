import { Codes, Headers, signParams } from '@changdu/contract';
import { call } from '../api/client';

/**
 * Reading time read with no network (docs/reading.md § Reading offline). The page keeps the
 * signed `t` it got when an article was last opened online; reopened offline, it counts reading
 * under that `t` and writes each stretch here, with its window (when it began and ended, from
 * when `t` arrived) and the seconds of active reading in it. Once online, each report is sent
 * once, with its own key, to `history.offline`, whose bounds decide what counts.
 *
 * localStorage rather than the IndexedDB outbox: the last stretch is written as the page is
 * hidden or left, and only a synchronous write is sure to land then.
 */

const T_KEY = 'cd.reading-t';
const REPORTS_KEY = 'cd.offline-reading';
/** The server takes a `t` this old in an offline report (reading-check.ts OFFLINE_T_LIFETIME), less a margin for the send. */
export const KEPT_T_MAX_AGE_MS = 7 * 86_400_000 - 3_600_000;
/** How many articles' `t`s are kept: the offline caches keep the last 50 articles (offline/caches.ts). */
const KEPT_T_LIMIT = 50;
/** Two stretches this close (ms) are one reading: kept as one report. */
const JOIN_GAP_MS = 2_000;

export interface KeptT {
  t: string;
  /** When the page got it (the client's clock): windows are measured from here. */
  received_at: number;
}

export interface OfflineReport {
  /** Sent with the report: the server counts a key once. */
  key: string;
  article_id: number;
  t: string;
  received_at: number;
  /** The stretch read, in the client's clock (ms). */
  from: number;
  to: number;
  /** Seconds of visible, active reading in it. */
  spent: number;
  is_finish: boolean;
  /** Sent at least once: its answer may have been lost, so it is not joined any more (its key says what it was). */
  tried: boolean;
}

function read<T>(key: string, fallback: T): T {
  try {
    const raw = localStorage.getItem(key);
    return raw ? (JSON.parse(raw) as T) : fallback;
  } catch {
    return fallback;
  }
}

function write(key: string, value: unknown, empty: boolean): void {
  try {
    if (empty) localStorage.removeItem(key);
    else localStorage.setItem(key, JSON.stringify(value));
  } catch {
    // Storage full or refused (a private window): the time read offline is not kept.
  }
}

const loadTs = () => read<Record<string, KeptT>>(T_KEY, {});
const loadReports = () => {
  const kept = read<unknown>(REPORTS_KEY, []);
  return Array.isArray(kept) ? (kept as OfflineReport[]) : [];
};
const saveReports = (reports: OfflineReport[]) => write(REPORTS_KEY, reports, reports.length === 0);

/** Keeps the `t` an article was opened with online (the newest 50 articles). */
export function rememberT(articleId: number, t: string, receivedAt = Date.now()): void {
  const kept: Record<string, KeptT> = { ...loadTs(), [articleId]: { t, received_at: receivedAt } };
  const newest = Object.entries(kept)
    .sort((a, b) => b[1].received_at - a[1].received_at)
    .slice(0, KEPT_T_LIMIT);
  write(T_KEY, Object.fromEntries(newest), false);
}

/** The `t` kept for an article, while the server still takes it for offline time. */
export function keptT(articleId: number, now = Date.now()): KeptT | null {
  const kept = loadTs()[articleId];
  return kept && now - kept.received_at < KEPT_T_MAX_AGE_MS ? kept : null;
}

const newKey = () =>
  typeof crypto !== 'undefined' && typeof crypto.randomUUID === 'function'
    ? crypto.randomUUID()
    : `${Date.now().toString(36)}-${Math.random().toString(36).slice(2, 12)}`;

/**
 * Writes down a stretch read offline. A stretch that follows the last unsent one of the same
 * `t` extends it (a heartbeat writes one every 30 s): one report per sitting, not per beat.
 */
export function recordOfflineReading(stretch: Omit<OfflineReport, 'key' | 'tried'>): void {
  if (stretch.spent < 1 && !stretch.is_finish) return;
  const reports = loadReports();
  const last = reports.at(-1);
  if (last && !last.tried && last.t === stretch.t && stretch.from >= last.from && stretch.from - last.to <= JOIN_GAP_MS) {
    reports[reports.length - 1] = {
      ...last,
      to: Math.max(last.to, stretch.to),
      spent: last.spent + stretch.spent,
      is_finish: last.is_finish || stretch.is_finish,
    };
  } else {
    reports.push({ ...stretch, key: newKey(), tried: false });
  }
  saveReports(reports);
}

/** The reports waiting for the network, oldest first. */
export function offlineReports(): OfflineReport[] {
  return loadReports();
}

/** What the server is sent for a report: the window as whole seconds after `t` arrived, wide enough to hold the time read. */
export function offlineInput(report: OfflineReport) {
  const from = Math.max(0, Math.floor((report.from - report.received_at) / 1000));
  const to = Math.max(from, Math.ceil((report.to - report.received_at) / 1000));
  return {
    article_id: report.article_id,
    key: report.key,
    spent_time: Math.min(report.spent, to - from),
    from_s: from,
    to_s: to,
    is_finish: report.is_finish,
    t: report.t,
  };
}

let sending: Promise<boolean> | null = null;

/**
 * Sends the reports read offline, oldest first, each once at a time: the server's answer (what
 * it counted, or that it had counted this key before) forgets it; a refusal forgets it too
 * (sending it again would not change the answer); the network away or the server failing stops
 * the run, and the report waits, its key unchanged. Answers whether any was sent.
 */
export function sendOfflineReports(): Promise<boolean> {
  sending ??= send().finally(() => (sending = null));
  return sending;
}

async function send(): Promise<boolean> {
  let sent = false;
  for (const report of loadReports()) {
    saveReports(loadReports().map((r) => (r.key === report.key ? { ...r, tried: true } : r)));
    const input = offlineInput(report);
    const { status } = await call('history.offline', input, {
      redirectOnAuthError: false,
      headers: { [Headers.signature]: signParams(input) },
    });
    const later: string[] = ['', Codes.INTERNAL, Codes.UNAVAILABLE, Codes.TOO_MANY, Codes.UNAUTHORIZED];
    if (later.includes(status.code)) break;
    saveReports(loadReports().filter((r) => r.key !== report.key));
    sent ||= status.code === Codes.OK;
  }
  return sent;
}

/** Logging out: the reader's kept `t`s and unsent reports go with the session. */
export function forgetOfflineReading(): void {
  write(T_KEY, null, true);
  saveReports([]);
}
