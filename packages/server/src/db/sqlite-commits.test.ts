import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'kysely';
import { afterEach, describe, expect, it } from 'vitest';
import { openSqlite, type Db } from './client.js';

const opened: Db[] = [];
const dirs: string[] = [];
afterEach(async () => {
  for (const db of opened.splice(0)) await db.kysely.destroy();
  for (const dir of dirs.splice(0)) fs.rmSync(dir, { recursive: true, force: true });
});

async function pragma(db: Db, name: 'synchronous' | 'journal_mode'): Promise<unknown> {
  const { rows } = await sql<Record<string, unknown>>`select * from ${sql.raw(`pragma_${name}`)}`.execute(db.kysely);
  return Object.values(rows[0]!)[0];
}

function fileDb(...args: Parameters<typeof openSqlite> extends [unknown, ...infer R] ? R : never) {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'changdu-commits-'));
  dirs.push(dir);
  const db = openSqlite(path.join(dir, 'db.sqlite'), ...args);
  opened.push(db);
  return db;
}

describe('SQLite commits (docs/decisions.md "SQLite commits")', () => {
  it('writes ahead to a log and commits without waiting for the disk by default', async () => {
    const db = fileDb();
    expect(await pragma(db, 'journal_mode')).toBe('wal');
    // 1 is NORMAL: the log is synced at checkpoints.
    expect(await pragma(db, 'synchronous')).toBe(1);
  });

  it('waits for the disk at every commit when told FULL', async () => {
    expect(await pragma(fileDb('FULL'), 'synchronous')).toBe(2);
  });
});
