// The realistic mix (issue 30): many clients at once, most of them logged-in readers doing what a
// reader does with an article (open it, look up many different words of its sentences, add some
// to the word book, add a note, report the reading time the way the web app's heartbeat does,
// review due cards), the rest anonymous (home list, search, an article, lookups). Each client
// runs its sessions back to back for the run's seconds (a closed loop: the figure is how much
// the server answers, not a fixed rate). Answers are counted per call type (p50/p99, status
// classes) and the server's resident memory is sampled throughout the run.
//
// `mixBench()` is `npm run bench`'s mix step (BENCH_ONLY=mix runs it alone): the product as
// `npm start` runs it against the turn-2 build (BENCH_MIX_BEFORE, else BENCH_BEFORE, else
// 432fbad, as its own `npm start` ran it) in interleaved rounds, on SQLite and, when it answers,
// on PostgreSQL (a fresh database per server). Requests go only to 127.0.0.1; every loop is
// bounded in time.
import { spawn, type ChildProcess } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import fs from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { Headers } from '../packages/contract/src/identity.js';
import { signParams } from '../packages/contract/src/signing.js';
import { createStore, pgReachable, type DbKind, type Store } from './server-harness.js';
import { ROOT, removeWorktree, startCommand, worktreeOf } from './worktree.js';

export interface MixSettings {
  /** Clients at once (MIX_CLIENTS, 200). */
  clients: number;
  /** Seconds of each measured run (MIX_SECONDS, 60). */
  seconds: number;
  /** Measured runs per server, interleaved across the servers (MIX_ROUNDS, 3). */
  rounds: number;
  /** Seconds of an unmeasured run per server before the rounds: its code optimised (MIX_WARMUP, 5). */
  warmup: number;
  /** The share of clients that are logged-in readers (MIX_LOGGED_IN, 0.7). */
  loggedIn: number;
}

export function mixSettings(): MixSettings {
  const num = (name: string, fallback: number) => {
    const value = Number(process.env[name] ?? fallback);
    if (!Number.isFinite(value) || value < 0) throw new Error(`${name} must be a number ≥ 0 (got "${process.env[name]}")`);
    return value;
  };
  return {
    clients: Math.max(1, Math.round(num('MIX_CLIENTS', 200))),
    seconds: num('MIX_SECONDS', 60),
    rounds: Math.max(1, Math.round(num('MIX_ROUNDS', 3))),
    warmup: num('MIX_WARMUP', 5),
    loggedIn: Math.min(1, num('MIX_LOGGED_IN', 0.7)),
  };
}

/** Lookups a logged-in reader makes per article they open; every fourth found word is added to the book. */
const READER_LOOKUPS = 8;
const ANONYMOUS_LOOKUPS = 4;
/** Cards a reader answers per review visit (of the next five due). */
const REVIEWS = 2;
/** Words each reader's book holds before the run: there are cards to review from the first session. */
const BOOK_AT_START = 5;
const ADMIN_PHONE = '13800000000';
const ADMIN_PASSWORD = 'bench-mix-pass-1';

const log = (text: string) => process.stderr.write(`${text}\n`);
const median = (xs: number[]) => {
  const s = [...xs].sort((a, b) => a - b);
  return s.length ? (s[(s.length - 1) >> 1]! + s[s.length >> 1]!) / 2 : NaN;
};
/** The nearest-rank percentile of sorted values. */
const percentile = (sorted: number[], p: number) =>
  sorted.length ? sorted[Math.min(sorted.length - 1, Math.ceil(p * sorted.length) - 1)]! : NaN;

// ---------------------------------------------------------------------------------------------
// HTTP: node:http with keep-alive (lighter on this process's CPU than fetch, which shares the
// machine with the server under test).

interface Reply {
  status: number;
  text: string;
}

class Client {
  private readonly agent: http.Agent;
  private readonly host: string;
  private readonly port: number;

  constructor(origin: string, sockets: number) {
    const url = new URL(origin);
    this.host = url.hostname;
    this.port = Number(url.port);
    this.agent = new http.Agent({ keepAlive: true, maxSockets: sockets });
  }

  /** One request; status 0 when no answer came (refused, reset, 30 s timeout). Never throws. */
  request(method: 'GET' | 'POST', url: string, token: string | null, body?: unknown, extra: Record<string, string> = {}): Promise<Reply> {
    const payload = body === undefined ? undefined : JSON.stringify(body);
    const headers: Record<string, string> = { accept: 'application/json', ...extra };
    if (token) headers.authorization = `Bearer ${token}`;
    if (payload !== undefined) {
      headers['content-type'] = 'application/json';
      headers['content-length'] = String(Buffer.byteLength(payload));
    }
    return new Promise((resolve) => {
      const req = http.request(
        { host: this.host, port: this.port, method, path: url, headers, agent: this.agent, timeout: 30_000 },
        (res) => {
          const chunks: Buffer[] = [];
          res.on('data', (chunk: Buffer) => chunks.push(chunk));
          res.on('end', () => resolve({ status: res.statusCode ?? 0, text: Buffer.concat(chunks).toString('utf8') }));
          res.on('error', () => resolve({ status: 0, text: '' }));
        },
      );
      req.on('timeout', () => req.destroy(new Error('timeout')));
      req.on('error', () => resolve({ status: 0, text: '' }));
      req.end(payload);
    });
  }

  /**
   * Opens `count` keep-alive connections (a health check each, all at once) for the run's
   * clients to use. A Node server busy with its open connections accepts about one new
   * connection per turn of its event loop (measured: ~5 a second at 200 clients, the rest
   * waiting in the kernel's accept queue until the load stops; docs/performance.md § The
   * realistic mix), so clients connecting as the run starts would measure that queue, not the
   * mix. The server is idle here, so every connection is accepted at once.
   */
  async connect(count: number): Promise<void> {
    await Promise.all(Array.from({ length: count }, () => this.request('GET', '/api/health', null)));
  }

  close() {
    this.agent.destroy();
  }
}

/** The envelope's result, or null when the answer is not the envelope. */
function resultOf<T>(reply: Reply): T | null {
  try {
    return ((JSON.parse(reply.text) as { result?: T }).result ?? null) as T | null;
  } catch {
    return null;
  }
}

// ---------------------------------------------------------------------------------------------
// Servers

export interface MixServer {
  name: string;
  kind: DbKind;
  origin: string;
  child: ChildProcess;
  store: Store;
  /** Set when the process ended by itself. */
  exited: string | null;
  stop(): Promise<void>;
}

/**
 * The checkout at `dir` as its own root `npm start` ran it: the bundle with its node flags, or
 * the sources through tsx before there was a bundle. A bundle of a checkout other than this one
 * is built first (this one's is built by `npm run bench`). `NODE_ENV=production`, every role in
 * the one process, as in production; a fresh SQLite folder or PostgreSQL database.
 */
export async function startMixServer(
  name: string,
  dir: string,
  kind: DbKind,
  port: number,
  /** Node flags on top of the build's own (`--cpu-prof` to profile a run: NODE_OPTIONS refuses it). */
  extraFlags: string[] = [],
): Promise<MixServer> {
  const command = startCommand(dir);
  if (command.bundle && dir !== ROOT && !fs.existsSync(path.join(dir, 'packages/server/dist/main.js'))) {
    const { execFileSync } = await import('node:child_process');
    execFileSync(process.execPath, ['packages/server/build.mjs'], { cwd: dir, stdio: ['ignore', 'ignore', 'inherit'] });
  }
  if (command.bundle && !fs.existsSync(path.join(dir, 'packages/server/dist/main.js')))
    throw new Error(`${dir}: no packages/server/dist/main.js (npm run build first)`);
  const args = [
    ...extraFlags,
    ...(command.bundle ? [...command.flags, 'packages/server/dist/main.js'] : ['--import', 'tsx', 'packages/server/src/main.ts']),
  ];
  const store = await createStore(kind);
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    ...(command.bundle ? command.env : {}),
    NODE_ENV: 'production',
    HOST: '127.0.0.1',
    PORT: String(port),
    DATA_DIR: store.dataDir,
    LOG_LEVEL: 'error',
    RATE_LIMIT: 'false',
    SEED_DEMO: 'false',
    REGISTER_SMS: 'never',
    // The mix logs no one in while it runs (each reader's token is made when seeding), and at the
    // production cost (2^17, ~4 s a hash on this loaded machine) seeding 140 readers took minutes.
    PASSWORD_HASH_COST: '10',
    ADMIN_PHONE,
    ADMIN_PASSWORD,
    PUBLIC_URL: `http://127.0.0.1:${port}`,
    // The mix calls the API only; both builds may serve this checkout's web app.
    WEB_DIST: path.join(ROOT, 'packages/web/dist'),
  };
  if (store.databaseUrl) env.DATABASE_URL = store.databaseUrl;
  else delete env.DATABASE_URL;
  const child = spawn(process.execPath, args, { cwd: dir, env, stdio: ['ignore', 'pipe', 'pipe'] });
  let output = '';
  const keep = (chunk: Buffer) => (output = (output + chunk.toString()).slice(-4000));
  child.stderr?.on('data', keep);
  const server: MixServer = {
    name,
    kind,
    origin: `http://127.0.0.1:${port}`,
    child,
    store,
    exited: null,
    async stop() {
      if (child.exitCode === null && child.signalCode === null) {
        child.kill('SIGTERM');
        await new Promise<void>((resolve) => {
          const timer = setTimeout(() => {
            child.kill('SIGKILL');
            resolve();
          }, 10_000);
          child.once('exit', () => {
            clearTimeout(timer);
            resolve();
          });
        });
      }
      await store.drop().catch((error: unknown) => log(`(could not drop ${name}'s data: ${String(error)})`));
    },
  };
  try {
    await new Promise<void>((resolve, reject) => {
      const timer = setTimeout(() => reject(new Error(`did not start in 120 s:\n${output}`)), 120_000);
      child.stdout?.on('data', (chunk: Buffer) => {
        keep(chunk);
        if (output.includes('is running at')) {
          clearTimeout(timer);
          resolve();
        }
      });
      child.once('exit', (code, signal) => {
        clearTimeout(timer);
        reject(new Error(`exited with ${signal ?? code} before listening:\n${output.trim()}`));
      });
    });
  } catch (error) {
    await server.stop();
    throw error;
  }
  child.once('exit', (code, signal) => (server.exited = `${signal ?? code}: ${output.trim().slice(-800)}`));
  return server;
}

// ---------------------------------------------------------------------------------------------
// Seeded data: the demo articles (real text), published by the admin; one reader per logged-in
// client, each with a few words in the book.

interface Sentence {
  root: string;
  text: string;
  /** Where the sentence starts in its paragraph's text (-1 when the text differs). */
  start: number;
}

interface MixArticle {
  id: number;
  sentences: Sentence[];
  /** Every (sentence, word of at least four letters) of the article, in reading order. */
  taps: { sentence: number; word: string }[];
}

export interface MixData {
  articles: MixArticle[];
  tokens: string[];
  searches: string[];
}

interface ShownParagraph {
  id: string;
  kind?: string;
  text: string;
  sentences?: { text: string }[];
}

const WORD = /\p{Script=Latin}+(?:['’-]\p{Script=Latin}+)*/gu;

/** The sentences of a paragraph: the server's, or split at end punctuation when it gives none. */
function sentencesOf(p: ShownParagraph): string[] {
  if (p.sentences?.length) return p.sentences.map((s) => s.text);
  return p.text.match(/[^.!?]+[.!?]*["'’”]?\s*/g)?.map((s) => s.trim()) ?? [p.text];
}

async function each<T>(items: T[], concurrency: number, work: (item: T, index: number) => Promise<void>) {
  let next = 0;
  await Promise.all(
    Array.from({ length: Math.min(concurrency, items.length) }, async () => {
      while (next < items.length) {
        const i = next++;
        await work(items[i]!, i);
      }
    }),
  );
}

export async function seedMix(origin: string, readerCount: number): Promise<MixData> {
  const client = new Client(origin, 8);
  try {
    const must = async <T>(what: string, reply: Promise<Reply>): Promise<T> => {
      const r = await reply;
      const result = resultOf<T>(r);
      if (r.status !== 200 || result === null) throw new Error(`${what}: ${r.status} ${r.text.slice(0, 300)}`);
      return result;
    };
    const admin = await must<{ token: string }>(
      'admin login',
      client.request('POST', '/auth/login', null, { username: ADMIN_PHONE, password: ADMIN_PASSWORD }),
    );
    const demo = JSON.parse(fs.readFileSync(path.join(ROOT, 'packages/server/src/seed/demo-articles.json'), 'utf8')) as {
      title: string;
      paragraphs: { en: string }[];
    }[];
    const articles: MixArticle[] = [];
    for (const a of demo) {
      const created = await must<{ id: number }>(
        `create "${a.title}"`,
        client.request('POST', '/reader/article/create', admin.token, {
          article: { title: a.title, paragraphs: a.paragraphs.map((p) => ({ text: p.en })) },
        }),
      );
      await must(
        `publish "${a.title}"`,
        client.request('POST', `/reader/article/${created.id}/publish`, admin.token, { status: 'published' }),
      );
      const shown = await must<{ paragraphs: ShownParagraph[] }>(
        `show "${a.title}"`,
        client.request('GET', `/reader/article/${created.id}/show`, null),
      );
      const sentences: Sentence[] = [];
      for (const p of shown.paragraphs) {
        if (p.kind && p.kind !== 'p') continue;
        for (const text of sentencesOf(p)) sentences.push({ root: p.id, text, start: p.text.indexOf(text) });
      }
      const taps = sentences.flatMap((s, i) =>
        [...s.text.matchAll(WORD)]
          .map((m) => m[0])
          .filter((w) => w.length >= 4)
          .map((word) => ({ sentence: i, word })),
      );
      articles.push({ id: created.id, sentences, taps });
    }
    // Searches a reader types: a word of each title.
    const searches = demo.map((a) =>
      [...a.title.matchAll(WORD)]
        .map((m) => m[0])
        .sort((x, y) => y.length - x.length)[0]!
        .toLowerCase(),
    );
    const tokens: string[] = new Array<string>(readerCount);
    await each(
      Array.from({ length: readerCount }, (_, i) => i),
      4,
      async (i) => {
        const phone = `139${String(i).padStart(8, '0')}`;
        const registered = await must<{ token: string }>(
          `register ${phone}`,
          client.request('POST', '/auth/register_by_phone', null, { phone, password: 'reader1234' }),
        );
        tokens[i] = registered.token;
        const article = articles[i % articles.length]!;
        for (let k = 0; k < BOOK_AT_START; k++) {
          const tap = article.taps[(i * 7 + k * 13) % article.taps.length]!;
          const sentence = article.sentences[tap.sentence]!;
          // A word the dictionary lacks is refused; the book still gets the others.
          await client.request('POST', '/reader/myword', registered.token, {
            word: tap.word,
            sentence: sentence.text,
            article_id: article.id,
          });
        }
      },
    );
    return { articles, tokens, searches };
  } finally {
    client.close();
  }
}

// ---------------------------------------------------------------------------------------------
// The run

export interface CallFigures {
  /** Milliseconds, one per answer or failure. */
  latencies: number[];
  ok: number;
  clientError: number;
  serverError: number;
  /** No answer: refused, reset or timed out. */
  none: number;
}

export interface MixRun {
  seconds: number;
  requests: number;
  rps: number;
  calls: Map<string, CallFigures>;
  /** The largest VmRSS sampled during the run (every 200 ms), MB. */
  peakRssMb: number;
}

/** The call types in the order the report lists them. */
export const CALLS = [
  'reader: open article (show)',
  'reader: reading token (history/t)',
  'reader: word lookup with sentence',
  'reader: add word (POST /reader/myword)',
  'reader: add note',
  'reader: report reading time',
  'reader: next cards (review/next)',
  'reader: review a card',
  'anonymous: home list',
  'anonymous: search',
  'anonymous: open article (show)',
  'anonymous: word lookup with sentence',
] as const;
type Call = (typeof CALLS)[number];

/** Thrown by a call asked after the run's time: ends the client's loop. */
const TIME_UP = new Error('the run is over');

function rssMb(pid: number): number {
  try {
    const status = fs.readFileSync(`/proc/${pid}/status`, 'utf8');
    return Number(status.match(/VmRSS:\s+(\d+)/)?.[1] ?? 0) / 1024;
  } catch {
    return 0;
  }
}

/** `settings.clients` clients against `server` for `seconds`: the first `loggedIn` share are readers. */
export async function runMix(
  server: { origin: string; pid: number },
  data: MixData,
  settings: MixSettings,
  seconds: number,
): Promise<MixRun> {
  const client = new Client(server.origin, settings.clients);
  const calls = new Map<string, CallFigures>(CALLS.map((c) => [c, { latencies: [], ok: 0, clientError: 0, serverError: 0, none: 0 }]));
  let requests = 0;
  await client.connect(settings.clients);
  const deadline = Date.now() + seconds * 1000;
  const call = async (
    label: Call,
    method: 'GET' | 'POST',
    url: string,
    token: string | null,
    body?: unknown,
    headers?: Record<string, string>,
  ) => {
    // Time is up: no new request, not even the rest of a session (a reader's session is ~17
    // requests, seconds long under load: finishing them would run the server with fewer and
    // fewer clients well past the run's time).
    if (Date.now() >= deadline) throw TIME_UP;
    const started = performance.now();
    const reply = await client.request(method, url, token, body, headers);
    const figures = calls.get(label)!;
    figures.latencies.push(performance.now() - started);
    if (reply.status === 0) figures.none++;
    else if (reply.status < 400) figures.ok++;
    else if (reply.status < 500) figures.clientError++;
    else figures.serverError++;
    requests++;
    return reply;
  };
  const readers = Math.round(settings.clients * settings.loggedIn);
  const n = data.articles.length;
  const lookupUrl = (word: string, sentence: string) =>
    `/api/english/word?word=${encodeURIComponent(word)}&sentence=${encodeURIComponent(sentence)}`;

  async function readerSession(c: number, s: number) {
    const token = data.tokens[c % data.tokens.length]!;
    const article = data.articles[(c + s) % n]!;
    await call('reader: open article (show)', 'GET', `/reader/article/${article.id}/show`, token);
    // The heartbeat (packages/web/src/features/reader/heartbeat.ts): a signed `t` on open.
    const issued = resultOf<{ t: string }>(
      await call('reader: reading token (history/t)', 'GET', `/reader/history/t?article_id=${article.id}`, token),
    );
    const since = Date.now();
    // Different words for each client and session: the taps of the article from a moving place.
    const from = (c * 37 + s * 11) * READER_LOOKUPS;
    let noted: Sentence | null = null;
    for (let k = 0; k < READER_LOOKUPS; k++) {
      const tap = article.taps[(from + k * 3) % article.taps.length]!;
      const sentence = article.sentences[tap.sentence]!;
      const reply = await call('reader: word lookup with sentence', 'GET', lookupUrl(tap.word, sentence.text), token);
      noted ??= sentence;
      if (k % 4 !== 3 || reply.status !== 200) continue;
      // The sheet offers "add" for a word the dictionary has.
      if (resultOf<{ found?: boolean }>(reply)?.found === false) continue;
      await call('reader: add word (POST /reader/myword)', 'POST', '/reader/myword', token, {
        word: tap.word,
        sentence: sentence.text,
        article_id: article.id,
      });
    }
    if (noted) {
      const start = Math.max(0, noted.start);
      await call('reader: add note', 'POST', `/reader/article/${article.id}/notes/add`, token, {
        note_uuid: randomUUID(),
        text: noted.text.slice(0, 2000),
        root: noted.root,
        comment: 'worth remembering',
        data: { start, end: start + noted.text.length },
      });
    }
    if (issued?.t) {
      // As lib/reading-reports.ts sends it: never more seconds than passed since `t` (the server allows 5 s of travel).
      const input = {
        article_id: article.id,
        spent_time: Math.max(1, Math.floor((Date.now() - since) / 1000)),
        is_finish: false,
        t: issued.t,
      };
      await call('reader: report reading time', 'POST', '/reader/history', token, input, { [Headers.signature]: signParams(input) });
    }
    const due = resultOf<{ list: { id: number; reps: number }[] }>(
      await call('reader: next cards (review/next)', 'GET', '/reader/myword/review/next?size=5', token),
    );
    for (const [i, card] of (due?.list ?? []).slice(0, REVIEWS).entries()) {
      await call('reader: review a card', 'POST', `/reader/myword/${card.id}/review`, token, {
        rating: 2 + ((c + s + i) % 3),
        spent: 2500 + ((c * 131 + s) % 5000),
        reps: card.reps,
      });
    }
  }

  async function anonymousSession(c: number, s: number) {
    await call('anonymous: home list', 'GET', '/reader/article/waikan?offset=0', null);
    await call('anonymous: search', 'GET', `/api/search?q=${encodeURIComponent(data.searches[(c + s) % data.searches.length]!)}`, null);
    const article = data.articles[(c * 3 + s) % n]!;
    await call('anonymous: open article (show)', 'GET', `/reader/article/${article.id}/show`, null);
    const from = (c * 53 + s * 17) * ANONYMOUS_LOOKUPS;
    for (let k = 0; k < ANONYMOUS_LOOKUPS; k++) {
      const tap = article.taps[(from + k * 5) % article.taps.length]!;
      await call('anonymous: word lookup with sentence', 'GET', lookupUrl(tap.word, article.sentences[tap.sentence]!.text), null);
    }
  }

  let peak = rssMb(server.pid);
  const sampler = setInterval(() => (peak = Math.max(peak, rssMb(server.pid))), 200);
  const started = performance.now();
  try {
    await Promise.all(
      Array.from({ length: settings.clients }, async (_, c) => {
        try {
          for (let s = 0; ; s++) {
            if (c < readers) await readerSession(c, s);
            else await anonymousSession(c, s);
          }
        } catch (error) {
          if (error !== TIME_UP) throw error;
        }
      }),
    );
  } finally {
    clearInterval(sampler);
    client.close();
  }
  peak = Math.max(peak, rssMb(server.pid));
  const elapsed = (performance.now() - started) / 1000;
  return { seconds: elapsed, requests, rps: requests / elapsed, calls, peakRssMb: peak };
}

// ---------------------------------------------------------------------------------------------
// `npm run bench`'s mix step

interface Target {
  key: string;
  label: string;
  build: 'product' | 'turn-2';
  kind: DbKind;
  server: MixServer;
  data: MixData;
  runs: MixRun[];
}

const KIND_LABEL: Record<DbKind, string> = { sqlite: 'SQLite', postgres: 'PostgreSQL' };

/**
 * The product against the turn-2 build under the mix, in interleaved rounds (each round runs
 * every server once, in an order that rotates per round), and the budgets: product ÷ turn-2
 * req/s ≥ 2 per database, PostgreSQL ÷ SQLite ≥ 0.7 for the product, peak RSS ≤ 300 MB.
 */
export async function mixBench(basePort: number): Promise<void> {
  const settings = mixSettings();
  const beforeRef = process.env.BENCH_MIX_BEFORE ?? process.env.BENCH_BEFORE ?? '432fbad';
  const dbChoice = process.env.MIX_DB ?? 'both';
  const kinds: DbKind[] = [];
  if (dbChoice !== 'postgres') kinds.push('sqlite');
  if (dbChoice !== 'sqlite') {
    if (await pgReachable()) kinds.push('postgres');
    else log('(PostgreSQL does not answer: the mix runs on SQLite only)');
  }
  const readers = Math.round(settings.clients * settings.loggedIn);
  const loadAtStart = os.loadavg()[0]!;
  const beforeDir = beforeRef === 'none' ? null : worktreeOf(beforeRef, 'mix-turn2');
  let beforeMissing: string | null =
    beforeRef === 'none' ? 'BENCH_MIX_BEFORE=none' : beforeDir ? null : `git could not check out ${beforeRef}`;
  const targets: Target[] = [];
  let port = basePort;
  try {
    for (const kind of kinds) {
      const builds: { build: Target['build']; dir: string | null }[] = [
        { build: 'product', dir: ROOT },
        { build: 'turn-2', dir: beforeMissing ? null : beforeDir },
      ];
      for (const { build, dir } of builds) {
        if (!dir) continue;
        const label = `${build === 'product' ? 'product' : `turn-2 (${beforeRef})`}, ${KIND_LABEL[kind]}`;
        log(`mix: starting and seeding ${label} (${readers} readers, ${settings.clients - readers} anonymous clients)…`);
        let server: MixServer;
        try {
          server = await startMixServer(build, dir, kind, port++);
        } catch (error) {
          if (build === 'product') throw error;
          beforeMissing = `${beforeRef} did not start with this checkout's node_modules: ${error instanceof Error ? error.message : String(error)}`;
          log(`(mix: ${beforeMissing})`);
          continue;
        }
        try {
          const seeding = Date.now();
          const data = await seedMix(server.origin, readers);
          log(`  seeded in ${((Date.now() - seeding) / 1000).toFixed(0)} s`);
          targets.push({ key: `${build}:${kind}`, label, build, kind, server, data, runs: [] });
        } catch (error) {
          await server.stop();
          if (build === 'product') throw error;
          beforeMissing = `${beforeRef} could not be seeded: ${error instanceof Error ? error.message : String(error)}`;
          log(`(mix: ${beforeMissing})`);
        }
      }
    }
    if (settings.warmup > 0) {
      log(`mix: warming up each server for ${settings.warmup} s…`);
      for (const t of targets) await runMix({ origin: t.server.origin, pid: t.server.child.pid! }, t.data, settings, settings.warmup);
    }
    const rounds: string[][] = [];
    for (let round = 0; round < settings.rounds; round++) {
      const order = targets.map((_, i) => targets[(i + round) % targets.length]!);
      rounds.push(order.map((t) => t.key));
      for (const t of order) {
        if (t.server.exited) throw new Error(`${t.label} exited during the mix: ${t.server.exited}`);
        log(`mix: round ${round + 1}/${settings.rounds}, ${t.label}: ${settings.clients} clients × ${settings.seconds} s…`);
        const run = await runMix({ origin: t.server.origin, pid: t.server.child.pid! }, t.data, settings, settings.seconds);
        t.runs.push(run);
        log(`  ${Math.round(run.rps)} req/s, peak RSS ${Math.round(run.peakRssMb)} MB`);
      }
    }
    report(targets, settings, { beforeRef, beforeMissing, loadAtStart, rounds });
  } finally {
    for (const t of targets) await t.server.stop();
    if (beforeDir) removeWorktree(beforeDir);
  }
}

function report(
  targets: Target[],
  settings: MixSettings,
  run: { beforeRef: string; beforeMissing: string | null; loadAtStart: number; rounds: string[][] },
) {
  const byKey = new Map(targets.map((t) => [t.key, t]));
  const readers = Math.round(settings.clients * settings.loggedIn);
  console.log(
    `\nThe realistic mix (issue 30) — ${os.cpus().length} cores, load average ${run.loadAtStart.toFixed(1)} at the start, ${os.loadavg()[0]!.toFixed(1)} at the end; ` +
      `${settings.clients} clients (${readers} logged-in readers, ${settings.clients - readers} anonymous) × ${settings.seconds} s per run, ` +
      `${settings.rounds} interleaved rounds (after ${settings.warmup} s of warm-up each), loopback only`,
  );
  console.log(
    `product = this checkout as \`npm start\` runs it; turn-2 = ${run.beforeMissing ? `(none: ${run.beforeMissing})` : run.beforeRef}`,
  );
  const mb = (x: number) => `${Math.round(x)} MB`;
  const head = targets.map((t) => t.label);
  console.log(`\n| mix | ${head.join(' | ')} |`);
  console.log(`|---|${head.map(() => '---|').join('')}`);
  const row = (label: string, cell: (t: Target) => string) => console.log(`| ${label} | ${targets.map(cell).join(' | ')} |`);
  row(
    'req/s, median of rounds (each round)',
    (t) => `**${Math.round(median(t.runs.map((r) => r.rps)))}** (${t.runs.map((r) => Math.round(r.rps)).join(', ')})`,
  );
  row('peak RSS during the mix (max of rounds)', (t) => mb(Math.max(...t.runs.map((r) => r.peakRssMb))));
  const pooled = (t: Target, call: string) => {
    const all: CallFigures = { latencies: [], ok: 0, clientError: 0, serverError: 0, none: 0 };
    for (const r of t.runs) {
      const f = r.calls.get(call)!;
      for (const x of f.latencies) all.latencies.push(x);
      all.ok += f.ok;
      all.clientError += f.clientError;
      all.serverError += f.serverError;
      all.none += f.none;
    }
    all.latencies.sort((a, b) => a - b);
    return all;
  };
  row('answers 2xx / 4xx / 5xx / none (all rounds)', (t) => {
    const sum = { ok: 0, c: 0, s: 0, n: 0 };
    for (const call of CALLS) {
      const f = pooled(t, call);
      sum.ok += f.ok;
      sum.c += f.clientError;
      sum.s += f.serverError;
      sum.n += f.none;
    }
    return `${sum.ok} / ${sum.c} / ${sum.s} / ${sum.n}`;
  });
  const ms = (x: number) => (x >= 100 ? `${Math.round(x)}` : x.toFixed(1));
  for (const call of CALLS) {
    row(`${call}: p50 / p99 ms (answers/s; non-2xx)`, (t) => {
      const f = pooled(t, call);
      const seconds = t.runs.reduce((a, r) => a + r.seconds, 0);
      const bad = f.clientError + f.serverError + f.none;
      return `${ms(percentile(f.latencies, 0.5))} / ${ms(percentile(f.latencies, 0.99))} (${Math.round(f.latencies.length / seconds)}/s${bad ? `; ${f.clientError} 4xx, ${f.serverError} 5xx, ${f.none} none` : ''})`;
    });
  }

  // The budgets: ratios are medians of per-round ratios (the two runs of a round are minutes apart at most).
  const ratio = (a: Target | undefined, b: Target | undefined) => {
    if (!a || !b) return null;
    const each = a.runs.map((r, i) => r.rps / b.runs[i]!.rps);
    return { median: median(each), each };
  };
  console.log('\n| mix budget | figure | budget | |');
  console.log('|---|---|---|---|');
  const verdict = (met: boolean) => (met ? 'met' : '**not met**');
  for (const kind of ['sqlite', 'postgres'] as const) {
    const product = byKey.get(`product:${kind}`);
    if (!product) continue;
    const r = ratio(product, byKey.get(`turn-2:${kind}`));
    if (r)
      console.log(
        `| product ÷ turn-2 req/s, ${KIND_LABEL[kind]} (median of rounds; each) | ${r.median.toFixed(2)}× (${r.each.map((x) => x.toFixed(2)).join(', ')}) | ≥ 2× | ${verdict(r.median >= 2)} |`,
      );
    else
      console.log(
        `| product ÷ turn-2 req/s, ${KIND_LABEL[kind]} | — (no turn-2 figures: ${run.beforeMissing ?? 'not run'}) | ≥ 2× | not measured |`,
      );
  }
  const pgRatio = ratio(byKey.get('product:postgres'), byKey.get('product:sqlite'));
  if (pgRatio)
    console.log(
      `| product PostgreSQL ÷ SQLite req/s (median of rounds; each) | ${pgRatio.median.toFixed(2)}× (${pgRatio.each.map((x) => x.toFixed(2)).join(', ')}) | ≥ 0.7× | ${verdict(pgRatio.median >= 0.7)} |`,
    );
  else console.log('| product PostgreSQL ÷ SQLite req/s | — (PostgreSQL not run) | ≥ 0.7× | not measured |');
  const turn2Pg = ratio(byKey.get('turn-2:postgres'), byKey.get('turn-2:sqlite'));
  if (turn2Pg) console.log(`| (turn-2 PostgreSQL ÷ SQLite, for comparison) | ${turn2Pg.median.toFixed(2)}× | | |`);
  for (const kind of ['sqlite', 'postgres'] as const) {
    const product = byKey.get(`product:${kind}`);
    if (!product) continue;
    const peak = Math.max(...product.runs.map((r) => r.peakRssMb));
    console.log(`| product peak RSS during the mix, ${KIND_LABEL[kind]} | ${mb(peak)} | ≤ 300 MB | ${verdict(peak <= 300)} |`);
  }
  console.log(`\nrounds (order of the runs): ${run.rounds.map((r) => r.join(' → ')).join('; ')}`);
}
