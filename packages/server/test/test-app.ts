import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { endpoints, requestParts, type EndpointName, type Envelope, type Endpoints, type InputOf, type OutputOf } from '@changdu/contract';
import type { FastifyInstance } from 'fastify';
import { inject } from 'vitest';
import { buildApp } from '../src/app.js';
import { loadConfig } from '../src/config.js';
import { openPostgres, openSqlite, type Db } from '../src/db/client.js';
import { ManualClock } from '../src/lib/clock.js';
import { openEcdict, type Ecdict } from '../src/modules/dictionary/ecdict.js';
import { hashPassword } from '../src/modules/auth/passwords.js';
import { usersRepo, type UserRow } from '../src/modules/users/users.repo.js';
import type { SmsProvider } from '../src/providers/sms/sms.provider.js';
import { atFileEnd } from './file-end.js';
import { databaseUrl, onServer } from './template-db.js';

/**
 * A fresh, migrated database for one test app: an in-memory copy of the run's migrated SQLite
 * image, or a new PostgreSQL database created from the run's migrated template (template-db.ts).
 */
async function freshDb(): Promise<{ db: Db; drop: () => Promise<void> }> {
  if (process.env.TEST_DB !== 'postgres') {
    sqliteImage ??= fs.readFileSync(inject('sqliteTemplate'));
    const db = openSqlite(sqliteImage);
    return { db, drop: () => db.destroy() };
  }
  const adminUrl = process.env.TEST_DATABASE_URL!;
  // Creating and dropping a PostgreSQL database take ~0.5 s each, mostly waiting on the server:
  // from a file's second app on, the next app's database is created while this one's tests run,
  // and a closed app's database is dropped in the background (awaited at the end of the file).
  const name = await (spare ?? createDatabase(adminUrl));
  spare = undefined;
  databasesMade += 1;
  if (databasesMade === 1) {
    atFileEnd(async () => {
      const unused = spare;
      spare = undefined;
      databasesMade = 0;
      if (unused) await dropDatabase(adminUrl, await unused);
    });
  }
  if (databasesMade >= 2) {
    spare = createDatabase(adminUrl);
    // Seen now as well, so a failure is not an unhandled rejection before it is awaited.
    spare.catch(() => undefined);
  }
  const db = openPostgres(databaseUrl(adminUrl, name), { poolSize: 4 });
  return {
    db,
    drop: async () => {
      await db.destroy();
      const dropping = dropDatabase(adminUrl, name);
      // Seen now as well, so a failure is not an unhandled rejection before the file ends.
      dropping.catch(() => undefined);
      atFileEnd(() => dropping);
    },
  };
}

/** The migrated SQLite image, read once per test file. */
let sqliteImage: Buffer | undefined;
/** A PostgreSQL database made ahead for the file's next test app. */
let spare: Promise<string> | undefined;
/** PostgreSQL databases made for the current test file's apps. */
let databasesMade = 0;

async function createDatabase(adminUrl: string): Promise<string> {
  const name = `changdu_test_${inject('postgresRun')}_${randomBytes(6).toString('hex')}`;
  await onServer(adminUrl, (c) => c.query(`create database ${name} template ${inject('postgresTemplate')}`));
  return name;
}

async function dropDatabase(adminUrl: string, name: string): Promise<void> {
  await onServer(adminUrl, (c) => c.query(`drop database if exists ${name} with (force)`));
}

/** A recording SMS provider; `delivers` decides whether registration needs codes. */
export function fakeSms(delivers = true) {
  const sent: { phone: string; stype: string; text: string }[] = [];
  const provider: SmsProvider = {
    name: 'fake',
    delivers,
    async send(message) {
      sent.push(message);
    },
  };
  return {
    provider,
    sent,
    /** The code in the newest message to `phone`. */
    lastCode(phone: string): string {
      const message = [...sent].reverse().find((m) => m.phone === phone);
      const code = message?.text.match(/\d{6}/)?.[0];
      if (!code) throw new Error(`no SMS code was sent to ${phone}`);
      return code;
    },
  };
}

export interface CallOptions {
  token?: string | null;
  headers?: Record<string, string>;
}

export interface CallResult<T> {
  http: number;
  body: Envelope<T>;
  code: string;
  msg: string;
  result: T | null;
  headers: Record<string, unknown>;
  raw: string;
}

export interface TestApp {
  app: FastifyInstance;
  db: Db;
  clock: ManualClock;
  sms: ReturnType<typeof fakeSms>;
  /** DATA_DIR: local storage keeps files under `files/<key>` in it. */
  dataDir: string;
  /** Calls an endpoint of the contract by name, the way the web client does. */
  call<N extends EndpointName>(name: N, input?: InputOf<Endpoints[N]>, options?: CallOptions): Promise<CallResult<OutputOf<Endpoints[N]>>>;
  /** A user with a live token. */
  createUser(options?: {
    role?: UserRow['role'];
    phone?: string;
    username?: string;
    password?: string;
  }): Promise<{ user: UserRow; token: string; password: string }>;
  close(): Promise<void>;
}

let serial = 0;
let sharedDict: Ecdict | null = null;

/** One read-only dictionary for every test app of a test file. */
export function testDict(): Ecdict {
  sharedDict ??= openEcdict();
  return sharedDict;
}

export interface TestAppOptions {
  env?: Record<string, string>;
  smsDelivers?: boolean;
  logStream?: { write(line: string): void };
}

export async function createTestApp(options: TestAppOptions = {}): Promise<TestApp> {
  const { db, drop } = await freshDb();
  return appOn({ db, clock: new ManualClock(), drop }, options);
}

/**
 * Another app on the database (and clock) of `t`, as a second API process of one deployment
 * is: its own caches, buffers and event bus (give both a `REDIS_URL` to share one). Closing it
 * leaves the database to `t`.
 */
export function createSiblingApp(t: TestApp, options: TestAppOptions = {}): Promise<TestApp> {
  return appOn({ db: t.db, clock: t.clock, drop: async () => undefined }, options);
}

async function appOn(
  { db, clock, drop }: { db: Db; clock: ManualClock; drop: () => Promise<void> },
  options: TestAppOptions,
): Promise<TestApp> {
  const sms = fakeSms(options.smsDelivers ?? true);
  const files = fs.mkdtempSync(path.join(os.tmpdir(), 'changdu-files-'));
  const config = loadConfig({
    NODE_ENV: 'test',
    LOG_LEVEL: process.env.TEST_LOG_LEVEL ?? 'silent',
    RATE_LIMIT: 'false',
    SEED_DEMO: 'false',
    // Hashing at OWASP's cost (~0.4 s) for every test user would slow the suite tenfold; the cost
    // is a setting, and tests of hashing itself set it back.
    PASSWORD_HASH_COST: '10',
    // Looked-up words are written when read and at close, never by the timer: a write at a moment
    // of its own would be put down to whatever request a test makes then ("refused requests change nothing").
    LOOKUP_FLUSH_SECONDS: '3600',
    DATA_DIR: files,
    ...options.env,
  });
  const app = await buildApp({ config, db, clock, sms: sms.provider, dict: testDict(), logStream: options.logStream });

  const call: TestApp['call'] = async (name, input, callOptions = {}) => {
    const ep = endpoints[name];
    const parts = requestParts(ep, (input ?? {}) as Record<string, unknown>);
    const headers: Record<string, string> = { ...callOptions.headers };
    if (callOptions.token) headers.authorization = `Bearer ${callOptions.token}`;
    const query = Object.fromEntries(
      Object.entries(parts.query)
        .filter(([, v]) => v !== undefined)
        .map(([k, v]) => [k, String(v)]),
    );
    const response = await app.inject({ method: ep.method, url: parts.url, headers, query, ...(parts.body ? { payload: parts.body } : {}) });
    const raw = response.body;
    const isEnvelope = response.headers['content-type']?.toString().includes('json') && (!ep.produces || response.statusCode !== 200);
    const body = (
      isEnvelope ? JSON.parse(raw) : { status: { code: String(response.statusCode), msg: '' }, result: raw }
    ) as Envelope<never>;
    return {
      http: response.statusCode,
      body,
      code: body.status.code,
      msg: body.status.msg,
      result: body.result,
      headers: response.headers,
      raw,
    };
  };

  const createUser: TestApp['createUser'] = async (o = {}) => {
    serial += 1;
    const password = o.password ?? 'secret123';
    const user = await usersRepo(db).insert({
      phone: o.phone ?? `139${String(10_000_000 + serial * 7919).slice(-8)}`,
      username: o.username ?? `reader_${serial}_${randomBytes(2).toString('hex')}`,
      password_hash: await hashPassword(password, config.auth.passwordHashCost),
      role: o.role ?? 'user',
      now: clock.now().toISOString(),
    });
    const login = await call('auth.login', { username: user.username, password });
    if (!login.result) throw new Error(`test user could not log in: ${login.msg}`);
    return { user, token: login.result.token, password };
  };

  return {
    app,
    db,
    clock,
    sms,
    dataDir: files,
    call,
    createUser,
    async close() {
      await app.close();
      await drop();
      fs.rmSync(files, { recursive: true, force: true });
    },
  };
}
