import { createHash, timingSafeEqual } from 'node:crypto';
import type { IncomingHttpHeaders } from 'node:http';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { collectDefaultMetrics, Counter, Gauge, Registry } from 'prom-client';
import { RouteDurations } from './route-durations.js';

/** Outside the API contract, like a load balancer's or a scraper's paths usually are. */
export const METRICS_PATH = '/metrics';

/** The route label of an answer no route gave (the not-found handler: unknown paths, and the web app's own pages). */
export const UNMATCHED_ROUTE = '(unmatched)';

/** Unfinished tasks of one kind (the job queue's `stats()`). */
export interface TaskQueueFigures {
  readonly kind: string;
  readonly queued: number;
  readonly running: number;
  readonly oldestDueSeconds: number;
}

/** How a worker's run ended (the job queue's `RunOutcome`). */
export type TaskRunOutcome = 'done' | 'failed' | 'retry' | 'interrupted';

/** What the metrics read when scraped, handed in by the composition root (http imports nothing of jobs or db). */
export interface MetricSources {
  /** Unfinished tasks per kind, read from the tasks table at each scrape. */
  taskQueue(): Promise<readonly TaskQueueFigures[]>;
  /** PostgreSQL's pool now; absent on SQLite (one connection, no pool). */
  pool?: () => { used: number; idle: number; waiting: number; max: number };
  /** Answers replayed before routing so far, per route (http/replay.ts). */
  replayed(): Iterable<[string, { readonly count: number }]>;
}

let processRegistry: Registry | null = null;

/**
 * The process's own figures (prom-client's default metrics: CPU, RSS, heap, event-loop lag, GC,
 * handles) in one registry per process: they describe the process, not an app, and each
 * collection installs an event-loop monitor and a GC observer that are never removed, so a test
 * process building hundreds of apps keeps one of each.
 */
function processMetrics(): Registry {
  if (!processRegistry) {
    processRegistry = new Registry();
    collectDefaultMetrics({ register: processRegistry });
  }
  return processRegistry;
}

/**
 * One app's metrics: its own registry (two apps in one process, as in tests, never share a
 * series), merged with the process's figures for the scrape.
 */
export function appMetrics(sources: MetricSources) {
  const registry = new Registry();
  const durations = new RouteDurations(
    'changdu_http_request_duration_seconds',
    'Time from routing to the answer handed to the socket, by method, route pattern and status (not /metrics itself)',
  );
  registry.registerMetric(durations.asMetric());
  const replayed = new Counter({
    name: 'changdu_http_replayed_total',
    help: 'Anonymous repeats answered from a kept answer before routing (http/replay.ts), by the route that first answered; not in the duration histogram',
    labelNames: ['route'],
    registers: [registry],
  });
  const queued = new Gauge({
    name: 'changdu_task_queue_depth',
    help: 'Tasks queued, due or waiting out a retry, by kind (all processes: read from the tasks table)',
    labelNames: ['kind'],
    registers: [registry],
  });
  const oldest = new Gauge({
    name: 'changdu_task_queue_oldest_seconds',
    help: 'How long the longest-waiting due task has been due, by kind; 0 when none is',
    labelNames: ['kind'],
    registers: [registry],
  });
  const running = new Gauge({
    name: 'changdu_task_running',
    help: 'Tasks running, by kind (all processes: read from the tasks table)',
    labelNames: ['kind'],
    registers: [registry],
  });
  const runs = new Counter({
    name: 'changdu_task_runs_total',
    help: "Runs this process's worker ended, by kind and outcome (done, retry, failed, interrupted)",
    labelNames: ['kind', 'outcome'],
    registers: [registry],
  });
  const failures = new Counter({
    name: 'changdu_task_failures_total',
    help: "Runs of this process's worker whose handler failed (queued for a retry, or failed for good), by kind",
    labelNames: ['kind'],
    registers: [registry],
  });
  const pool = sources.pool;
  const connections = pool
    ? new Gauge({
        name: 'changdu_db_pool_connections',
        help: "PostgreSQL pool connections by state: used (checked out) or idle; this process's pool",
        labelNames: ['state'],
        registers: [registry],
      })
    : null;
  const waiting = pool
    ? new Gauge({ name: 'changdu_db_pool_waiting', help: 'Checkouts waiting for a PostgreSQL pool connection', registers: [registry] })
    : null;
  const poolMax = pool
    ? new Gauge({ name: 'changdu_db_pool_max', help: 'The PostgreSQL pool size (DB_POOL_SIZE)', registers: [registry] })
    : null;
  const scraped = Registry.merge([registry, processMetrics()]);

  /** Reads what is read at scrape time (tasks table, pool, replay tallies) into the gauges. */
  async function refresh(): Promise<void> {
    const figures = await sources.taskQueue();
    for (const gauge of [queued, oldest, running]) gauge.reset();
    for (const f of figures) {
      queued.set({ kind: f.kind }, f.queued);
      oldest.set({ kind: f.kind }, f.oldestDueSeconds);
      running.set({ kind: f.kind }, f.running);
    }
    if (pool && connections && waiting && poolMax) {
      const now = pool();
      connections.set({ state: 'used' }, now.used);
      connections.set({ state: 'idle' }, now.idle);
      waiting.set(now.waiting);
      poolMax.set(now.max);
    }
    // The replay lane counts in plain numbers (a replayed answer is a few µs): copied in here.
    replayed.reset();
    for (const [route, tally] of sources.replayed()) replayed.inc({ route }, tally.count);
  }

  return {
    contentType: scraped.contentType,

    /** Counts an answer of the router: called once per request, so it only bumps numbers. */
    observeRequest(method: string, route: string, status: number, seconds: number): void {
      durations.observe(method, route, status, seconds);
    },

    /** Counts a run the worker of this process ended (the job queue's `onRunEnded`). */
    runEnded(kind: string, outcome: TaskRunOutcome): void {
      runs.inc({ kind, outcome });
      if (outcome === 'failed' || outcome === 'retry') failures.inc({ kind });
    },

    /** Every series as Prometheus text (`contentType`), after reading the scrape-time figures. */
    async scrape(): Promise<string> {
      await refresh();
      return scraped.metrics();
    },
  };
}

export type AppMetrics = ReturnType<typeof appMetrics>;

/**
 * Times every answer of the router by its route pattern: one synchronous `onResponse` hook,
 * with the time Fastify measured already (`reply.elapsedTime`). /metrics itself is left out,
 * so a scrape never shows in what it reports. Install before any route is added.
 */
export function timeRequests(app: FastifyInstance, metrics: Pick<AppMetrics, 'observeRequest'>): void {
  app.addHook('onResponse', (req, reply, done) => {
    const route = req.routeOptions.url ?? UNMATCHED_ROUTE;
    if (route !== METRICS_PATH) metrics.observeRequest(req.method, route, reply.statusCode, reply.elapsedTime / 1000);
    done();
  });
}

/**
 * `GET /metrics` in the site's context. A caller it is not for gets the site's not-found answer,
 * the same as for a path that does not exist (docs/operations.md § Metrics).
 */
export function registerMetricsRoute(
  site: FastifyInstance,
  metrics: Pick<AppMetrics, 'scrape' | 'contentType'>,
  token: string | null,
): void {
  const mayScrape = scrapeAccess(token);
  site.get(METRICS_PATH, async (req, reply) => {
    if (!mayScrape(req)) return reply.callNotFound();
    const text = await metrics.scrape();
    return reply.header('cache-control', 'no-store').type(metrics.contentType).send(text);
  });
}

/**
 * Who may read /metrics: a caller on this machine (the socket's address is loopback and no proxy
 * says it forwarded the request), or one sending `Authorization: Bearer <METRICS_TOKEN>` when
 * that is set. X-Forwarded-For never grants access, TRUST_PROXY or not: it is the client's to
 * write. Its presence does take loopback's right away: a proxy on this machine forwards outside
 * callers from a loopback address.
 */
export function scrapeAccess(token: string | null): (req: FastifyRequest) => boolean {
  // Compared as digests: equal lengths for timingSafeEqual, and no timing tells a prefix of the token.
  const expected = token === null ? null : digest(token);
  return (req) => {
    if (isLoopback(req.raw.socket.remoteAddress) && !forwarded(req.headers)) return true;
    if (expected === null) return false;
    const given = /^Bearer +(\S+)$/i.exec(req.headers.authorization ?? '')?.[1];
    return given !== undefined && timingSafeEqual(digest(given), expected);
  };
}

const digest = (text: string) => createHash('sha256').update(text).digest();

/** 127.0.0.0/8 and ::1, also as IPv4 mapped into IPv6 (a dual-stack listener's `::ffff:127.0.0.1`). */
export function isLoopback(address: string | undefined): boolean {
  if (address === undefined) return false;
  const v4 = address.startsWith('::ffff:') ? address.slice(7) : address;
  return v4.startsWith('127.') || address === '::1';
}

function forwarded(headers: IncomingHttpHeaders): boolean {
  return headers['x-forwarded-for'] !== undefined || headers.forwarded !== undefined || headers['x-real-ip'] !== undefined;
}
