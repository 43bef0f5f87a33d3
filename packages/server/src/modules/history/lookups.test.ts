import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/test-app.js';
import { HOUR } from '../../lib/clock.js';
import { dayKey } from '../../lib/days.js';
import { historyRepo } from './history.repo.js';
import { LookupBuffer, type LookupRow } from './lookup-buffer.js';

// An interval no test reaches: every write below is one the code makes on purpose, not the timer's.
const env = { LOOKUP_FLUSH_SECONDS: '3600' };
const silent = { warn: () => undefined, error: () => undefined };

let t: TestApp;
let reader: { token: string; user: { id: number } };
beforeEach(async () => {
  t = await createTestApp({ env });
  reader = await t.createUser();
});
afterEach(() => t.close());

const tap = async (word: string, token = reader.token) => {
  const res = await t.call('dict.word', { word }, { token });
  expect(res.code, res.msg).toBe('200');
};
const rows = () => t.db.kysely.selectFrom('word_lookups').selectAll().orderBy('word').execute();

describe('looked-up words', () => {
  it('are not written by the tap, yet the day summary and read data count them at once', async () => {
    await tap('negotiated');
    await tap('mice');
    await tap('mouse');
    expect(await rows()).toEqual([]);

    const today = await t.call('history.today', {}, { token: reader.token });
    expect(today.result!.words_looked_up).toBe(2);
    const data = await t.call('history.data', {}, { token: reader.token });
    expect(data.result!.days.at(-1)).toMatchObject({ date: dayKey(t.clock.now()), words_looked_up: 2 });
    expect(data.result!.totals.words_looked_up).toBe(2);
    expect((await rows()).map((r) => r.word)).toEqual(['mouse', 'negotiate']);
  });

  it('count toward the day of the tap, a tap after midnight toward the next', async () => {
    await tap('negotiated');
    const first = dayKey(t.clock.now());
    t.clock.advance(24 * HOUR);
    await tap('negotiated');
    const data = await t.call('history.data', {}, { token: reader.token });
    const counted = data.result!.days.filter((d) => d.words_looked_up > 0).map((d) => [d.date, d.words_looked_up]);
    expect(counted).toEqual([
      [first, 1],
      [dayKey(t.clock.now()), 1],
    ]);
  });

  it('are written when the process stops', async () => {
    await tap('negotiated');
    await t.app.close();
    expect(await rows()).toMatchObject([{ user_id: reader.user.id, day: dayKey(t.clock.now()), word: 'negotiate' }]);
  });
});

describe('the lookup buffer', () => {
  /** Two processes' buffers on one database, counting the statements each sends. */
  function buffers() {
    const repo = historyRepo(t.db);
    const statements: LookupRow[][] = [];
    const write = (batch: LookupRow[]) => (statements.push(batch), repo.recordLookups(batch));
    const make = () => new LookupBuffer({ write, log: silent, intervalMs: 3_600_000 });
    return { a: make(), b: make(), statements };
  }

  it('writes each (reader, day, word) once when flushes race, in two processes and in one', async () => {
    const { a, b, statements } = buffers();
    const id = reader.user.id;
    for (const buffer of [a, b]) {
      buffer.record(id, '2026-11-28', 'negotiate');
      buffer.record(id, '2026-11-28', 'negotiate');
      buffer.record(id, '2026-11-28', 'mouse');
      buffer.record(id, '2026-11-29', 'mouse');
    }
    await Promise.all([a.flush(), b.flush(), a.flush(), b.flush()]);
    expect((await rows()).map((r) => `${r.day} ${r.word}`).sort()).toEqual(['2026-11-28 mouse', '2026-11-28 negotiate', '2026-11-29 mouse']);
    // One statement per process, each with its three rows; the racing second flushes had nothing left.
    expect(statements.map((s) => s.length)).toEqual([3, 3]);
    await Promise.all([a.close(), b.close()]);
  });

  it('writes nothing for a repeat of a word it has written, and writes it again after a failed flush', async () => {
    const repo = historyRepo(t.db);
    const statements: LookupRow[][] = [];
    let refuse = true;
    const buffer = new LookupBuffer({
      log: silent,
      intervalMs: 3_600_000,
      write: async (batch) => {
        statements.push(batch);
        // The way a lost connection fails (db/client.ts#isDatabaseUnavailable).
        if (refuse) throw Object.assign(new Error('connect ECONNREFUSED'), { code: 'ECONNREFUSED' });
        await repo.recordLookups(batch);
      },
    });
    buffer.record(reader.user.id, '2026-11-28', 'negotiate');
    await expect(buffer.flush()).rejects.toThrow(/ECONNREFUSED/);
    refuse = false;
    await buffer.flush();
    buffer.record(reader.user.id, '2026-11-28', 'negotiate');
    await buffer.flush();
    expect(statements.map((s) => s.map((r) => r.word))).toEqual([['negotiate'], ['negotiate']]);
    expect(await rows()).toHaveLength(1);
    await buffer.close();
  });

  it('starts a write as soon as its limit of waiting rows is reached, without waiting for the interval', async () => {
    const repo = historyRepo(t.db);
    let written!: () => void;
    const done = new Promise<void>((resolve) => (written = resolve));
    const buffer = new LookupBuffer({
      log: silent,
      intervalMs: 3_600_000,
      flushAt: 3,
      write: async (batch) => {
        await repo.recordLookups(batch);
        written();
      },
    });
    for (const word of ['one', 'two', 'three']) buffer.record(reader.user.id, '2026-11-28', word);
    await done;
    expect((await rows()).map((r) => r.word)).toEqual(['one', 'three', 'two']);
    await buffer.close();
  });
});
