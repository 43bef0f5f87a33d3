import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import SQLite from 'better-sqlite3';
import pg from 'pg';
import type { TestProject } from 'vitest/node';
import { openPostgres, openSqlite } from '../src/db/client.js';
import { migrateToLatest } from '../src/db/migrate.js';

declare module 'vitest' {
  export interface ProvidedContext {
    /** A file holding a migrated SQLite database; every test app opens a copy of it in memory. */
    sqliteTemplate: string;
    /** A migrated PostgreSQL database; every test app's database is created from it as template. */
    postgresTemplate: string;
    /** This run's mark in the names of its test databases (`changdu_test_<run>_…`). */
    postgresRun: string;
  }
}

/** Runs `work` on a client of the PostgreSQL server at `url`, and hangs up. */
export async function onServer<T>(url: string, work: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return await work(client);
  } finally {
    await client.end();
  }
}

/** `url` with its database replaced by `name`. */
export function databaseUrl(url: string, name: string): string {
  const u = new URL(url);
  u.pathname = `/${name}`;
  return u.toString();
}

/**
 * Global setup of a server project: the migrations run once per run, into a template, and each
 * test app's database is a copy of it (test-app.ts). Migrating afresh cost each test app ~1 s on
 * PostgreSQL, and hundreds of apps paid it; a copy costs what an empty `create database` does.
 * The migrations themselves are still tested on their own (db/migrations/*.test.ts, startup).
 */
export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  if (project.config.env.TEST_DB !== 'postgres') {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'changdu-template-'));
    const file = path.join(dir, 'migrated.sqlite');
    const db = openSqlite(file);
    await migrateToLatest(db);
    await db.destroy();
    // An in-memory copy cannot keep a write-ahead log: the image is stored in rollback-journal mode.
    const plain = new SQLite(file);
    plain.pragma('journal_mode = DELETE');
    plain.close();
    project.provide('sqliteTemplate', file);
    return async () => fs.rmSync(dir, { recursive: true, force: true });
  }
  const url = project.config.env.TEST_DATABASE_URL!;
  const run = randomBytes(4).toString('hex');
  const name = `changdu_template_${run}`;
  await onServer(url, (c) => c.query(`create database ${name}`));
  const db = openPostgres(databaseUrl(url, name), { poolSize: 1 });
  try {
    await migrateToLatest(db);
  } finally {
    // A template must have no open connection while databases are created from it.
    await db.destroy();
  }
  project.provide('postgresTemplate', name);
  project.provide('postgresRun', run);
  return () =>
    onServer(url, async (c) => {
      // Test apps drop their own databases; a worker that died leaves its databases to this sweep.
      const { rows } = await c.query<{ datname: string }>('select datname from pg_database where datname like $1', [`changdu_test_${run}_%`]);
      for (const { datname } of rows) await c.query(`drop database if exists ${datname} with (force)`);
      await c.query(`drop database if exists ${name} with (force)`);
      if (rows.length > 0) console.warn(`dropped ${rows.length} test databases left behind: ${rows.map((r) => r.datname).join(', ')}`);
    });
}
