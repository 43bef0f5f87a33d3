import type net from 'node:net';
import { Registry } from 'prom-client';
import { afterEach, describe, expect, it } from 'vitest';
import { parsePrometheusText, valueOf, type Sample } from '../../test/prometheus-text.js';
import { createTestApp, type TestApp } from '../../test/test-app.js';
import { crawlFeedKind } from '../jobs/kinds.js';
import { isLoopback } from './metrics.js';
import { RouteDurations } from './route-durations.js';

const apps: TestApp[] = [];
afterEach(async () => {
  await Promise.all(apps.splice(0).map((a) => a.close()));
});

async function app(env: Record<string, string> = {}, logStream?: { write(line: string): void }): Promise<TestApp> {
  const t = await createTestApp({ env, ...(logStream ? { logStream } : {}) });
  apps.push(t);
  return t;
}

const TOKEN = 'scrape-0123456789abcdef';
const OUTSIDE = '203.0.113.9';

/** GET /metrics as a caller at `remoteAddress` (inject's default is 127.0.0.1). */
function scrape(t: TestApp, options: { remoteAddress?: string; headers?: Record<string, string> } = {}) {
  return t.app.inject({ method: 'GET', url: '/metrics', ...options });
}

/** A loopback scrape, parsed strictly as Prometheus text. */
async function samples(t: TestApp): Promise<Sample[]> {
  const res = await scrape(t);
  expect(res.statusCode).toBe(200);
  return parsePrometheusText(res.body);
}

const DURATION = 'changdu_http_request_duration_seconds';

describe('GET /metrics', () => {
  it('shows a route just called under its pattern and status, in Prometheus text with prom-client’s content type', async () => {
    const t = await app();
    const reader = await t.createUser();
    expect((await t.call('system.health')).http).toBe(200);
    expect((await t.call('system.health')).http).toBe(200);
    expect((await t.call('task.show', { id: 987654 }, { token: reader.token })).http).toBe(404);

    const res = await scrape(t);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe(Registry.PROMETHEUS_CONTENT_TYPE);
    expect(res.headers['cache-control']).toBe('no-store');
    const all = parsePrometheusText(res.body);
    expect(valueOf(all, `${DURATION}_count`, { method: 'GET', route: '/api/health', status: '200' })).toBe(2);
    expect(valueOf(all, `${DURATION}_bucket`, { method: 'GET', route: '/api/health', status: '200', le: '+Inf' })).toBe(2);
    expect(valueOf(all, `${DURATION}_sum`, { method: 'GET', route: '/api/health', status: '200' })).toBeGreaterThan(0);
    // The pattern, never the URL: one series whatever id is asked for.
    expect(valueOf(all, `${DURATION}_count`, { method: 'GET', route: '/reader/task/:id', status: '404' })).toBe(1);
    expect(res.body).not.toContain('987654');
  });

  it('leaves scrapes out of the request histogram', async () => {
    const t = await app();
    await scrape(t);
    await scrape(t);
    const all = await samples(t);
    expect(all.filter((s) => s.name.startsWith(DURATION) && s.labels.route === '/metrics')).toEqual([]);
  });

  it('shows the queue depth and the oldest due task’s wait for a kind with a task enqueued, zero for the others', async () => {
    const t = await app();
    await t.app.jobs.enqueue(crawlFeedKind, { feed_id: 424242 });
    t.clock.advance(30_000);

    const all = await samples(t);
    expect(valueOf(all, 'changdu_task_queue_depth', { kind: 'rss.crawl' })).toBe(1);
    expect(valueOf(all, 'changdu_task_queue_oldest_seconds', { kind: 'rss.crawl' })).toBe(30);
    expect(valueOf(all, 'changdu_task_running', { kind: 'rss.crawl' })).toBe(0);
    expect(valueOf(all, 'changdu_task_queue_depth', { kind: 'article.pdf' })).toBe(0);
  });

  it('counts a run whose handler failed, by kind, once the worker has run it', async () => {
    const t = await app();
    // No such feed: the crawl's handler throws "not found", a failure waiting cannot heal.
    const task = await t.app.jobs.enqueue(crawlFeedKind, { feed_id: 424242 });
    expect(await t.app.jobs.drain()).toBe(1);
    expect((await t.app.jobs.find(task.id))?.status).toBe('failed');

    const all = await samples(t);
    expect(valueOf(all, 'changdu_task_failures_total', { kind: 'rss.crawl' })).toBe(1);
    expect(valueOf(all, 'changdu_task_runs_total', { kind: 'rss.crawl', outcome: 'failed' })).toBe(1);
    expect(valueOf(all, 'changdu_task_queue_depth', { kind: 'rss.crawl' })).toBe(0);
  });

  it('shows the PostgreSQL pool (used, idle, waiting, size), and no pool on SQLite', async () => {
    const t = await app();
    await t.call('system.health');
    const all = await samples(t);
    if (t.db.dialect === 'postgres') {
      // The test app's pool (test/test-app.ts): 4 connections.
      expect(valueOf(all, 'changdu_db_pool_max')).toBe(4);
      expect(valueOf(all, 'changdu_db_pool_connections', { state: 'idle' })).toBeGreaterThanOrEqual(1);
      expect(valueOf(all, 'changdu_db_pool_connections', { state: 'used' })).toBe(0);
      expect(valueOf(all, 'changdu_db_pool_waiting')).toBe(0);
    } else {
      expect(all.filter((s) => s.name.startsWith('changdu_db_pool'))).toEqual([]);
    }
  });

  it('shows the process’s memory, heap and event-loop lag', async () => {
    const all = await samples(await app());
    expect(valueOf(all, 'process_resident_memory_bytes')).toBeGreaterThan(10 * 1024 * 1024);
    expect(valueOf(all, 'nodejs_heap_size_used_bytes')).toBeGreaterThan(0);
    expect(valueOf(all, 'nodejs_eventloop_lag_p99_seconds')).toBeGreaterThanOrEqual(0);
    expect(valueOf(all, 'nodejs_eventloop_lag_seconds')).toBeDefined();
  });

  it('keeps each app’s series its own when two run in one process', async () => {
    const [a, b] = [await app(), await app()];
    await a.call('system.health');
    expect(valueOf(await samples(a), `${DURATION}_count`, { route: '/api/health' })).toBe(1);
    expect(valueOf(await samples(b), `${DURATION}_count`, { route: '/api/health' })).toBeUndefined();
  });
});

describe('who may read /metrics', () => {
  it('answers a caller off this machine without the token as it answers a path that does not exist', async () => {
    const t = await app({ METRICS_TOKEN: TOKEN });
    const unknown = await t.app.inject({ method: 'GET', url: '/no-such-page', remoteAddress: OUTSIDE });
    for (const refused of [
      await scrape(t, { remoteAddress: OUTSIDE }),
      await scrape(t, { remoteAddress: OUTSIDE, headers: { authorization: 'Bearer scrape-0123456789abcdeX' } }),
      await scrape(t, { remoteAddress: OUTSIDE, headers: { authorization: TOKEN } }),
    ]) {
      expect(refused.statusCode).toBe(404);
      expect(refused.statusCode).toBe(unknown.statusCode);
      expect(refused.body).toBe(unknown.body);
      expect(refused.headers['content-type']).toBe(unknown.headers['content-type']);
    }
    expect(JSON.parse(unknown.body)).toMatchObject({ status: { code: '404' }, result: null });
  });

  it('lets a caller off this machine in with the right bearer token', async () => {
    const t = await app({ METRICS_TOKEN: TOKEN });
    const res = await scrape(t, { remoteAddress: OUTSIDE, headers: { authorization: `Bearer ${TOKEN}` } });
    expect(res.statusCode).toBe(200);
    expect(parsePrometheusText(res.body).length).toBeGreaterThan(0);
  });

  it('refuses everyone off this machine when no token is configured, whatever they send', async () => {
    const t = await app();
    expect((await scrape(t, { remoteAddress: OUTSIDE, headers: { authorization: `Bearer ${TOKEN}` } })).statusCode).toBe(404);
    expect((await scrape(t, { remoteAddress: '::1' })).statusCode).toBe(200);
    expect((await scrape(t, { remoteAddress: '::ffff:127.0.0.1' })).statusCode).toBe(200);
  });

  it('judges by the socket: X-Forwarded-For naming loopback never lets an outside caller in, even with TRUST_PROXY', async () => {
    const t = await app({ TRUST_PROXY: 'true' });
    const res = await scrape(t, { remoteAddress: OUTSIDE, headers: { 'x-forwarded-for': '127.0.0.1' } });
    expect(res.statusCode).toBe(404);
  });

  it('takes a request a proxy on this machine forwarded for someone else as not local: the token is needed', async () => {
    const t = await app({ METRICS_TOKEN: TOKEN });
    expect((await scrape(t, { headers: { 'x-forwarded-for': OUTSIDE } })).statusCode).toBe(404);
    expect((await scrape(t, { headers: { forwarded: `for=${OUTSIDE}` } })).statusCode).toBe(404);
    expect((await scrape(t, { headers: { 'x-forwarded-for': OUTSIDE, authorization: `Bearer ${TOKEN}` } })).statusCode).toBe(200);
  });

  it('counts loopback as 127.0.0.0/8 and ::1, also mapped into IPv6, and nothing else', () => {
    for (const address of ['127.0.0.1', '127.8.9.10', '::1', '::ffff:127.0.0.1']) expect(isLoopback(address)).toBe(true);
    for (const address of ['10.0.0.1', '::ffff:10.0.0.1', '0.0.0.0', '::', '203.0.113.127', undefined])
      expect(isLoopback(address)).toBe(false);
  });
});

describe('over a socket', () => {
  it('counts anonymous lookups replayed before routing, and its access line carries no token', async () => {
    const lines: string[] = [];
    const t = await app({ LOG_LEVEL: 'info', METRICS_TOKEN: TOKEN }, { write: (line) => void lines.push(line) });
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    const origin = `http://127.0.0.1:${(t.app.server.address() as net.AddressInfo).port}`;
    const lookup = `${origin}/api/english/word?word=negotiated&sentence=${encodeURIComponent('They negotiated a new contract.')}`;
    for (let i = 0; i < 3; i++) expect((await fetch(lookup)).status).toBe(200);

    const res = await fetch(`${origin}/metrics`, { headers: { authorization: `Bearer ${TOKEN}` } });
    expect(res.status).toBe(200);
    const all = parsePrometheusText(await res.text());
    // The first lookup was routed (and timed); the two repeats were replayed.
    expect(valueOf(all, 'changdu_http_replayed_total', { route: '/api/english/word' })).toBe(2);
    expect(valueOf(all, `${DURATION}_count`, { route: '/api/english/word', status: '200' })).toBe(1);
    const scrapeLine = lines.find((l) => l.includes('"url":"/metrics"'));
    expect(scrapeLine).toBeDefined();
    expect(lines.join('\n')).not.toContain(TOKEN);
  });
});

describe('the request duration histogram (RouteDurations)', () => {
  it('puts a value on a bucket’s bound into that bucket (le is “less or equal”) and one past every bound only into +Inf', async () => {
    const h = new RouteDurations('d', 'help');
    h.observe('GET', '/r', 200, 0.005);
    h.observe('GET', '/r', 200, 0.0051);
    h.observe('GET', '/r', 200, 99);
    const { values } = await h.get();
    const bucket = (le: number | string) => values.find((v) => v.metricName === 'd_bucket' && v.labels.le === le)?.value;
    expect(bucket(0.0025)).toBe(0);
    expect(bucket(0.005)).toBe(1);
    expect(bucket(0.01)).toBe(2);
    expect(bucket(30)).toBe(2);
    expect(bucket('+Inf')).toBe(3);
    expect(values.find((v) => v.metricName === 'd_sum')?.value).toBeCloseTo(99.0101);
  });
});
