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
  /** True for the handle `transaction()` passes in: nested calls join it instead of opening another. */
  readonly inTransaction?: boolean;
  destroy(): Promise<void>;
}

/**
 * Runs `work` in one transaction on either dialect; repos built on the handle it passes in
 * write inside it. Called on a handle already in a transaction, it joins that one, so a
 * service can compose other services' writes without knowing whether it is the outermost.
 */
export async function transaction<T>(db: Db, work: (tx: Db) => Promise<T>): Promise<T> {
  if (db.inTransaction) return work(db);
  return db.kysely.transaction().execute((trx) =>
    work({
      kysely: trx,
      dialect: db.dialect,
      inTransaction: true,
      destroy: () => Promise.reject(new Error('a transaction handle cannot be destroyed')),
    }),
  );
}

// PostgreSQL answers bigints as strings and timestamps as Dates; the app works with
// numbers and ISO strings, the same values SQLite gives back.
pg.types.setTypeParser(pg.types.builtins.INT8, (v) => Number(v));
pg.types.setTypeParser(pg.types.builtins.TIMESTAMPTZ, (v) => new Date(v).toISOString());

const STATEMENT_CACHE = 500;

/**
 * better-sqlite3 with prepared statements reused by SQL text. Kysely's SQLite driver prepares
 * every query afresh, which was the largest cost of a simple read (bench/); a statement is
 * reusable as long as the connection lives.
 */
function withStatementCache(database: SQLite.Database) {
  const cache = new Map<string, SQLite.Statement>();
  return {
    close: () => database.close(),
    prepare(sql: string) {
      let statement = cache.get(sql);
      if (!statement) {
        statement = database.prepare(sql);
        if (cache.size >= STATEMENT_CACHE) cache.delete(cache.keys().next().value!);
        cache.set(sql, statement);
      }
      return statement;
    },
  };
}

/** Opens SQLite (a file, or `:memory:`) with WAL and foreign keys on. */
export function openSqlite(file: string): Db {
  if (file !== ':memory:') fs.mkdirSync(path.dirname(file), { recursive: true });
  const database = new SQLite(file);
  database.pragma('journal_mode = WAL');
  database.pragma('foreign_keys = ON');
  database.pragma('busy_timeout = 5000');
  const kysely = new Kysely<Database>({ dialect: new SqliteDialect({ database: withStatementCache(database) }) });
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
