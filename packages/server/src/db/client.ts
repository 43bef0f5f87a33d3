import fs from 'node:fs';
import path from 'node:path';
import SQLite from 'better-sqlite3';
import { Kysely, PostgresDialect, SqliteDialect } from 'kysely';
import pg from 'pg';
import type { Database } from './schema.js';

export type Dialect = 'sqlite' | 'postgres';

export interface Db {
  readonly kysely: Kysely<Database>;
  readonly dialect: Dialect;
  destroy(): Promise<void>;
}

// PostgreSQL answers bigints as strings and timestamps as Dates; the app works with
// numbers and ISO strings, the same values SQLite gives back.
pg.types.setTypeParser(pg.types.builtins.INT8, (v) => Number(v));
pg.types.setTypeParser(pg.types.builtins.TIMESTAMPTZ, (v) => new Date(v).toISOString());

/** Opens SQLite (a file, or `:memory:`) with WAL and foreign keys on. */
export function openSqlite(file: string): Db {
  if (file !== ':memory:') fs.mkdirSync(path.dirname(file), { recursive: true });
  const database = new SQLite(file);
  database.pragma('journal_mode = WAL');
  database.pragma('foreign_keys = ON');
  database.pragma('busy_timeout = 5000');
  const kysely = new Kysely<Database>({ dialect: new SqliteDialect({ database }) });
  return { kysely, dialect: 'sqlite', destroy: () => kysely.destroy() };
}

export function openPostgres(url: string, poolSize = 10): Db {
  const pool = new pg.Pool({ connectionString: url, max: poolSize });
  const kysely = new Kysely<Database>({ dialect: new PostgresDialect({ pool }) });
  return { kysely, dialect: 'postgres', destroy: () => kysely.destroy() };
}

export function openDb(database: { kind: 'sqlite'; file: string } | { kind: 'postgres'; url: string }): Db {
  return database.kind === 'sqlite' ? openSqlite(database.file) : openPostgres(database.url);
}

/** True when an error is a unique-constraint violation on either dialect. */
export function isUniqueViolation(error: unknown): boolean {
  if (typeof error !== 'object' || error === null) return false;
  const code = (error as { code?: unknown }).code;
  return code === '23505' || code === 'SQLITE_CONSTRAINT_UNIQUE' || code === 'SQLITE_CONSTRAINT_PRIMARYKEY';
}
