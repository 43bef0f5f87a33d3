import { sql } from 'kysely';
import type { Db } from '../../src/db/client.js';

export type RowCounts = Record<string, number>;

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
