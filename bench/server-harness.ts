// Shared by the crash and load scripts: a real server process on 127.0.0.1 (SQLite in a temp
// folder, or a fresh PostgreSQL database), a small typed API client, and test accounts.
// Everything stays on this machine; every loop is bounded in count and time.
import { spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { openEcdict } from '../packages/server/src/modules/dictionary/ecdict.js';

export const ROOT = path.resolve(import.meta.dirname, '..');
export const ADMIN = { phone: '13800000000', username: 'admin', password: 'benchAdmin123' };
const PG_ADMIN_URL = process.env.TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';

export type DbKind = 'sqlite' | 'postgres';

/** Where the server keeps its data: a temp folder, and for PostgreSQL a fresh database. */
export interface Store {
  kind: DbKind;
  dataDir: string;
  databaseUrl: string | null;
  dbName: string | null;
  drop(): Promise<void>;
}

export async function pgReachable(): Promise<boolean> {
  const client = new pg.Client({ connectionString: PG_ADMIN_URL, connectionTimeoutMillis: 2000 });
  try {
    await client.connect();
    return true;
  } catch {
    return false;
  } finally {
    await client.end().catch(() => undefined);
  }
}

export async function adminQuery(text: string, values: unknown[] = []): Promise<pg.QueryResult> {
  const client = new pg.Client({ connectionString: PG_ADMIN_URL });
  await client.connect();
  try {
    return await client.query(text, values);
  } finally {
    await client.end();
  }
}

export async function createStore(kind: DbKind): Promise<Store> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'changdu-bench-'));
  if (kind === 'sqlite') {
    return { kind, dataDir, databaseUrl: null, dbName: null, drop: async () => fs.rmSync(dataDir, { recursive: true, force: true }) };
  }
  const dbName = `changdu_bench_${randomBytes(5).toString('hex')}`;
  await adminQuery(`create database ${dbName}`);
  const url = new URL(PG_ADMIN_URL);
  url.pathname = `/${dbName}`;
  return {
    kind,
    dataDir,
    databaseUrl: url.toString(),
    dbName,
    drop: async () => {
      await adminQuery(`drop database if exists ${dbName} with (force)`);
      fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

export interface Server {
  origin: string;
  child: ChildProcess;
  /** Ends the process with SIGKILL (no shutdown hooks) and waits for it to be gone. */
  kill9(): Promise<void>;
  /** Ends the process with SIGTERM (a clean shutdown). */
  stop(): Promise<void>;
}

let nextPort = 3950;

/** The node flags `npm start` runs the server with (package.json), so a bench runs it the same way. */
export const START_FLAGS: string[] = (() => {
  const start = (JSON.parse(fs.readFileSync(path.join(ROOT, 'package.json'), 'utf8')) as { scripts: { start: string } }).scripts.start;
  return (
    start
      .match(/node((?:\s+--[\w-]+(?:=\S+)?)*)\s+packages\/server\/dist\/main\.js/)?.[1]
      ?.trim()
      .split(/\s+/)
      .filter(Boolean) ?? []
  );
})();

export interface StartOptions {
  /** Run the production bundle (`packages/server/dist/main.js`, built first) instead of the source under tsx. */
  built?: boolean;
  /** More environment for the process (e.g. SEED_DEMO). */
  env?: Record<string, string>;
}

/** Starts the server (the source under tsx, or the bundle) on 127.0.0.1 and waits until it listens. */
export async function startServer(store: Store, port = nextPort++, options: StartOptions = {}): Promise<Server> {
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    NODE_ENV: 'production',
    HOST: '127.0.0.1',
    PORT: String(port),
    DATA_DIR: store.dataDir,
    LOG_LEVEL: 'warn',
    RATE_LIMIT: 'false',
    SEED_DEMO: 'false',
    REGISTER_SMS: 'never',
    ADMIN_PHONE: ADMIN.phone,
    ADMIN_PASSWORD: ADMIN.password,
    PUBLIC_URL: `http://127.0.0.1:${port}`,
    ...options.env,
  };
  if (store.databaseUrl) env.DATABASE_URL = store.databaseUrl;
  else delete env.DATABASE_URL;
  // node itself with tsx as a loader (not the tsx wrapper), so SIGKILL reaches the server process.
  const args = options.built
    ? [...START_FLAGS, 'packages/server/dist/main.js', '--role=api']
    : ['--import', 'tsx', 'packages/server/src/main.ts', '--role=api'];
  const child = spawn(process.execPath, args, {
    cwd: ROOT,
    env,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let log = '';
  child.stderr?.on('data', (chunk: Buffer) => (log = (log + chunk.toString()).slice(-4000)));
  await new Promise<void>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`server did not start in 60 s:\n${log}`)), 60_000);
    child.stdout?.on('data', (chunk: Buffer) => {
      if (chunk.toString().includes('is running at')) {
        clearTimeout(timer);
        resolve();
      }
    });
    child.once('exit', (code) => {
      clearTimeout(timer);
      reject(new Error(`server exited with ${code}:\n${log}`));
    });
  });
  const gone = () =>
    new Promise<void>((resolve) =>
      child.exitCode !== null || child.signalCode !== null ? resolve() : child.once('exit', () => resolve()),
    );
  return {
    origin: `http://127.0.0.1:${port}`,
    child,
    async kill9() {
      child.kill('SIGKILL');
      await gone();
    },
    async stop() {
      child.kill('SIGTERM');
      await gone();
    },
  };
}

export interface Answer {
  http: number;
  code: string;
  result: unknown;
  /** Set when no HTTP answer came (connection refused or reset). */
  error: string | null;
}

/** One API call the way the web client makes it; never throws. */
export async function api(origin: string, method: 'GET' | 'POST', url: string, body: unknown, token: string | null): Promise<Answer> {
  const headers: Record<string, string> = {};
  if (token) headers.authorization = `Bearer ${token}`;
  if (method === 'POST') headers['content-type'] = 'application/json';
  try {
    const res = await fetch(`${origin}${url}`, {
      method,
      headers,
      body: method === 'POST' ? JSON.stringify(body) : undefined,
      signal: AbortSignal.timeout(30_000),
    });
    const text = await res.text();
    let code = String(res.status);
    let result: unknown = null;
    try {
      const parsed = JSON.parse(text) as { status?: { code?: string }; result?: unknown };
      code = parsed.status?.code ?? code;
      result = parsed.result ?? null;
    } catch {
      // not the envelope: the status line is all there is
    }
    return { http: res.status, code, result, error: null };
  } catch (error) {
    return { http: 0, code: '', result: null, error: error instanceof Error ? error.message : String(error) };
  }
}

const field = (value: unknown, key: string): unknown =>
  value && typeof value === 'object' ? (value as Record<string, unknown>)[key] : undefined;

export async function login(origin: string, username: string, password: string): Promise<string> {
  const res = await api(origin, 'POST', '/auth/login', { username, password }, null);
  const token = field(res.result, 'token');
  if (typeof token !== 'string') throw new Error(`login of ${username} failed: ${res.http} ${res.error ?? ''}`);
  return token;
}

/** A published article (created and published by the admin) and its first paragraph's id. */
export async function publishedArticle(origin: string, adminToken: string): Promise<{ id: number; root: string }> {
  const created = await api(
    origin,
    'POST',
    '/reader/article/create',
    {
      article: {
        title: 'Bench article',
        paragraphs: [{ text: 'A zebra crossed the wide river at dawn.' }, { text: 'Then the herd followed it across.' }],
      },
    },
    adminToken,
  );
  const id = field(created.result, 'id');
  if (typeof id !== 'number') throw new Error(`could not create the bench article: ${created.http}`);
  const published = await api(origin, 'POST', `/reader/article/${id}/publish`, { status: 'published' }, adminToken);
  if (published.http !== 200) throw new Error(`could not publish the bench article: ${published.http}`);
  const paragraphs = field(created.result, 'paragraphs');
  const root = Array.isArray(paragraphs) ? field(paragraphs[0], 'id') : undefined;
  if (typeof root !== 'string') throw new Error('the bench article has no paragraph id');
  return { id, root };
}

/** Registers `count` readers; answers their tokens. */
export async function readers(origin: string, count: number, prefix: string): Promise<string[]> {
  const tokens: string[] = [];
  for (let i = 0; i < count; i++) {
    const phone = `135${String(prefix.charCodeAt(0) % 10)}${String(i).padStart(7, '0')}`;
    const res = await api(origin, 'POST', '/auth/register_by_phone', { phone, password: 'reader1234' }, null);
    const token = field(res.result, 'token');
    if (typeof token !== 'string') throw new Error(`registration ${phone} failed: ${res.http} ${res.code}`);
    tokens.push(token);
  }
  return tokens;
}

/** Headwords the dictionary knows, for word-book adds. */
export function dictionaryWords(count: number): string[] {
  const dict = openEcdict();
  try {
    const words: string[] = [];
    for (const letter of 'abcdefghilmnoprstw') {
      for (const entry of dict.startingWith(letter, 400)) {
        if (/^[a-z]{4,10}$/.test(entry.word) && dict.lookup(entry.word)?.word === entry.word) words.push(entry.word);
      }
    }
    return [...new Set(words)].slice(0, count);
  } finally {
    dict.close();
  }
}

export const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
export { field };
