import { randomBytes } from 'node:crypto';
import { afterEach, describe, expect, it } from 'vitest';
import { redisForTests, TEST_REDIS_URL } from '../../../test/redis.js';
import { createSiblingApp, createTestApp, type TestApp } from '../../../test/test-app.js';
import { foundEntry } from '../../../test/word-entry.js';

const hasRedis = await redisForTests('the word book across processes');

const apps: TestApp[] = [];
afterEach(async () => {
  // Siblings first: the first app owns the database.
  for (const app of apps.splice(0).reverse()) await app.close();
});

const sentence = 'They negotiated a new contract.';
const inWordBook = async (t: TestApp, token: string, word = 'negotiated') => {
  const res = await t.call('dict.word', { word, sentence }, { token });
  expect(res.code, res.msg).toBe('200');
  return foundEntry(res.result).in_wordbook;
};
/** A word put into the word book behind the app's back (no service call, so no news of it). */
const insertDirectly = async (t: TestApp, userId: number, word: string) => {
  const now = t.clock.now().toISOString();
  await t.db.kysely.insertInto('word_book').values({ user_id: userId, word, due: now, created_at: now, updated_at: now }).execute();
};

describe('"in my word book" on a lookup', () => {
  it('flips right after the reader adds the word and right after they remove it', async () => {
    const t = await createTestApp();
    apps.push(t);
    const reader = await t.createUser();
    expect(await inWordBook(t, reader.token)).toBe(false);
    expect((await t.call('words.add', { word: 'negotiated', sentence }, { token: reader.token })).code).toBe('200');
    expect(await inWordBook(t, reader.token)).toBe(true);
    expect((await t.call('words.delete', { word: 'negotiate' }, { token: reader.token })).code).toBe('200');
    expect(await inWordBook(t, reader.token)).toBe(false);
  });

  it('answers from the reader’s kept word book, each reader their own', async () => {
    const t = await createTestApp();
    apps.push(t);
    const reader = await t.createUser();
    const other = await t.createUser();
    await insertDirectly(t, other.user.id, 'negotiate');
    expect(await inWordBook(t, other.token)).toBe(true);
    expect(await inWordBook(t, reader.token)).toBe(false);
    // Kept: a row written past the words service is not seen while the kept set lasts. A word
    // the reader adds goes into the kept set as it is; a removal makes it read again.
    await insertDirectly(t, reader.user.id, 'negotiate');
    expect(await inWordBook(t, reader.token)).toBe(false);
    await t.call('words.add', { word: 'contract', sentence }, { token: reader.token });
    expect(await inWordBook(t, reader.token, 'contract')).toBe(true);
    expect(await inWordBook(t, reader.token)).toBe(false);
    await t.call('words.delete', { word: 'contract' }, { token: reader.token });
    expect(await inWordBook(t, reader.token, 'contract')).toBe(false);
    expect(await inWordBook(t, reader.token)).toBe(true);
  });
});

describe.runIf(hasRedis)('"in my word book" across API processes (one database, one Redis)', () => {
  it('follows a change made through another process', async () => {
    const env = { REDIS_URL: TEST_REDIS_URL, REDIS_NAMESPACE: `t${randomBytes(4).toString('hex')}` };
    const a = await createTestApp({ env });
    apps.push(a);
    const b = await createSiblingApp(a, { env });
    apps.push(b);
    const reader = await a.createUser();
    // B keeps the reader's word book once it listens on the bus (it asks the database until then):
    // a word written behind its back is then not seen, so only the event can tell B of A's change.
    const probes = ['contract', 'harbour', 'venture', 'ledger', 'quarrel', 'whisper', 'candid', 'fragile'];
    let kept = false;
    for (const probe of probes) {
      expect(await inWordBook(b, reader.token, probe)).toBe(false);
      await insertDirectly(a, reader.user.id, probe);
      kept = !(await inWordBook(b, reader.token, probe));
      if (kept) break;
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
    expect(kept).toBe(true);
    expect(await inWordBook(b, reader.token)).toBe(false);

    expect((await a.call('words.add', { word: 'negotiated', sentence }, { token: reader.token })).code).toBe('200');
    expect(await inWordBook(a, reader.token)).toBe(true);
    await until('B hears of the word added on A', async () => inWordBook(b, reader.token));

    expect((await a.call('words.delete', { word: 'negotiate' }, { token: reader.token })).code).toBe('200');
    expect(await inWordBook(a, reader.token)).toBe(false);
    await until('B hears of the word removed on A', async () => !(await inWordBook(b, reader.token)));
  });
});

/** Asks until the answer is yes: an event reaches the other process after the call that sent it has answered. */
async function until(what: string, probe: () => Promise<boolean>): Promise<void> {
  for (let i = 0; i < 200; i++) {
    if (await probe()) return;
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
  throw new Error(`gave up waiting: ${what}`);
}
