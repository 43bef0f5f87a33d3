// npm run bench:growth — the product's reads on a database that grew (issue 30): the same calls
// against a small database (1×: 1,000 articles, 1,000 readers, 50,000 word-book rows) and ones
// 10× and 100× its size (100×: 100,000 articles, 100,000 readers, 5 million word-book rows),
// filled with synthetic data (bench/growth-data.ts). A server per size runs at once, and the
// calls load them in interleaved rounds, so a neighbour's burst hits every size alike. It prints
// p50 and p99 per call and size, and the budget: each size's p99 within 2× of the small one's.
//
// GROWTH_DB=sqlite|postgres|sqlite,postgres (default sqlite), GROWTH_SCALES (default 1,10,100),
// GROWTH_ROUNDS (3), GROWTH_SECONDS (3 per call, size and round), GROWTH_CONNECTIONS (1: requests
// one after another, so p99 is the answer's own time, not a queue's), GROWTH_KEEP=1 keeps the filled
// databases (their folders are printed). Heavy: the 100× fill takes minutes and ~3 GB of disk.
// The servers keep no lists or search answers (LIST_KEEP_SECONDS=0): what grows is the database's work.
// Requests go only to 127.0.0.1; every loop is bounded in count and time.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { BASE, ENTITY_NAMES, SEARCH_TERMS, fillStore, type Filled } from './growth-data.js';
import { adminQuery, createStore, pgReachable, startServer, type DbKind, type Server, type Store } from './server-harness.js';

const SCALES = (process.env.GROWTH_SCALES ?? '1,10,100').split(',').map(Number);
const DBS = (process.env.GROWTH_DB ?? 'sqlite').split(',').map((d) => d.trim()) as DbKind[];
const ROUNDS = Number(process.env.GROWTH_ROUNDS ?? 3);
const SECONDS = Number(process.env.GROWTH_SECONDS ?? 3);
/** Clients at once per call: one by default, so a time is the answer's and not a queue's (GROWTH_CONNECTIONS). */
const CONNECTIONS = Number(process.env.GROWTH_CONNECTIONS ?? 1);
const BUDGET = 2;
const log = (text: string) => process.stderr.write(`${text}\n`);

interface Target {
  filled: Filled;
  server: Server;
}

interface Call {
  label: string;
  /** The request number `i` against a target: path and bearer token (null: anonymous). */
  request(i: number, target: Target): { url: string; token: string | null };
}

const CALLS: Call[] = [
  { label: 'home list `GET /reader/article/waikan`', request: (i) => ({ url: `/reader/article/waikan?offset=${(i % 3) * 20}`, token: null }) },
  {
    label: 'search `GET /api/search`',
    request: (i) => ({ url: `/api/search?q=${encodeURIComponent(SEARCH_TERMS[i % SEARCH_TERMS.length]!)}`, token: null }),
  },
  { label: 'word book page `GET /reader/myword`', request: (i, t) => ({ url: '/reader/myword?offset=0', token: t.filled.tokens[i % t.filled.tokens.length]! }) },
  {
    label: "an article's notes `GET /reader/article/{id}/notes/all`",
    request: (i, t) => ({
      url: `/reader/article/${t.filled.notedArticles[i % t.filled.notedArticles.length]!}/notes/all`,
      token: t.filled.tokens[i % t.filled.tokens.length]!,
    }),
  },
  {
    label: "the week's rank `GET /reader/history/rank/week`",
    request: (i, t) => ({ url: `/reader/history/rank/week?cat=${['time', 'finish', 'review'][i % 3]!}`, token: t.filled.tokens[i % t.filled.tokens.length]! }),
  },
  {
    label: 'AI entity lookup `GET /api/ai/entity` (offline)',
    request: (i, t) => ({
      url: `/api/ai/entity?name=${encodeURIComponent(ENTITY_NAMES[i % ENTITY_NAMES.length]!)}`,
      token: t.filled.tokens[i % t.filled.tokens.length]!,
    }),
  },
];

const quantile = (xs: number[], q: number) => {
  const s = [...xs].sort((a, b) => a - b);
  return s.length ? s[Math.min(s.length - 1, Math.floor(q * s.length))]! : NaN;
};

/** `CONNECTIONS` clients send the call's requests back to back for `seconds`; answers' times in ms. */
async function load(call: Call, target: Target, seconds: number, start: number): Promise<number[]> {
  const times: number[] = [];
  const until = performance.now() + seconds * 1000;
  let n = start;
  await Promise.all(
    Array.from({ length: CONNECTIONS }, async () => {
      while (performance.now() < until) {
        const { url, token } = call.request(n++, target);
        const t0 = performance.now();
        const res = await fetch(`${target.server.origin}${url}`, {
          headers: token ? { authorization: `Bearer ${token}` } : {},
          signal: AbortSignal.timeout(30_000),
        });
        const body = await res.text();
        if (res.status !== 200) throw new Error(`${url} answered ${res.status}: ${body.slice(0, 300)}`);
        times.push(performance.now() - t0);
      }
    }),
  );
  return times;
}

function sizeOf(store: Store): string {
  if (store.kind === 'postgres') return '';
  const bytes = fs
    .readdirSync(store.dataDir)
    .filter((f) => f.startsWith('changdu.sqlite'))
    .reduce((sum, f) => sum + fs.statSync(path.join(store.dataDir, f)).size, 0);
  return `${(bytes / 1e9).toFixed(2)} GB`;
}

async function pgSize(store: Store): Promise<string> {
  const { rows } = await adminQuery('select pg_database_size($1) as n', [store.dbName]);
  return `${(Number((rows[0] as { n: string }).n) / 1e9).toFixed(2)} GB`;
}

async function runOn(kind: DbKind) {
  const stores: Store[] = [];
  const targets: Target[] = [];
  const fills: string[] = [];
  try {
    for (const scale of SCALES) {
      const store = await createStore(kind);
      stores.push(store);
      log(`${kind} ${scale}×: filling ${store.dbName ?? store.dataDir}…`);
      const filled = await fillStore(store, scale, log);
      const size = kind === 'postgres' ? await pgSize(store) : sizeOf(store);
      fills.push(
        `| ${scale}× | ${filled.seconds.toFixed(0)} s | ${size} | ${Object.entries(filled.counts)
          .map(([table, n]) => `${table} ${n.toLocaleString('en')}`)
          .join(', ')} |`,
      );
      log(`  filled in ${filled.seconds.toFixed(0)} s (${size})`);
      // The database's own time, not a kept answer's: with the default the list's three pages and
      // search's five terms would be answered from memory (docs/articles.md § Statuses).
      targets.push({ filled, server: await startServer(store, undefined, { env: { LIST_KEEP_SECONDS: '0' } }) });
    }
    log('warming up…');
    for (const call of CALLS) for (const target of targets) await load(call, target, 0.5, 0);
    const samples = new Map<string, number[]>();
    for (let round = 0; round < ROUNDS; round++) {
      log(`round ${round + 1}/${ROUNDS}`);
      for (const call of CALLS) {
        // Each round starts with another size, so none is always measured first.
        for (let k = 0; k < targets.length; k++) {
          const target = targets[(k + round) % targets.length]!;
          const key = `${call.label}|${target.filled.scale}`;
          samples.set(key, [...(samples.get(key) ?? []), ...(await load(call, target, SECONDS, round * 100_000))]);
        }
      }
    }
    const load1 = os.loadavg()[0]!.toFixed(1);
    console.log(`\nGrowth on ${kind} — ${os.cpus().length} cores, load average ${load1} at the end; ${ROUNDS} rounds × ${SECONDS} s × ${CONNECTIONS} connections per call and size`);
    console.log(`1× = ${BASE.articles.toLocaleString('en')} articles, ${BASE.readers.toLocaleString('en')} readers, ~${(BASE.readers * BASE.wordsPerReader).toLocaleString('en')} word-book rows\n`);
    console.log('| size | fill | database | rows |');
    console.log('|---|---|---|---|');
    for (const line of fills) console.log(line);
    const scales = targets.map((t) => t.filled.scale);
    const small = Math.min(...scales);
    console.log(`\n| call | ${scales.map((s) => `${s}× p50 / p99 (answers)`).join(' | ')} | p50 ÷ ${small}× | p99 ÷ ${small}× | budget (p99) | |`);
    console.log(`|---|${scales.map(() => '---|').join('')}---|---|---|---|`);
    for (const call of CALLS) {
      const p99 = new Map(scales.map((s) => [s, quantile(samples.get(`${call.label}|${s}`) ?? [], 0.99)]));
      const p50 = new Map(scales.map((s) => [s, quantile(samples.get(`${call.label}|${s}`) ?? [], 0.5)]));
      const base = p99.get(small)!;
      const ratios = scales.filter((s) => s !== small).map((s) => p99.get(s)! / base);
      const medians = scales.filter((s) => s !== small).map((s) => p50.get(s)! / p50.get(small)!);
      const worst = ratios.length ? Math.max(...ratios) : NaN;
      const cells = scales.map((s) => `${p50.get(s)!.toFixed(1)} / ${p99.get(s)!.toFixed(1)} ms (${(samples.get(`${call.label}|${s}`) ?? []).length})`);
      console.log(
        `| ${call.label} | ${cells.join(' | ')} | ${medians.map((r) => `${r.toFixed(2)}×`).join(', ')} | ${ratios.map((r) => `${r.toFixed(2)}×`).join(', ')} | ≤ ${BUDGET}× | ${Number.isNaN(worst) ? '—' : worst <= BUDGET ? 'met' : '**not met**'} |`,
      );
    }
  } finally {
    for (const target of targets) await target.server.stop();
    for (const store of stores) {
      if (process.env.GROWTH_KEEP === '1') log(`kept ${store.dbName ?? store.dataDir}`);
      else await store.drop();
    }
  }
}

async function main() {
  // Offline AI: the entity look-up answers from the dictionary and the articles, no provider.
  for (const key of Object.keys(process.env)) if (key.startsWith('AI_')) delete process.env[key];
  for (const kind of DBS) {
    if (kind === 'postgres' && !(await pgReachable())) {
      log('(no PostgreSQL answers: skipped)');
      continue;
    }
    await runOn(kind);
  }
}

await main();
