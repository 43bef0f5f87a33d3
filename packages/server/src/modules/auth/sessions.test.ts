import { randomBytes } from 'node:crypto';
import { afterEach, describe, expect, it } from 'vitest';
import { redisForTests, TEST_REDIS_URL } from '../../../test/redis.js';
import { createSiblingApp, createTestApp, type TestApp } from '../../../test/test-app.js';
import { DAY } from '../../lib/clock.js';

const hasRedis = await redisForTests('sessions across processes');

const apps: TestApp[] = [];
afterEach(async () => {
  // Siblings first: the first app owns the database.
  for (const app of apps.splice(0).reverse()) await app.close();
});
async function app(options: Parameters<typeof createTestApp>[0] = {}) {
  const t = await createTestApp(options);
  apps.push(t);
  return t;
}

const me = async (t: TestApp, token: string) => (await t.call('user.me', {}, { token })).result;
/** A change behind the app's back: no service hears of it. */
const renameDirectly = (t: TestApp, userId: number, username: string) =>
  t.db.kysely.updateTable('users').set({ username }).where('id', '=', userId).execute();

describe('a logged-in reader’s session', () => {
  it('is kept between requests: a row changed behind the app’s back is not read again', async () => {
    const t = await app();
    const reader = await t.createUser({ username: 'kept_name' });
    expect((await me(t, reader.token))?.username).toBe('kept_name');
    await renameDirectly(t, reader.user.id, 'changed_behind');
    expect((await me(t, reader.token))?.username).toBe('kept_name');
  });

  it('ends at once on logout, and on a password change for every other token', async () => {
    const t = await app();
    const reader = await t.createUser({ password: 'secret123' });
    const other = (await t.call('auth.login', { username: reader.user.username, password: 'secret123' })).result!.token;
    expect(await me(t, reader.token)).toMatchObject({ user_id: reader.user.id });
    expect(await me(t, other)).toMatchObject({ user_id: reader.user.id });

    expect((await t.call('auth.logout', {}, { token: reader.token })).code).toBe('200');
    expect(await me(t, reader.token)).toBeNull();
    expect((await t.call('words.list', {}, { token: reader.token })).http).toBe(401);

    const third = (await t.call('auth.login', { username: reader.user.username, password: 'secret123' })).result!.token;
    expect(await me(t, third)).toMatchObject({ user_id: reader.user.id });
    const changed = await t.call('auth.changePassword', { old_password: 'secret123', new_password: 'secret456' }, { token: other });
    expect(changed.code, changed.msg).toBe('200');
    expect(await me(t, other)).toBeNull();
    expect(await me(t, third)).toBeNull();
    expect(await me(t, changed.result!.token!)).toMatchObject({ user_id: reader.user.id });
  });

  it('shows a new username and a membership opened by a manager at the next request', async () => {
    const t = await app();
    const reader = await t.createUser();
    const manager = await t.createUser({ role: 'manager' });
    expect(await me(t, reader.token)).toMatchObject({ is_member: false, effective_role: 'user' });

    expect((await t.call('user.changeUsername', { username: 'new_name' }, { token: reader.token })).code).toBe('200');
    expect((await me(t, reader.token))?.username).toBe('new_name');
    const opened = await t.call('member.open', { user_id: reader.user.id, level: 1, days: 20 }, { token: manager.token });
    expect(opened.code, opened.msg).toBe('200');
    expect(await me(t, reader.token)).toMatchObject({ is_member: true, effective_role: 'member' });
  });

  it('ends when its token expires, whatever is kept', async () => {
    const t = await app({ env: { TOKEN_TTL_DAYS: '1' } });
    const reader = await t.createUser();
    expect(await me(t, reader.token)).toMatchObject({ user_id: reader.user.id });
    t.clock.advance(DAY + 1000);
    expect(await me(t, reader.token)).toBeNull();
  });
});

describe.runIf(hasRedis)('a session across API processes (one database, one Redis)', () => {
  it('ends in the other process at a logout, and shows a change made there', async () => {
    const env = { REDIS_URL: TEST_REDIS_URL, REDIS_NAMESPACE: `t${randomBytes(4).toString('hex')}` };
    const a = await app({ env });
    const b = await createSiblingApp(a, { env });
    apps.push(b);
    const reader = await a.createUser({ username: 'first_name' });
    // B keeps sessions once it listens on the bus: then a change behind its back is not seen,
    // so only the event can tell B of what A does.
    let kept = false;
    for (let i = 0; i < 20 && !kept; i++) {
      const name = `probe_${i}`;
      await renameDirectly(a, reader.user.id, name);
      await me(b, reader.token);
      await renameDirectly(a, reader.user.id, `${name}_x`);
      kept = (await me(b, reader.token))?.username === name;
      if (!kept) await new Promise((resolve) => setTimeout(resolve, 50));
    }
    expect(kept).toBe(true);

    expect((await a.call('user.changeUsername', { username: 'second_name' }, { token: reader.token })).code).toBe('200');
    await until('B shows the name changed on A', async () => (await me(b, reader.token))?.username === 'second_name');
    expect((await a.call('auth.logout', {}, { token: reader.token })).code).toBe('200');
    await until('B ends the session logged out on A', async () => (await me(b, reader.token)) === null);
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
