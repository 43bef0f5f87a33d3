// npm run bench:start — a start under load (issue 30, "a warm start"): readers keep asking while
// the API process is replaced, as in a deploy. The bench measures the process's steady speed
// first, stops it (SIGTERM), starts the production bundle again on the same data, and counts,
// second by second from its first answer, the answers and their median time. The figure is how
// many seconds it answers at under 80% of its steady speed (budget: 5). WARM_DB=postgres runs it
// on a fresh PostgreSQL database; WARM_CLIENTS, WARM_STEADY_SECONDS and WARM_AFTER_SECONDS size it.
import { execFileSync } from 'node:child_process';
import os from 'node:os';
import { createStore, dictionaryWords, sleep, startServer, ROOT, type DbKind, type Server } from './server-harness.js';

const CLIENTS = Number(process.env.WARM_CLIENTS ?? 100);
const STEADY_SECONDS = Number(process.env.WARM_STEADY_SECONDS ?? 12);
const AFTER_SECONDS = Number(process.env.WARM_AFTER_SECONDS ?? 20);
const DB: DbKind = process.env.WARM_DB === 'postgres' ? 'postgres' : 'sqlite';
const PORT = Number(process.env.WARM_PORT ?? 4350);
const BUDGET_SECONDS = 5;
/** Slower than this share of the steady speed is "reduced". */
const REDUCED = 0.8;

interface Sample {
  /** When the answer came (ms since the epoch). */
  at: number;
  ms: number;
  kind: string;
}

const median = (xs: number[]) => {
  const s = [...xs].sort((a, b) => a - b);
  return s.length ? (s[(s.length - 1) >> 1]! + s[s.length >> 1]!) / 2 : NaN;
};

/** The readers' requests, anonymous: the home list, an article, a search, many different words, and health. */
function requestsFor(articleIds: number[], words: string[]) {
  return (n: number): [kind: string, path: string] => {
    const r = n % 20;
    if (r < 8) return ['word', `/api/english/word?word=${encodeURIComponent(words[n % words.length]!)}`];
    if (r < 13) return ['home', `/reader/article/waikan?offset=${(n % 3) * 20}`];
    if (r < 17) return ['show', `/reader/article/${articleIds[n % articleIds.length]}/show`];
    if (r < 19) return ['search', `/api/search?q=${encodeURIComponent(['market', 'city', 'water', 'school'][n % 4]!)}`];
    return ['health', '/api/health'];
  };
}

/** CLIENTS loops asking one after another until stopped; a refused connection waits 100 ms and tries again. */
function load(origin: string, next: (n: number) => [string, string]) {
  const samples: Sample[] = [];
  let stopped = false;
  let n = 0;
  const loop = async () => {
    while (!stopped) {
      const [kind, url] = next(n++);
      const started = performance.now();
      try {
        const res = await fetch(origin + url);
        await res.arrayBuffer();
        if (res.ok) samples.push({ at: Date.now(), ms: performance.now() - started, kind });
        else await sleep(100);
      } catch {
        await sleep(100);
      }
    }
  };
  const loops = Array.from({ length: CLIENTS }, loop);
  return {
    samples,
    async stop() {
      stopped = true;
      await Promise.all(loops);
    },
  };
}

/** Answers and median time per second, from `from` for `seconds`. */
function perSecond(samples: Sample[], from: number, seconds: number) {
  return Array.from({ length: seconds }, (_, i) => {
    const inSecond = samples.filter((s) => s.at >= from + i * 1000 && s.at < from + (i + 1) * 1000);
    return {
      answers: inSecond.length,
      p50: median(inSecond.map((s) => s.ms)),
      health: median(inSecond.filter((s) => s.kind === 'health').map((s) => s.ms)),
    };
  });
}

async function main() {
  execFileSync('npm', ['run', 'build'], { cwd: ROOT, stdio: 'ignore' });
  const store = await createStore(DB);
  const options = { built: true, env: { SEED_DEMO: 'true' } };
  let server: Server | null = null;
  try {
    server = await startServer(store, PORT, options);
    const origin = server.origin;
    const list = (await (await fetch(`${origin}/reader/article/waikan`)).json()) as { result: { list: { id: number }[] } };
    const articleIds = list.result.list.map((a) => a.id);
    if (articleIds.length === 0) throw new Error('the demo content has no articles');
    const next = requestsFor(articleIds, dictionaryWords(3000));

    const readers = load(origin, next);
    await sleep(STEADY_SECONDS * 1000);
    const steadyFrom = Date.now() - 6000;
    const steady = median(perSecond(readers.samples, steadyFrom, 6).map((s) => s.answers));

    // The deploy: the old process drains and goes, the new one starts on the same data.
    const stopAt = Date.now();
    await server.stop();
    const spawnAt = Date.now();
    server = await startServer(store, PORT, options);
    const listeningAt = Date.now();
    await sleep(500);
    const first = readers.samples.find((s) => s.at >= spawnAt)?.at ?? listeningAt;
    await sleep(AFTER_SECONDS * 1000);
    await readers.stop();

    const after = perSecond(readers.samples, first, AFTER_SECONDS);
    // Reduced until the first of three seconds in a row at 80% of the steady speed or more.
    let reduced = after.findIndex((_, i) => after.slice(i, i + 3).every((s) => s.answers >= REDUCED * steady));
    if (reduced < 0) reduced = AFTER_SECONDS;

    console.log(
      `\nChangdu start under load — ${DB}, ${os.cpus().length} cores, load average ${os.loadavg()[0]!.toFixed(1)}, ${CLIENTS} clients`,
    );
    console.log(`steady: ${steady.toFixed(0)} answers/s`);
    console.log(
      `old process drained and gone in ${spawnAt - stopAt} ms; new process listening ${listeningAt - spawnAt} ms after it was started (warm-up before the port opens)`,
    );
    console.log('\n| second after the first answer | answers | share of steady | median ms | health median ms |');
    console.log('| --- | --- | --- | --- | --- |');
    after
      .slice(0, 10)
      .forEach((s, i) =>
        console.log(
          `| ${i + 1} | ${s.answers} | ${((100 * s.answers) / steady).toFixed(0)}% | ${s.p50.toFixed(1)} | ${Number.isNaN(s.health) ? '—' : s.health.toFixed(1)} |`,
        ),
      );
    const met = reduced <= BUDGET_SECONDS;
    console.log(
      `\nseconds at reduced speed (< ${REDUCED * 100}% of steady): ${reduced} (budget ≤ ${BUDGET_SECONDS}: ${met ? 'met' : 'NOT met'})`,
    );
    process.exitCode = met ? 0 : 1;
  } finally {
    await server?.stop();
    await store.drop();
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
