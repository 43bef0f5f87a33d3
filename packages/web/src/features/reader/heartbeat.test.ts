import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { verifySignature } from '@changdu/contract';
import { mockApi, ok, fail, type SeenRequest } from '../../test/api-mock';
import { IDLE_AFTER_MS, ReadingHeartbeat } from './heartbeat';

type Report = { article_id: number; spent_time: number; is_finish: boolean; t: string };

const today = { date: '2025-05-01', seconds: 0, minutes: 0, articles_finished: 0, words_looked_up: 0, words_added: 0 };

function server() {
  /** When each report arrived (fake time), to compare claims with the time that passed. */
  const arrivals: number[] = [];
  let tokenAt = 0;
  const api = mockApi({
    'GET /reader/history/t': () => {
      tokenAt = Date.now();
      return ok({ t: 'tok.sig', expires_in: 43200 });
    },
    'POST /reader/history': (request: SeenRequest) => {
      arrivals.push(Date.now());
      return ok({ credited: (request.body as Report).spent_time, today });
    },
  });
  const reports = () => api.to('POST /reader/history');
  return { api, reports, arrivals, tokenAt: () => tokenAt };
}

let beat: ReadingHeartbeat | null = null;

beforeEach(() => {
  vi.useFakeTimers({ now: new Date('2025-05-01T08:00:00Z') });
});

afterEach(() => {
  beat?.stop();
  beat = null;
  localStorage.clear();
});

/** Reads for `seconds`, touching the page every 10 s. */
async function read(seconds: number) {
  for (let s = 0; s < seconds; s += 10) {
    beat!.activity();
    await vi.advanceTimersByTimeAsync(Math.min(10, seconds - s) * 1000);
  }
}

describe('reading-time heartbeat', () => {
  it('gets a signed t on open, then reports each 30 s of reading signed with X-BB-Sign', async () => {
    const { api, reports } = server();
    beat = new ReadingHeartbeat({ articleId: 12 });
    beat.start();
    await vi.advanceTimersByTimeAsync(0);
    expect(api.to('GET /reader/history/t')[0]?.query.get('article_id')).toBe('12');

    await read(65);
    expect(reports()).toHaveLength(2);
    for (const report of reports()) {
      const body = report.body as Report;
      expect(body).toMatchObject({ article_id: 12, is_finish: false, t: 'tok.sig' });
      expect(body.spent_time).toBe(30);
      expect(report.headers['x-bb-sign']).toMatch(/^\d{16}$/);
      // The server's own check passes for exactly these parameters at this time.
      expect(verifySignature(report.headers['x-bb-sign'], body, { now: Date.now() }).ok).toBe(true);
    }
  });

  it('never claims more seconds than have passed since the previous report (or since t)', async () => {
    const { reports, arrivals, tokenAt } = server();
    beat = new ReadingHeartbeat({ articleId: 12 });
    beat.start();
    await read(47);
    beat.flush(true);
    await vi.advanceTimersByTimeAsync(0);
    // A suspended tab: the clock jumps 10 minutes without timers running.
    vi.setSystemTime(Date.now() + 10 * 60_000);
    beat.activity();
    await read(12);
    beat.flush(true);
    await vi.advanceTimersByTimeAsync(0);

    const spent = reports().map((r) => (r.body as Report).spent_time);
    expect(spent.length).toBeGreaterThanOrEqual(3);
    let since = tokenAt();
    reports().forEach((report, i) => {
      expect((report.body as Report).spent_time).toBeLessThanOrEqual((arrivals[i]! - since) / 1000);
      since = arrivals[i]!;
    });
    // The jump itself was not reading: at most the 47 + 12 s actually read (plus a tick).
    expect(spent.reduce((a, b) => a + b, 0)).toBeLessThanOrEqual(61);
  });

  it('counts nothing while the page is hidden or the reader idle for over a minute', async () => {
    const { reports } = server();
    beat = new ReadingHeartbeat({ articleId: 12 });
    beat.start();
    await vi.advanceTimersByTimeAsync(0);
    const visibility = vi.spyOn(document, 'visibilityState', 'get').mockReturnValue('hidden');
    await vi.advanceTimersByTimeAsync(120_000);
    expect(reports()).toHaveLength(0);
    visibility.mockReturnValue('visible');
    // Visible but untouched: only the first minute and a half after the last activity counts.
    await vi.advanceTimersByTimeAsync(0);
    beat.activity();
    await vi.advanceTimersByTimeAsync(5 * 60_000);
    const spent = reports().reduce((sum, r) => sum + (r.body as Report).spent_time, 0);
    expect(spent).toBeGreaterThanOrEqual(IDLE_AFTER_MS / 1000);
    expect(spent).toBeLessThanOrEqual(IDLE_AFTER_MS / 1000 + 2);
  });

  it('sends is_finish once, with the next report', async () => {
    const { reports } = server();
    beat = new ReadingHeartbeat({ articleId: 12 });
    beat.start();
    await read(12);
    beat.finish();
    beat.finish();
    await vi.advanceTimersByTimeAsync(1000);
    await read(70);
    beat.finish();
    await read(5);
    beat.flush();
    await vi.advanceTimersByTimeAsync(0);
    const finishes = reports().filter((r) => (r.body as Report).is_finish);
    expect(finishes).toHaveLength(1);
    expect(reports()[0]?.body).toMatchObject({ is_finish: true, spent_time: 12 });
  });

  it('leaving sends what is left with keepalive, and stops', async () => {
    const { api, reports } = server();
    beat = new ReadingHeartbeat({ articleId: 12 });
    beat.start();
    await read(14);
    beat.stop();
    await vi.advanceTimersByTimeAsync(0);
    expect(reports()).toHaveLength(1);
    expect((reports()[0]?.body as Report).spent_time).toBe(14);
    const init = api.fetchMock.mock.calls.find(([url]) => String(url).startsWith('/reader/history') && !String(url).includes('/t'))?.[1];
    expect(init?.keepalive).toBe(true);
    await vi.advanceTimersByTimeAsync(60_000);
    expect(reports()).toHaveLength(1);
  });

  it('a report the page left unanswered is sent by the next reader with its first signature, once', async () => {
    // The first page goes away with its last report on the wire: the network never answers it.
    let network = false;
    const seen: { body: Report; sign: string | null }[] = [];
    mockApi({
      'GET /reader/history/t': () => ok({ t: 'tok.sig', expires_in: 43200 }),
      'POST /reader/history': (request: SeenRequest) => {
        if (!network) return 'network-error';
        seen.push({ body: request.body as Report, sign: request.headers['x-bb-sign'] ?? null });
        return ok({ credited: (request.body as Report).spent_time, today });
      },
    });
    beat = new ReadingHeartbeat({ articleId: 12 });
    beat.start();
    await read(14);
    const leftAt = Date.now();
    beat.stop();
    await vi.advanceTimersByTimeAsync(0);
    expect(seen).toHaveLength(0);

    // The next page starts a minute later: the kept report goes first, signed as it was.
    network = true;
    await vi.advanceTimersByTimeAsync(60_000);
    let credited = 0;
    beat = new ReadingHeartbeat({ articleId: 13, onCredited: () => credited++ });
    beat.start();
    await vi.advanceTimersByTimeAsync(0);
    expect(seen).toHaveLength(1);
    expect(seen[0]!.body).toMatchObject({ article_id: 12, spent_time: 14 });
    expect(verifySignature(seen[0]!.sign, { ...seen[0]!.body }, { now: Date.now() })).toEqual({ ok: true, time: leftAt });
    expect(credited).toBe(1);
    // Answered, it is not sent again.
    beat.stop();
    beat = new ReadingHeartbeat({ articleId: 14 });
    beat.start();
    await vi.advanceTimersByTimeAsync(0);
    expect(seen.filter((s) => s.body.article_id === 12)).toHaveLength(1);
  });

  it('drops a kept report too old for the server to take', async () => {
    let network = false;
    const seen: Report[] = [];
    mockApi({
      'GET /reader/history/t': () => ok({ t: 'tok.sig', expires_in: 43200 }),
      'POST /reader/history': (request: SeenRequest) => {
        if (!network) return 'network-error';
        seen.push(request.body as Report);
        return ok({ credited: 1, today });
      },
    });
    beat = new ReadingHeartbeat({ articleId: 12 });
    beat.start();
    await read(14);
    beat.stop();
    network = true;
    await vi.advanceTimersByTimeAsync(5 * 60_000);
    beat = new ReadingHeartbeat({ articleId: 13 });
    beat.start();
    await vi.advanceTimersByTimeAsync(0);
    expect(seen.filter((r) => r.article_id === 12)).toHaveLength(0);
  });

  it('a refused report gets a new t and does not resend the refused seconds', async () => {
    let refuse = true;
    let tokens = 0;
    const api = mockApi({
      'GET /reader/history/t': () => ok({ t: `tok${++tokens}.sig`, expires_in: 43200 }),
      'POST /reader/history': () => (refuse ? fail(400, '阅读凭证已过期，请刷新页面') : ok({ credited: 1, today })),
    });
    beat = new ReadingHeartbeat({ articleId: 12 });
    beat.start();
    await read(31);
    refuse = false;
    expect(api.to('GET /reader/history/t')).toHaveLength(2);
    await read(31);
    const last = api.to('POST /reader/history').at(-1)?.body as Report;
    expect(last.t).toBe('tok2.sig');
    expect(last.spent_time).toBeLessThanOrEqual(31);
  });
});

describe('reading-time heartbeat offline', () => {
  type Offline = { article_id: number; key: string; spent_time: number; from_s: number; to_s: number; t: string };

  it('reopened offline, counts under the t the article was opened with online, and sends it once when the network is back', async () => {
    let network = true;
    const online: Report[] = [];
    const offline: Offline[] = [];
    mockApi({
      'GET /reader/history/t': () => (network ? ok({ t: 'tok.sig', expires_in: 43200 }) : 'network-error'),
      'POST /reader/history': (request: SeenRequest) =>
        network ? (online.push(request.body as Report), ok({ credited: 1, today })) : 'network-error',
      'POST /reader/history/offline': (request: SeenRequest) => {
        if (!network) return 'network-error';
        offline.push(request.body as Offline);
        return ok({ credited: (request.body as Offline).spent_time, day: '2025-05-01', duplicate: false });
      },
    });
    // Opened online: its t is kept.
    beat = new ReadingHeartbeat({ articleId: 12 });
    beat.start();
    await vi.advanceTimersByTimeAsync(0);
    beat.stop();

    // An hour later on a plane: the page is opened again, with no network.
    network = false;
    const onLine = vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(false);
    await vi.advanceTimersByTimeAsync(3_600_000);
    beat = new ReadingHeartbeat({ articleId: 12 });
    beat.start();
    await read(95);
    beat.flush();
    expect(online).toHaveLength(0);

    // Back online: written down, sent once, then reports go online again under a fresh t.
    network = true;
    onLine.mockReturnValue(true);
    beat.online();
    await vi.advanceTimersByTimeAsync(0);
    expect(offline).toHaveLength(1);
    expect(offline[0]).toMatchObject({ article_id: 12, spent_time: 95, t: 'tok.sig' });
    expect(offline[0]!.from_s).toBeGreaterThanOrEqual(3600);
    expect(offline[0]!.to_s - offline[0]!.from_s).toBeGreaterThanOrEqual(95);
    await read(31);
    expect(online).toHaveLength(1);
    beat.stop();
    beat = new ReadingHeartbeat({ articleId: 13 });
    beat.start();
    await vi.advanceTimersByTimeAsync(0);
    expect(offline).toHaveLength(1);
  });

  it('counts nothing offline for an article never opened online', async () => {
    mockApi({ 'GET /reader/history/t': 'network-error' });
    vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(false);
    beat = new ReadingHeartbeat({ articleId: 77 });
    beat.start();
    await read(60);
    beat.flush();
    expect(localStorage.getItem('cd.offline-reading')).toBeNull();
  });
});
