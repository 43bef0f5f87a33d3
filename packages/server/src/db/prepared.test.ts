import { sql } from 'kysely';
import pg from 'pg';
import { afterEach, describe, expect, it } from 'vitest';
import { openPostgres, transaction, type Db } from './client.js';

const onPostgres = process.env.TEST_DB === 'postgres';
if (!onPostgres)
  console.warn('db/prepared.test.ts: prepared statements are PostgreSQL’s; these cases run in the server:postgres project only');

let db: Db | null = null;
afterEach(async () => {
  await db?.kysely.destroy();
  db = null;
});

/** One connection, so every statement below meets the same session's prepared statements. */
const oneConnection = () => (db = openPostgres(process.env.TEST_DATABASE_URL!, { poolSize: 1 }));

interface Prepared {
  statement: string;
  runs: number;
}

async function prepared(on: Db): Promise<Prepared[]> {
  // Asked with a value, as the app's statements are (this one is prepared too, and listed).
  const { rows } = await sql<Prepared>`
    select statement, (generic_plans + custom_plans)::int as runs
    from pg_prepared_statements where name like ${'changdu\\_%'}`.execute(on.kysely);
  return rows;
}

describe.skipIf(!onPostgres)('statements PostgreSQL prepares once per connection', () => {
  it('parses a statement with values once and runs it again by name', async () => {
    const on = oneConnection();
    for (const n of [1, 2, 3]) {
      const { rows } = await sql<{ x: number }>`select ${n}::int + 1 as x`.execute(on.kysely);
      expect(rows[0]!.x).toBe(n + 1);
    }
    const list = await prepared(on);
    const mine = list.filter((p) => p.statement.includes('+ 1 as x'));
    expect(mine).toHaveLength(1);
    expect(mine[0]!.runs).toBe(3);
  });

  it('leaves statements without values (transaction control, DDL) unprepared', async () => {
    const on = oneConnection();
    await transaction(on, async (tx) => {
      await sql`select 41 + 1 as answer`.execute(tx.kysely);
    });
    const list = await prepared(on);
    expect(list.some((p) => /41 \+ 1|^begin|^commit/i.test(p.statement))).toBe(false);
  });

  it('prepares no more than 500 distinct statements, and still runs the ones past them', async () => {
    const on = oneConnection();
    for (let i = 0; i < 520; i++) {
      const { rows } = await sql<{ v: number }>`select ${i}::int as ${sql.ref(`v${i}`)}`.execute(on.kysely);
      expect(Object.values(rows[0]!)[0]).toBe(i);
    }
    expect((await prepared(on)).length).toBeLessThanOrEqual(500);
  });

  it('answers through a schema change that alters a prepared statement’s columns, then drops the stale connection', async () => {
    const table = `prepared_case_${process.pid}`;
    const admin = new pg.Client({ connectionString: process.env.TEST_DATABASE_URL });
    await admin.connect();
    try {
      await admin.query(`create table ${table} (a int)`);
      await admin.query(`insert into ${table} values (1)`);
      const on = oneConnection();
      const read = (at: Db = on) => sql<Record<string, number>>`select * from ${sql.table(table)} where a = ${1}`.execute(at.kysely);
      expect((await read()).rows).toEqual([{ a: 1 }]);
      await admin.query(`alter table ${table} add column b int not null default 7`);
      // Outside a transaction: run again, unprepared, with the new column.
      expect((await read()).rows).toEqual([{ a: 1, b: 7 }]);
      // That connection was closed when released: the next one prepares afresh, in a transaction too.
      await admin.query(`alter table ${table} add column c int not null default 8`);
      await expect(transaction(on, (tx) => read(tx))).resolves.toMatchObject({ rows: [{ a: 1, b: 7, c: 8 }] });
    } finally {
      await admin.query(`drop table if exists ${table}`);
      await admin.end();
    }
  });
});
