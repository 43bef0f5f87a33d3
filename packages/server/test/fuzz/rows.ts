import { createHash } from 'node:crypto';
import { sql } from 'kysely';
import type { Db } from '../../src/db/client.js';

export type RowCounts = Record<string, number>;
/** Per table: its row count and a digest of every row's contents, so an UPDATE shows too. */
export type TableStates = Record<string, { rows: number; digest: string }>;

/** Every table of the app (not the migrator's own), on either dialect. */
export async function tableNames(db: Db): Promise<string[]> {
  const rows =
    db.dialect === 'sqlite'
      ? await sql<{ name: string }>`select name from sqlite_master where type = 'table' and name not like 'sqlite_%'`.execute(db.kysely)
      : await sql<{ name: string }>`select tablename as name from pg_tables where schemaname = current_schema()`.execute(db.kysely);
  return rows.rows
    .map((r) => r.name)
    .filter((n) => !n.startsWith('kysely_'))
    .sort();
}

/** Row counts of the given tables, in one query. */
export async function countRows(db: Db, tables: readonly string[]): Promise<RowCounts> {
  if (tables.length === 0) return {};
  const parts = tables.map((name) => sql`select ${name} as name, count(*) as n from ${sql.table(name)}`);
  const rows = await sql<{ name: string; n: number | string }>`${sql.join(parts, sql` union all `)}`.execute(db.kysely);
  return Object.fromEntries(rows.rows.map((r) => [r.name, Number(r.n)]));
}

// SQLite has no row-to-text cast: each table's rows are quoted column by column, so the columns
// are read once per table (a test's schema does not change while it runs).
const columnsOf = new WeakMap<Db, Map<string, string[]>>();
const lastStates = new WeakMap<Db, { mark: string; states: TableStates }>();

async function sqliteColumns(db: Db, table: string): Promise<string[]> {
  let known = columnsOf.get(db);
  if (!known) columnsOf.set(db, (known = new Map()));
  let columns = known.get(table);
  if (!columns) {
    const rows = await sql<{ name: string }>`select name from pragma_table_info(${table}) order by cid`.execute(db.kysely);
    known.set(table, (columns = rows.rows.map((r) => r.name)));
  }
  return columns;
}

/**
 * Row counts and contents digests of the given tables, in one query: PostgreSQL digests each
 * table's rows as text (the sum of each row's hash); SQLite answers the rows quoted, sorted,
 * and they are digested here.
 */
export async function tableStates(db: Db, tables: readonly string[]): Promise<TableStates> {
  if (tables.length === 0) return {};
  if (db.dialect === 'postgres') {
    // The snapshot names the next transaction id and those still running: while it stays the
    // same, no transaction anywhere has written or committed, and the last states still hold.
    const mark = await sql<{ snapshot: string }>`select pg_current_snapshot()::text as snapshot`.execute(db.kysely);
    const now = `${mark.rows[0]!.snapshot}:${tables.join(',')}`;
    const last = lastStates.get(db);
    if (last?.mark === now) return last.states;
    const parts = tables.map(
      (name) =>
        // A sum of 60-bit row hashes: order-free, so no sort and no table-sized string.
        sql`select ${name} as name, count(*) as n, coalesce(sum(('x' || substr(md5(t::text), 1, 15))::bit(60)::bigint), 0)::text as digest from ${sql.table(name)} t`,
    );
    const rows = await sql<{ name: string; n: number | string; digest: string }>`${sql.join(parts, sql` union all `)}`.execute(db.kysely);
    const states: TableStates = Object.fromEntries(rows.rows.map((r) => [r.name, { rows: Number(r.n), digest: r.digest }]));
    lastStates.set(db, { mark: now, states });
    return states;
  }
  // Reading every row is the costly part, and the suites mostly ask about a database nothing has
  // written to since they last asked: SQLite tells (this connection's changes, and data_version
  // for commits by any other), so an unchanged database answers the states it had.
  const mark = await sql<{
    changes: number;
    version: number;
  }>`select total_changes() as changes, (select data_version from pragma_data_version) as version`.execute(db.kysely);
  const now = `${mark.rows[0]!.changes}:${mark.rows[0]!.version}:${tables.join(',')}`;
  const last = lastStates.get(db);
  if (last?.mark === now) return last.states;
  const parts = [];
  for (const name of tables) {
    const quoted = (await sqliteColumns(db, name)).map((c) => sql`quote(${sql.ref(c)})`);
    const row = sql.join(quoted, sql` || char(31) || `);
    parts.push(
      sql`select ${name} as name, count(*) as n, coalesce(group_concat(r, char(30)), '') as body from (select ${row} as r from ${sql.table(name)} order by r)`,
    );
  }
  const rows = await sql<{ name: string; n: number; body: string }>`${sql.join(parts, sql` union all `)}`.execute(db.kysely);
  const states: TableStates = Object.fromEntries(
    rows.rows.map((r) => [r.name, { rows: Number(r.n), digest: createHash('sha1').update(r.body).digest('hex') }]),
  );
  lastStates.set(db, { mark: now, states });
  return states;
}

/** The tables whose rows differ, as `table: before → after rows` or `table: rows changed`. */
export function diffStates(before: TableStates, after: TableStates): string[] {
  const names = [...new Set([...Object.keys(before), ...Object.keys(after)])];
  return names.flatMap((n) => {
    const [was, now] = [before[n], after[n]];
    if (was?.rows !== now?.rows) return [`${n}: ${was?.rows ?? 0} → ${now?.rows ?? 0} rows`];
    return was?.digest !== now?.digest ? [`${n}: rows changed`] : [];
  });
}

/** The tables whose counts differ, as `table: before → after`. */
export function diffCounts(before: RowCounts, after: RowCounts): string[] {
  const names = new Set([...Object.keys(before), ...Object.keys(after)]);
  return [...names].filter((n) => before[n] !== after[n]).map((n) => `${n}: ${before[n] ?? 0} → ${after[n] ?? 0}`);
}

/** after − before, per table, leaving out tables that did not change. */
export function deltaCounts(before: RowCounts, after: RowCounts): RowCounts {
  const out: RowCounts = {};
  for (const n of new Set([...Object.keys(before), ...Object.keys(after)])) {
    const d = (after[n] ?? 0) - (before[n] ?? 0);
    if (d !== 0) out[n] = d;
  }
  return out;
}
