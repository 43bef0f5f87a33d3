import fs from 'node:fs';
import path from 'node:path';
import SQLite from 'better-sqlite3';
import { AsyncLocalStorage } from 'node:async_hooks';
import {
  Kysely,
  PostgresDialect,
  SqliteDialect,
  sql,
  type PostgresPool,
  type PostgresPoolClient,
  type PostgresQueryResult,
  type Transaction,
} from 'kysely';
import { loadPg } from './pg.js';
import type { Database } from './schema.js';

export type Dialect = 'sqlite' | 'postgres';

export interface Db {
  /** The query builder; inside `transaction()` it is that transaction's, wherever it is read. */
  readonly kysely: Kysely<Database>;
  readonly dialect: Dialect;
  /** PostgreSQL's pool right now (for /metrics); SQLite has one connection and no pool, so none. */
  readonly poolStats?: () => PoolStats;
  destroy(): Promise<void>;
}

/** Connections of a PostgreSQL pool: checked out, idle, and checkouts waiting for one. */
export interface PoolStats {
  readonly used: number;
  readonly idle: number;
  readonly waiting: number;
  readonly max: number;
}

interface OpenTransaction {
  root: Kysely<Database>;
  trx: Transaction<Database>;
  /** Effects that may only be seen once the work is committed (`afterCommit`). */
  committed: (() => void)[];
}

// The transaction a piece of work runs in, carried with its async context: repos read
// `db.kysely` and so write inside it without being handed a transaction, and one module's
// service can call another's inside the same transaction.
const current = new AsyncLocalStorage<OpenTransaction>();

/** A Db whose `kysely` resolves to the open transaction of the calling async context, if any. */
function contextualDb(root: Kysely<Database>, dialect: Dialect, poolStats?: () => PoolStats): Db {
  return {
    get kysely() {
      const open = current.getStore();
      return open?.root === root ? open.trx : root;
    },
    dialect,
    ...(poolStats ? { poolStats } : {}),
    destroy: () => root.destroy(),
  };
}

/**
 * Runs `work` in one transaction on either dialect: every repo built on `db` writes inside
 * it until `work` settles, and it commits only if `work` resolves. A call inside an open
 * transaction joins it, so services compose without knowing which is outermost.
 * `work` receives `db` itself (handy for building repos inline); it must not leave queries
 * running after it settles, since they would find the transaction closed.
 */
export async function transaction<T>(db: Db, work: (tx: Db) => Promise<T>): Promise<T> {
  const open = current.getStore();
  if (open && db.kysely === open.trx) return work(db);
  outermost++;
  const committed: (() => void)[] = [];
  try {
    const result = await db.kysely.transaction().execute((trx) => current.run({ root: db.kysely, trx, committed }, () => work(db)));
    for (const effect of committed) effect();
    return result;
  } finally {
    // Once enabled, the store installs a promise hook that runs for every promise of the process
    // (every read too): it is switched off again while no transaction is open, and `run` turns it
    // back on. Under load on the word lookup (reads only) the hook was 1.7 % of the CPU profile.
    if (--outermost === 0) current.disable();
  }
}

/**
 * Runs `effect` once what the calling context wrote is visible to others: at once outside a
 * transaction, after the outermost commit inside one, never if it rolls back. For telling other
 * workers and processes about a row (a queued task): told before the commit, a worker on another
 * connection looks, finds nothing, and waits for its next poll.
 */
export function afterCommit(db: Db, effect: () => void): void {
  const open = current.getStore();
  if (open && db.kysely === open.trx) open.committed.push(effect);
  else effect();
}

/** Transactions open right now (outermost ones; a nested call joins its caller's). */
let outermost = 0;

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

/** How hard a SQLite commit waits for the disk (config SQLITE_SYNCHRONOUS). */
export type SqliteSynchronous = 'NORMAL' | 'FULL';

/**
 * Opens SQLite (a file, `:memory:`, or an in-memory copy of a database image such as a file's
 * bytes) with WAL (files only) and foreign keys on. Under WAL, `NORMAL` writes each commit to the
 * log without waiting for the disk (the log is synced at checkpoints): a killed process loses no
 * committed write, a power loss may undo the last ones, never half of one; `FULL` syncs every
 * commit (docs/decisions.md "SQLite commits").
 */
export function openSqlite(file: string | Buffer, synchronous: SqliteSynchronous = 'NORMAL'): Db {
  if (typeof file === 'string' && file !== ':memory:') fs.mkdirSync(path.dirname(file), { recursive: true });
  const database = new SQLite(file);
  database.pragma('journal_mode = WAL');
  database.pragma('foreign_keys = ON');
  database.pragma('busy_timeout = 5000');
  database.pragma(`synchronous = ${synchronous}`);
  return contextualDb(new Kysely<Database>({ dialect: new SqliteDialect({ database: withStatementCache(database) }) }), 'sqlite');
}

/** Answers once the database runs a query (a health check's round trip; it touches no table). */
export async function ping(db: Db): Promise<void> {
  await sql`select 1`.execute(db.kysely);
}

/** PostgreSQL pool settings (config: DB_POOL_SIZE, DB_STATEMENT_TIMEOUT_MS, DB_IDLE_TIMEOUT_MS); 0 turns a timeout off. */
export interface PoolSettings {
  readonly poolSize: number;
  readonly statementTimeoutMs: number;
  readonly idleTimeoutMs: number;
}

export interface DbLogger {
  warn(obj: object, msg: string): void;
}

const quietLogger: DbLogger = { warn: () => undefined };

/**
 * A PostgreSQL pool that survives its server: when PostgreSQL restarts, fails over or an
 * administrator terminates backends, a client's socket error is emitted as an 'error' event.
 * Unheard, that event ends the process; heard, the dead client is dropped (pg-pool removes a
 * client that is no longer queryable when it is released), the next checkout connects anew,
 * and the failed request answers 503 (`isDatabaseUnavailable`).
 */
export function openPostgres(url: string, settings: Partial<PoolSettings> = {}, log: DbLogger = quietLogger): Db {
  const pg = loadPg();
  const { poolSize = 10, statementTimeoutMs = 0, idleTimeoutMs = 10_000 } = settings;
  const pool = new pg.Pool({
    connectionString: url,
    max: poolSize,
    connectionTimeoutMillis: 10_000,
    idleTimeoutMillis: idleTimeoutMs,
    // Set per connection by the server, so one runaway query cannot hold a connection for ever (0: no limit).
    ...(statementTimeoutMs > 0 ? { statement_timeout: statementTimeoutMs } : {}),
  });
  pool.on('error', (err) => log.warn({ err }, 'idle PostgreSQL connection lost; it will be replaced'));
  // The pool listens on idle clients only; a client checked out by a request (or held by a
  // transaction) needs its own listener, or a termination mid-request crashes the process.
  pool.on('connect', (client) => client.on('error', (err) => log.warn({ err }, 'PostgreSQL connection lost during use')));
  // Any failure to get a connection (server down, starting, refusing this database, pool
  // exhausted past its timeout) is an outage, whatever SQLSTATE the server chose for it.
  const nameOf = statementNames();
  const checkout: PostgresPool = {
    connect: async () => {
      const client = await pool.connect().catch((cause: unknown) => {
        throw new DatabaseUnavailable(cause);
      });
      // Kysely sends every statement as its text; a named one is parsed and planned once per
      // connection and only bound and run after that (node-postgres keeps which it prepared).
      let inTransaction = false;
      let stalePlan = false;
      async function query<R>(text: string, values: readonly unknown[]): Promise<PostgresQueryResult<R>> {
        if (TRANSACTION_START.test(text)) inTransaction = true;
        else if (TRANSACTION_END.test(text)) inTransaction = false;
        const name = nameOf(text, values);
        const params = values as unknown[];
        // node-postgres's result is the one Kysely reads (its `command` typed as any string).
        type Result = PostgresQueryResult<R>;
        if (!name) return (await client.query(text, params)) as unknown as Result;
        try {
          return (await client.query({ name, text, values: params })) as unknown as Result;
        } catch (err) {
          // A migration by a newer process changed what a prepared `select *` returns: this
          // connection's plans are stale. It is closed when released; outside a transaction the
          // statement (refused before it ran) is run once more, unprepared.
          if (!isStalePlan(err)) throw err;
          stalePlan = true;
          if (inTransaction) throw err;
          return (await client.query(text, params)) as unknown as Result;
        }
      }
      return { query, release: (err?: Error | boolean) => client.release(err ?? stalePlan) } as PostgresPoolClient;
    },
    end: () => pool.end(),
  };
  const poolStats = (): PoolStats => ({
    used: pool.totalCount - pool.idleCount,
    idle: pool.idleCount,
    waiting: pool.waitingCount,
    max: poolSize,
  });
  return contextualDb(new Kysely<Database>({ dialect: new PostgresDialect({ pool: checkout }) }), 'postgres', poolStats);
}

const TRANSACTION_START = /^(begin|start transaction)\b/i;
const TRANSACTION_END = /^(commit|rollback)$/i;

/** PostgreSQL refusing a prepared statement whose result columns a schema change altered (SQLSTATE 0A000). */
function isStalePlan(err: unknown): boolean {
  const e = err as { code?: unknown; message?: unknown } | null;
  return e?.code === '0A000' && typeof e.message === 'string' && e.message.includes('cached plan must not change result type');
}

/** Distinct statements a PostgreSQL connection keeps prepared: the app's own are a few hundred. */
const NAMED_STATEMENTS = 500;

/**
 * The name a statement is prepared under, the same on every connection: statements with values
 * only (transaction control and the migrations' DDL are not prepared), and only the first
 * `NAMED_STATEMENTS` texts, so a statement built with a varying shape (an `in` list) cannot make
 * the server keep an unbounded number per connection.
 */
function statementNames(): (text: string, values: readonly unknown[]) => string | undefined {
  const names = new Map<string, string>();
  return (text, values) => {
    if (values.length === 0) return undefined;
    let name = names.get(text);
    if (name === undefined && names.size < NAMED_STATEMENTS) {
      name = `changdu_${names.size}`;
      names.set(text, name);
    }
    return name;
  };
}

/** The database could not be reached; `cause` is the driver's error. */
export class DatabaseUnavailable extends Error {
  constructor(cause: unknown) {
    super('database unavailable', { cause });
  }
}

export function openDb(
  database: { kind: 'sqlite'; file: string; synchronous?: SqliteSynchronous } | ({ kind: 'postgres'; url: string } & Partial<PoolSettings>),
  log?: DbLogger,
): Db {
  return database.kind === 'sqlite' ? openSqlite(database.file, database.synchronous) : openPostgres(database.url, database, log);
}

// SQLSTATE classes and codes that mean "the database is not reachable right now", not "this
// request is wrong": connection exceptions (08…), operator intervention (57P01–57P03, 57P05),
// and too many connections (53300).
const UNAVAILABLE_SQLSTATE = /^(08\d{3}|57P0[1235]|53300)$/;
const UNAVAILABLE_ERRNO = new Set(['ECONNREFUSED', 'ECONNRESET', 'ETIMEDOUT', 'EPIPE', 'ENOTFOUND', 'EAI_AGAIN', 'SQLITE_BUSY']);
const UNAVAILABLE_MESSAGE = /Connection terminated|not queryable|timeout exceeded when trying to connect|Connection ended unexpectedly/;

/** True when an error means the database is down or unreachable (answer 503 and retry later). */
export function isDatabaseUnavailable(error: unknown): boolean {
  if (typeof error !== 'object' || error === null) return false;
  if (error instanceof DatabaseUnavailable) return true;
  const code = (error as { code?: unknown }).code;
  if (typeof code === 'string' && (UNAVAILABLE_SQLSTATE.test(code) || UNAVAILABLE_ERRNO.has(code))) return true;
  if (error instanceof AggregateError) return error.errors.some(isDatabaseUnavailable);
  const message = (error as { message?: unknown }).message;
  return typeof message === 'string' && UNAVAILABLE_MESSAGE.test(message);
}

/** True when an error is a unique-constraint violation on either dialect. */
export function isUniqueViolation(error: unknown): boolean {
  if (typeof error !== 'object' || error === null) return false;
  const code = (error as { code?: unknown }).code;
  return code === '23505' || code === 'SQLITE_CONSTRAINT_UNIQUE' || code === 'SQLITE_CONSTRAINT_PRIMARYKEY';
}
