// npm run bench: the product's speed against baselines measured in the same run on this machine.
// Requests go only to 127.0.0.1; every loop is bounded in count and time.
import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import autocannon from 'autocannon';
import { openEcdict } from '../packages/server/src/modules/dictionary/ecdict.js';
import { dictionaryService } from '../packages/server/src/modules/dictionary/dictionary.service.js';

const ROOT = path.resolve(import.meta.dirname, '..');
const DURATION = Number(process.env.BENCH_SECONDS ?? 5);
const CONNECTIONS = 10;
const APP_PORT = 3900;
const BARE_PORT = 3901;

function waitFor(child: ChildProcess, text: string, timeoutMs = 60_000): Promise<void> {
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`timed out waiting for "${text}"`)), timeoutMs);
    const onData = (chunk: Buffer) => {
      if (chunk.toString().includes(text)) {
        clearTimeout(timer);
        resolve();
      }
    };
    child.stdout?.on('data', onData);
    child.on('exit', (code) => reject(new Error(`process exited with ${code}`)));
  });
}

function rssMb(pid: number): number {
  const status = fs.readFileSync(`/proc/${pid}/status`, 'utf8');
  return Math.round(Number(status.match(/VmRSS:\s+(\d+)/)![1]) / 1024);
}

async function load(url: string) {
  // A short warm-up first, so both servers are measured with their code optimised.
  await autocannon({ url, connections: CONNECTIONS, duration: 1 });
  const result = await autocannon({ url, connections: CONNECTIONS, duration: DURATION });
  if (result.non2xx > 0 || result.errors > 0) throw new Error(`${url}: ${result.non2xx} non-2xx, ${result.errors} errors`);
  return { rps: Math.round(result.requests.average), p99: result.latency.p99 };
}

function dictionaryThroughput() {
  const dict = openEcdict();
  const dictionary = dictionaryService(dict, { inWordBook: async () => false, recordLookup: async () => undefined });
  const words = dict
    .startingWith('a', 2000)
    .map((w) => w.word)
    .filter((w) => /^[a-z]+$/.test(w));
  const run = async (label: string, sentence: (w: string) => string | undefined) => {
    const started = process.hrtime.bigint();
    let n = 0;
    for (let round = 0; round < 3; round++) {
      for (const word of words) {
        await dictionary.lookup(word, sentence(word), null).catch(() => undefined);
        n += 1;
      }
    }
    const seconds = Number(process.hrtime.bigint() - started) / 1e9;
    return { label, perSecond: Math.round(n / seconds) };
  };
  return { dict, run };
}

/** Static imports of a built chunk (dynamic `import()`s are other routes, loaded later). */
function staticImports(dist: string, file: string): string[] {
  const code = fs.readFileSync(path.join(dist, 'assets', file), 'utf8');
  return [...code.matchAll(/(?:from\s*|import\s*)["']\.\/([\w.-]+\.js)["']/g)].map((m) => m[1]!);
}

/** The JS a reader downloads to open an article: the entry chunk, the route's chunk, and all they import. */
function articleJsGzip(): { files: number; kb: number } {
  const dist = path.join(ROOT, 'packages/web/dist');
  const html = fs.readFileSync(path.join(dist, 'index.html'), 'utf8');
  const entry = [...html.matchAll(/src="\/assets\/([^"]+\.js)"/g)].map((m) => m[1]!);
  const route = fs.readdirSync(path.join(dist, 'assets')).filter((f) => /^ArticlePage-[\w-]+\.js$/.test(f));
  if (entry.length === 0 || route.length === 0) throw new Error('build the web app first (npm run build)');
  const seen = new Set<string>();
  const queue = [...entry, ...route];
  while (queue.length) {
    const file = queue.pop()!;
    if (seen.has(file)) continue;
    seen.add(file);
    queue.push(...staticImports(dist, file));
  }
  const bytes = [...seen].reduce((sum, f) => sum + zlib.gzipSync(fs.readFileSync(path.join(dist, 'assets', f))).length, 0);
  return { files: seen.size, kb: Math.round(bytes / 102.4) / 10 };
}

async function main() {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'changdu-bench-'));
  // Node itself with the tsx loader (not npx), so the pid is the server's: for memory, and for a clean stop.
  const app = spawn(process.execPath, ['--import', 'tsx', path.join(ROOT, 'packages/server/src/main.ts')], {
    cwd: ROOT,
    env: {
      ...process.env,
      NODE_ENV: 'production',
      PORT: String(APP_PORT),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      LOG_LEVEL: 'error',
      RATE_LIMIT: 'false',
      ADMIN_PASSWORD: 'bench-pass-1',
    },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  let bare: ChildProcess | null = null;
  try {
    await waitFor(app, 'is running at');
    const base = `http://127.0.0.1:${APP_PORT}`;
    const list = (await (await fetch(`${base}/reader/article/waikan`)).json()) as { result: { list: { id: number; is_lock: boolean }[] } };
    const id = list.result.list.find((a) => !a.is_lock)!.id;
    const showPath = `/reader/article/${id}/show`;
    const wordPath = `/api/english/word?word=negotiated&sentence=${encodeURIComponent('They negotiated a new contract.')}`;
    const bodies: Record<string, string> = {};
    for (const p of [showPath, wordPath]) bodies[p] = Buffer.from(await (await fetch(base + p)).arrayBuffer()).toString('base64');

    const bodiesFile = path.join(dataDir, 'bodies.json');
    fs.writeFileSync(bodiesFile, JSON.stringify(bodies));
    bare = spawn(process.execPath, ['--import', 'tsx', path.join(ROOT, 'bench/bare-server.ts'), bodiesFile, String(BARE_PORT)], {
      cwd: ROOT,
      stdio: ['ignore', 'pipe', 'inherit'],
    });
    await waitFor(bare, 'ready');
    const bareBase = `http://127.0.0.1:${BARE_PORT}`;

    const rows: string[][] = [];
    for (const [label, p] of [
      ['GET /reader/article/{id}/show', showPath],
      ['GET /api/english/word', wordPath],
    ] as const) {
      console.error(`loading ${label}…`);
      const product = await load(base + p);
      const baseline = await load(bareBase + p);
      rows.push([
        label,
        `${product.rps}`,
        `${product.p99} ms`,
        `${baseline.rps}`,
        `${baseline.p99} ms`,
        `${(product.rps / baseline.rps).toFixed(2)}`,
      ]);
    }

    console.error('dictionary lookups…');
    const { dict, run } = dictionaryThroughput();
    const plain = await run('lookup, no sentence', () => undefined);
    const inContext = await run('lookup with its sentence', (w) => `They talked about the ${w} yesterday.`);
    dict.close();

    const memory = { app: rssMb(app.pid!), bare: rssMb(bare.pid!) };
    const js = articleJsGzip();

    console.log(`\nChangdu bench — ${os.cpus().length} cores, ${DURATION}s × ${CONNECTIONS} connections per run, loopback only\n`);
    console.log('| endpoint | product req/s | product p99 | bare node:http req/s | bare p99 | ratio |');
    console.log('|---|---|---|---|---|---|');
    for (const r of rows) console.log(`| ${r.join(' | ')} |`);
    console.log('\n| measure | value |');
    console.log('|---|---|');
    console.log(`| dictionary ${plain.label} | ${plain.perSecond} /s |`);
    console.log(`| dictionary ${inContext.label} | ${inContext.perSecond} /s |`);
    console.log(
      `| server memory (RSS, dictionary open, after load) | ${memory.app} MB (bare node:http: ${memory.bare} MB, ratio ${(memory.app / memory.bare).toFixed(1)}) |`,
    );
    console.log(`| JS the article route loads (gzip, ${js.files} files) | ${js.kb} KB |`);
  } finally {
    app.kill('SIGTERM');
    bare?.kill('SIGTERM');
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}

main().then(
  () => process.exit(0),
  (error: unknown) => {
    console.error(error);
    process.exit(1);
  },
);
