// npm run bench:load — (1) LOAD_CLIENTS (default 200) concurrent clients for LOAD_SECONDS
// (default 60) mixing reads and writes against one server on 127.0.0.1, counting answers by
// class: every answer must be 2xx or 4xx (0 errors). (2) With PostgreSQL: the database drops
// every connection of the server's database (pg_terminate_backend) several times while 50
// clients run; the server answers 503 meanwhile and 2xx again afterwards. LOAD_DB picks
// sqlite or postgres for (1) (default: postgres when it answers).
import {
  adminQuery,
  api,
  createStore,
  dictionaryWords,
  login,
  pgReachable,
  publishedArticle,
  readers,
  sleep,
  startServer,
  ADMIN,
  type Answer,
  type DbKind,
} from './server-harness.js';

const CLIENTS = Number(process.env.LOAD_CLIENTS ?? 200);
const SECONDS = Number(process.env.LOAD_SECONDS ?? 60);
const USERS = 50;

interface Tally {
  total: number;
  byClass: Record<string, number>;
  /** Answers that are neither 2xx nor 4xx, and requests with no answer, by kind. */
  errors: Record<string, number>;
}

const newTally = (): Tally => ({ total: 0, byClass: {}, errors: {} });

function count(tally: Tally, label: string, res: Answer) {
  tally.total += 1;
  const cls = res.http === 0 ? 'no answer' : `${Math.floor(res.http / 100)}xx`;
  tally.byClass[cls] = (tally.byClass[cls] ?? 0) + 1;
  if (res.http === 0 || res.http >= 500) {
    const key = `${label} ${res.http || res.error}`;
    tally.errors[key] = (tally.errors[key] ?? 0) + 1;
  }
}

interface Ctx {
  origin: string;
  tokens: string[];
  article: { id: number; root: string };
  words: string[];
}

/** One request of the mix, chosen by `n`: 60 % reads, 40 % writes. */
async function step(ctx: Ctx, client: number, n: number): Promise<[string, Answer]> {
  const token = ctx.tokens[client % ctx.tokens.length]!;
  const word = ctx.words[(client * 31 + n) % ctx.words.length]!;
  switch (n % 10) {
    case 0:
    case 1:
      return ['article.list', await api(ctx.origin, 'GET', '/reader/article/waikan', null, null)];
    case 2:
    case 3:
      return ['article.show', await api(ctx.origin, 'GET', `/reader/article/${ctx.article.id}/show`, null, token)];
    case 4:
      return ['dict.word', await api(ctx.origin, 'GET', `/api/english/word?word=${word}`, null, token)];
    case 5:
      return ['words.list', await api(ctx.origin, 'GET', '/reader/myword', null, token)];
    case 6:
    case 7:
      return ['words.add', await api(ctx.origin, 'POST', '/reader/myword', { word, sentence: `The ${word} matters.` }, token)];
    case 8:
      return [
        'note.add',
        await api(
          ctx.origin,
          'POST',
          `/reader/article/${ctx.article.id}/notes/add`,
          { note_uuid: `load-${client}-${n % 40}`, text: 'A zebra crossed', root: ctx.article.root, comment: `n${n}` },
          token,
        ),
      ];
    default:
      return [
        'article.mark',
        await api(ctx.origin, 'POST', `/reader/article/${ctx.article.id}/mark`, { action: 'star', status: n % 20 < 10 }, token),
      ];
  }
}

async function prepare(kind: DbKind) {
  const store = await createStore(kind);
  const server = await startServer(store);
  const admin = await login(server.origin, ADMIN.username, ADMIN.password);
  const ctx: Ctx = {
    origin: server.origin,
    tokens: await readers(server.origin, USERS, kind),
    article: await publishedArticle(server.origin, admin),
    words: dictionaryWords(500),
  };
  return { store, server, ctx };
}

async function loadRun(kind: DbKind) {
  const { store, server, ctx } = await prepare(kind);
  const tally = newTally();
  const started = Date.now();
  const deadline = started + SECONDS * 1000;
  try {
    await Promise.all(
      Array.from({ length: CLIENTS }, async (_, client) => {
        for (let n = client; Date.now() < deadline; n++) {
          const [label, res] = await step(ctx, client, n);
          count(tally, label, res);
        }
      }),
    );
  } finally {
    await server.stop();
    await store.drop();
  }
  const elapsed = (Date.now() - started) / 1000;
  const errors = Object.values(tally.errors).reduce((a, b) => a + b, 0);
  console.log(
    `load (${kind}): ${CLIENTS} clients × ${SECONDS} s: ${tally.total} requests (${Math.round(tally.total / elapsed)}/s), ` +
      `${JSON.stringify(tally.byClass)}, errors (not 2xx/4xx): ${errors} ${errors ? JSON.stringify(tally.errors) : ''}`,
  );
  if (errors > 0) process.exitCode = 1;
}

/** The database drops the server's connections several times under load; the server must come back. */
async function databaseRestart() {
  const { store, server, ctx } = await prepare('postgres');
  const phases = { before: newTally(), during: newTally(), after: newTally() };
  let phase: keyof typeof phases = 'before';
  let stop = false;
  try {
    const clients = Array.from({ length: 50 }, async (_, client) => {
      for (let n = client; !stop; n++) {
        const [label, res] = await step(ctx, client, n);
        count(phases[phase], label, res);
      }
    });
    await sleep(5000);
    phase = 'during';
    let terminated = 0;
    for (let i = 0; i < 5; i++) {
      const res = await adminQuery(
        'select count(pg_terminate_backend(pid)) as n from pg_stat_activity where datname = $1 and pid <> pg_backend_pid()',
        [store.dbName],
      );
      terminated += Number((res.rows[0] as { n: string | number }).n);
      await sleep(1000);
    }
    // Give the pool a moment to notice, then measure recovery.
    await sleep(2000);
    phase = 'after';
    await sleep(10_000);
    stop = true;
    await Promise.all(clients);
    const health = await api(ctx.origin, 'GET', '/api/health', null, null);
    const describe = (t: Tally) =>
      `${t.total} requests ${JSON.stringify(t.byClass)}${Object.keys(t.errors).length ? ` ${JSON.stringify(t.errors)}` : ''}`;
    console.log(`database restart (postgres, 50 clients): ${terminated} backends terminated over 5 s`);
    console.log(`  before: ${describe(phases.before)}`);
    console.log(`  during: ${describe(phases.during)}`);
    console.log(`  after:  ${describe(phases.after)}; /api/health ${health.http}`);
    const non503 = (t: Tally) =>
      Object.entries(t.errors)
        .filter(([k]) => !k.endsWith(' 503'))
        .reduce((a, [, v]) => a + v, 0);
    const afterErrors = Object.values(phases.after.errors).reduce((a, b) => a + b, 0);
    if (non503(phases.during) > 0 || afterErrors > 0 || health.http !== 200 || non503(phases.before) > 0) process.exitCode = 1;
  } finally {
    stop = true;
    await server.stop();
    await store.drop();
  }
}

async function main() {
  const pgUp = await pgReachable();
  const kind: DbKind = (process.env.LOAD_DB as DbKind | undefined) ?? (pgUp ? 'postgres' : 'sqlite');
  await loadRun(kind);
  if (pgUp) await databaseRestart();
  else if (process.env.CI === 'true') throw new Error('PostgreSQL is required under CI');
  else console.log('PostgreSQL does not answer: the database-restart run is skipped.');
}

await main();
