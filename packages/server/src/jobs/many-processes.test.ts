import { spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import http from 'node:http';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { afterAll, describe, expect, it } from 'vitest';

// Real processes of `src/main.ts` on one fresh PostgreSQL database: the way a deployment runs.
const SERVER_DIR = path.resolve(import.meta.dirname, '../..');
const adminUrl = process.env.TEST_DATABASE_URL;
const ADMIN = { phone: '13600000009', password: 'admin-pass-9' };

async function freePort(): Promise<number> {
  const server = net.createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as net.AddressInfo;
  await new Promise((resolve) => server.close(resolve));
  return port;
}

interface Proc {
  name: string;
  child: ChildProcess;
  output: string;
  port: number | null;
}
const procs: Proc[] = [];

function start(name: string, role: 'api' | 'worker', env: Record<string, string>, port: number | null): Proc {
  const child = spawn(process.execPath, ['--import', 'tsx', 'src/main.ts', `--role=${role}`], {
    cwd: SERVER_DIR,
    env: { ...process.env, ...env, PORT: String(port ?? 0) },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const proc: Proc = { name, child, output: '', port };
  child.stdout!.on('data', (chunk: Buffer) => (proc.output += chunk.toString()));
  child.stderr!.on('data', (chunk: Buffer) => (proc.output += chunk.toString()));
  procs.push(proc);
  return proc;
}

async function until<T>(what: string, timeoutMs: number, probe: () => Promise<T | null | undefined | false>): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await probe().catch(() => null);
    if (value) return value;
    if (Date.now() > deadline)
      throw new Error(`timed out waiting for ${what}\n${procs.map((p) => `--- ${p.name}\n${p.output.slice(-3000)}`).join('\n')}`);
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
}

async function api<T>(port: number, method: string, url: string, body?: unknown, token?: string): Promise<{ code: string; result: T }> {
  const res = await fetch(`http://127.0.0.1:${port}${url}`, {
    method,
    headers: { ...(body ? { 'content-type': 'application/json' } : {}), ...(token ? { authorization: `Bearer ${token}` } : {}) },
    body: body ? JSON.stringify(body) : undefined,
  });
  const envelope = (await res.json()) as { status: { code: string; msg: string }; result: T };
  return { code: envelope.status.code, result: envelope.result };
}

/** A feed whose first crawl request hangs, as a slow source does: its task is in hand until the worker dies. */
function slowFeedServer() {
  const feed = (
    port: number,
  ) => `<?xml version="1.0"?><rss version="2.0"><channel><title>Slow news</title><link>http://127.0.0.1:${port}/</link>
<description>d</description><item><title>One</title><link>http://127.0.0.1:${port}/one</link><description>An item.</description></item></channel></rss>`;
  let requests = 0;
  const hanging: http.ServerResponse[] = [];
  const server = http.createServer((req, res) => {
    requests += 1;
    // The first request is the API checking the feed when it is added; the second is the crawl.
    if (requests === 2) {
      hanging.push(res);
      return;
    }
    res.writeHead(200, { 'content-type': 'application/rss+xml' }).end(feed((server.address() as net.AddressInfo).port));
  });
  return { server, requests: () => requests, close: () => (hanging.forEach((r) => r.destroy()), server.close()) };
}

describe.skipIf(process.env.TEST_DB !== 'postgres' || !adminUrl)('many processes on one empty PostgreSQL', () => {
  const name = `changdu_many_${randomBytes(5).toString('hex')}`;
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'changdu-many-'));
  const feeds = slowFeedServer();

  afterAll(async () => {
    for (const p of procs) p.child.kill('SIGKILL');
    feeds.close();
    const admin = new pg.Client({ connectionString: adminUrl });
    await admin.connect();
    await admin.query(`drop database if exists ${name} with (force)`);
    await admin.end();
    fs.rmSync(dataDir, { recursive: true, force: true });
  });

  it('start together (three APIs, two workers), and a task whose worker is killed is finished by the other', async () => {
    const admin = new pg.Client({ connectionString: adminUrl });
    await admin.connect();
    await admin.query(`create database ${name}`);
    await admin.end();
    const url = new URL(adminUrl!);
    url.pathname = `/${name}`;
    await new Promise<void>((resolve) => feeds.server.listen(0, '127.0.0.1', resolve));
    const feedPort = (feeds.server.address() as net.AddressInfo).port;
    const env = {
      NODE_ENV: 'development',
      HOST: '127.0.0.1',
      DATABASE_URL: url.toString(),
      DATA_DIR: dataDir,
      LOG_LEVEL: 'info',
      ADMIN_PHONE: ADMIN.phone,
      ADMIN_PASSWORD: ADMIN.password,
      SEED_DEMO: 'true',
      RATE_LIMIT: 'false',
      PASSWORD_HASH_COST: '10',
      DB_POOL_SIZE: '4',
      FETCH_ALLOW_PRIVATE: `127.0.0.1:${feedPort}`,
      // A short lease, so the test sees the take-over in seconds rather than a minute.
      TASK_LEASE_SECONDS: '3',
      TASK_STOP_GRACE_SECONDS: '1',
    };
    const ports = [await freePort(), await freePort(), await freePort()];
    const apis = ports.map((port, i) => start(`api ${i + 1}`, 'api', env, port));
    const workers = [start('worker 1', 'worker', env, null), start('worker 2', 'worker', env, null)];

    // All come up: every API answers, every worker runs its loop, none has died.
    for (const p of apis) {
      await until(`${p.name} to answer`, 180_000, async () => (await api(p.port!, 'GET', '/api/health')).code === '200');
    }
    for (const p of workers) await until(`${p.name} to start`, 180_000, async () => p.output.includes('worker started'));
    for (const p of procs) expect(p.child.exitCode, `${p.name} exited:\n${p.output.slice(-3000)}`).toBeNull();

    // First-start work happened once, whoever did it.
    const db = new pg.Client({ connectionString: url.toString() });
    await db.connect();
    try {
      const users = await db.query<{ username: string; role: string }>('select username, role from users order by id');
      expect(users.rows).toEqual([
        { username: 'admin', role: 'super' },
        { username: 'demo', role: 'user' },
      ]);
      const feedsRows = await db.query<{ n: string }>('select count(*) as n from rss_feeds');
      expect(Number(feedsRows.rows[0]!.n)).toBe(1);

      // A manager adds a feed on one API and asks for its crawl on another.
      const login = await api<{ token: string }>(apis[0]!.port!, 'POST', '/auth/login', {
        username: ADMIN.phone,
        password: ADMIN.password,
      });
      expect(login.code).toBe('200');
      const token = login.result.token;
      const added = await api<{ id: number }>(
        apis[1]!.port!,
        'POST',
        '/reader/rss/feed/add',
        { url: `http://127.0.0.1:${feedPort}/feed.xml` },
        token,
      );
      expect(added.code).toBe('200');
      const crawl = await api<{ task_id: number }>(apis[2]!.port!, 'POST', `/reader/rss/feed/${added.result.id}/crawl`, {}, token);
      expect(crawl.code).toBe('200');
      const taskId = crawl.result.task_id;

      // The crawl is in hand (its fetch hangs); kill the worker holding it.
      await until('the crawl to be in hand', 60_000, async () => feeds.requests() >= 2);
      const held = await db.query<{ locked_by: string; status: string }>('select locked_by, status from tasks where id = $1', [taskId]);
      expect(held.rows[0]!.status).toBe('running');
      const holder = workers.find((w) => held.rows[0]!.locked_by.includes(`:${w.child.pid}:`))!;
      expect(holder).toBeDefined();
      holder.child.kill('SIGKILL');
      const killedAt = Date.now();

      const done = await until('the other worker to finish the crawl', 90_000, async () => {
        const row = await db.query<{ status: string; attempts: number }>('select status, attempts from tasks where id = $1', [taskId]);
        return row.rows[0]!.status === 'done' ? row.rows[0]! : null;
      });
      expect(Date.now() - killedAt).toBeLessThan(90_000);
      expect(done.attempts).toBe(2);
      expect(feeds.requests()).toBe(3);
      const items = await db.query<{ n: string }>('select count(*) as n from rss_items where feed_id = $1', [added.result.id]);
      expect(Number(items.rows[0]!.n)).toBe(1);
      for (const p of procs.filter((p) => p !== holder)) expect(p.child.exitCode, p.name).toBeNull();
    } finally {
      await db.end();
    }
  }, 420_000);
});
