import { sql } from 'kysely';
import { afterEach, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/test-app.js';
import { afterCommit, transaction } from './client.js';

let t: TestApp | null = null;
afterEach(async () => {
  await t?.close();
  t = null;
});

// A table of the test's own, so the cases depend on no module's schema.
async function appWithProbe(): Promise<TestApp> {
  const app = await createTestApp();
  await sql`create table tx_probe (id text primary key)`.execute(app.db.kysely);
  return app;
}

const probeCount = async (t: TestApp) =>
  Number((await sql<{ n: number }>`select count(*) as n from tx_probe`.execute(t.db.kysely)).rows[0]!.n);

const insertProbe = (t: TestApp, id: string) => sql`insert into tx_probe (id) values (${id})`.execute(t.db.kysely);

describe('transaction()', () => {
  it('runs an after-commit effect once the outermost transaction commits, with the write visible to it', async () => {
    t = await appWithProbe();
    const seen: number[] = [];
    const effect = () => void probeCount(t!).then((n) => seen.push(n));
    await transaction(t.db, async () => {
      await insertProbe(t!, 'a'.repeat(32));
      await transaction(t!.db, async () => afterCommit(t!.db, effect));
      expect(seen).toEqual([]);
    });
    await expect.poll(() => seen).toEqual([1]);
    // Outside a transaction there is nothing to wait for.
    afterCommit(t.db, effect);
    await expect.poll(() => seen).toEqual([1, 1]);
  });

  it('never runs an after-commit effect of work that rolled back', async () => {
    t = await appWithProbe();
    let ran = 0;
    await expect(
      transaction(t.db, async () => {
        await insertProbe(t!, 'a'.repeat(32));
        afterCommit(t!.db, () => ran++);
        throw new Error('boom');
      }),
    ).rejects.toThrow('boom');
    expect(ran).toBe(0);
  });

  it('commits every write made through the same db inside it', async () => {
    t = await appWithProbe();
    await transaction(t.db, async () => {
      await insertProbe(t!, 'a'.repeat(32));
      await insertProbe(t!, 'b'.repeat(32));
    });
    expect(await probeCount(t)).toBe(2);
  });

  it('rolls back every write, including a nested call’s, when the work fails', async () => {
    t = await appWithProbe();
    await expect(
      transaction(t.db, async () => {
        await insertProbe(t!, 'a'.repeat(32));
        await transaction(t!.db, () => insertProbe(t!, 'b'.repeat(32)));
        throw new Error('boom');
      }),
    ).rejects.toThrow('boom');
    expect(await probeCount(t)).toBe(0);
  });

  it('keeps concurrent requests apart: work outside the transaction is not inside it', async () => {
    t = await appWithProbe();
    let release!: () => void;
    const gate = new Promise<void>((resolve) => (release = resolve));
    const failing = transaction(t.db, async () => {
      await insertProbe(t!, 'a'.repeat(32));
      await gate;
      throw new Error('rolled back');
    });
    // Another request on the same db, outside that async context, writes for itself
    // (SQLite has one connection, so there it would wait for the transaction instead).
    const outside = t.db.dialect === 'sqlite' ? null : insertProbe(t, 'c'.repeat(32));
    release();
    await expect(failing).rejects.toThrow('rolled back');
    await outside;
    if (outside) await expect(probeCount(t)).resolves.toBe(1);
  });

  it('keeps a transaction’s later writes inside it when another transaction settled meanwhile', async () => {
    t = await appWithProbe();
    // SQLite has one connection: there a second transaction waits for the first to end.
    if (t.db.dialect === 'sqlite') return;
    let release!: () => void;
    const gate = new Promise<void>((resolve) => (release = resolve));
    const failing = transaction(t.db, async () => {
      await insertProbe(t!, 'a'.repeat(32));
      await gate;
      await insertProbe(t!, 'b'.repeat(32));
      throw new Error('rolled back');
    });
    await transaction(t.db, () => insertProbe(t!, 'c'.repeat(32)));
    release();
    await expect(failing).rejects.toThrow('rolled back');
    expect(await probeCount(t)).toBe(1);
  });
});
