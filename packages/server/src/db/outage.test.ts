import { sql } from 'kysely';
import pg from 'pg';
import { afterEach, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/test-app.js';
import { DatabaseUnavailable, isDatabaseUnavailable, isUniqueViolation } from './client.js';

const onPostgres = process.env.TEST_DB === 'postgres';
if (!onPostgres) console.warn('db/outage.test.ts: the connection-loss cases run in the server:postgres project only');

let t: TestApp | null = null;
afterEach(async () => {
  await t?.close();
  t = null;
});

/** Runs SQL as an administrator on the server the test database lives on. */
async function asAdmin<T>(work: (admin: pg.Client) => Promise<T>): Promise<T> {
  const admin = new pg.Client({ connectionString: process.env.TEST_DATABASE_URL });
  await admin.connect();
  try {
    return await work(admin);
  } finally {
    await admin.end();
  }
}

async function databaseName(app: TestApp): Promise<string> {
  const { rows } = await sql<{ name: string }>`select current_database() as name`.execute(app.db.kysely);
  return rows[0]!.name;
}

function terminateBackends(name: string) {
  return asAdmin((admin) =>
    admin.query('select pg_terminate_backend(pid) from pg_stat_activity where datname = $1 and pid <> pg_backend_pid()', [name]),
  );
}

describe.skipIf(!onPostgres)('the server when PostgreSQL drops its connections', () => {
  it('keeps answering after every backend is terminated: a 503 at worst, then success', async () => {
    t = await createTestApp();
    // Fill the pool with idle connections, the state an administrator's terminate finds.
    await Promise.all([1, 2, 3, 4].map(() => t!.call('article.list', {})));
    const name = await databaseName(t);

    await terminateBackends(name);

    const codes: string[] = [];
    for (let i = 0; i < 10; i++) {
      const res = await t.call('article.list', {});
      codes.push(res.code);
      if (res.code === '200') break;
      expect(res.code).toBe('503');
      expect(res.msg).toBe('服务暂时不可用，请稍后再试');
    }
    expect(codes.at(-1)).toBe('200');
    // A write works on the new connections too.
    const user = await t.createUser();
    expect((await t.call('user.me', {}, { token: user.token })).result?.username).toBe(user.user.username);
  });

  it('answers 503 in the envelope while the database refuses connections, and recovers after', async () => {
    t = await createTestApp();
    const name = await databaseName(t);
    await asAdmin((admin) => admin.query(`alter database ${name} allow_connections false`));
    try {
      await terminateBackends(name);
      const during = await t.call('article.list', {});
      expect(during.http).toBe(503);
      expect(during.code).toBe('503');
      expect(during.raw).not.toMatch(/at .*\.ts|stack/i);
    } finally {
      await asAdmin((admin) => admin.query(`alter database ${name} allow_connections true`));
    }
    const after = await t.call('article.list', {});
    expect(after.code).toBe('200');
  });
});

describe('telling an outage from a bug', () => {
  it('classifies connection failures as unavailable and everything else as not', () => {
    expect(isDatabaseUnavailable(Object.assign(new Error('terminating connection due to administrator command'), { code: '57P01' }))).toBe(
      true,
    );
    expect(isDatabaseUnavailable(Object.assign(new Error('connect ECONNREFUSED 127.0.0.1:5432'), { code: 'ECONNREFUSED' }))).toBe(true);
    expect(isDatabaseUnavailable(new Error('Connection terminated unexpectedly'))).toBe(true);
    expect(isDatabaseUnavailable(Object.assign(new Error('duplicate key'), { code: '23505' }))).toBe(false);
    expect(isDatabaseUnavailable(new TypeError('x is undefined'))).toBe(false);
    expect(isDatabaseUnavailable(null)).toBe(false);
  });

  // A sign-up or a rename that meets an outage must answer 503, not "this phone is already
  // registered" (the services turn a unique violation into that 409).
  it('never takes an outage for a unique violation, nor a unique violation for an outage', () => {
    const refused = Object.assign(new Error('connect ECONNREFUSED 127.0.0.1:5432'), { code: 'ECONNREFUSED' });
    expect(isUniqueViolation(new DatabaseUnavailable(refused))).toBe(false);
    expect(isUniqueViolation(refused)).toBe(false);
    expect(isUniqueViolation(Object.assign(new Error('duplicate key'), { code: '23505' }))).toBe(true);
    expect(isUniqueViolation(Object.assign(new Error('UNIQUE constraint failed'), { code: 'SQLITE_CONSTRAINT_UNIQUE' }))).toBe(true);
    expect(isDatabaseUnavailable(new DatabaseUnavailable(refused))).toBe(true);
  });
});
