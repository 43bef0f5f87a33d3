import { afterEach, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/test-app.js';
import { loadConfig } from '../../config.js';
import { usersRepo } from '../users/users.repo.js';
import { usersService } from '../users/users.service.js';
import { DEFAULT_PASSWORD_COST, hashPassword, needsRehash, verifyPassword } from './passwords.js';

describe('password hashes', () => {
  it('default to OWASP’s scrypt parameters, N=2^17, r=8, p=1, in the app’s config too', async () => {
    expect(DEFAULT_PASSWORD_COST).toBe(17);
    expect(loadConfig({}).auth.passwordHashCost).toBe(17);
    const hash = await hashPassword('secret123');
    expect(hash).toMatch(/^scrypt\$131072\$8\$1\$[\w-]{22}\$[\w-]{43}$/);
    expect(await verifyPassword('secret123', hash)).toBe(true);
    expect(await verifyPassword('secret124', hash)).toBe(false);
  }, 30_000);

  it('verify hashes made with other parameters, and say which need replacing', async () => {
    const old = await hashPassword('secret123', 14);
    expect(old.startsWith('scrypt$16384$8$1$')).toBe(true);
    expect(await verifyPassword('secret123', old)).toBe(true);
    expect(needsRehash(old, 17)).toBe(true);
    expect(needsRehash(old, 14)).toBe(false);
  });

  it.each([
    ['', 'empty'],
    ['bcrypt$2b$10$abc', 'another scheme'],
    ['scrypt$16384$8$1$c2FsdA', 'no key'],
    ['scrypt$12345$8$1$c2FsdA$a2V5', 'N not a power of two'],
    [`scrypt$${2 ** 24}$8$1$c2FsdA$a2V5`, 'N past what this code would write'],
    ['scrypt$16384$800$1$c2FsdA$a2V5', 'r out of range'],
  ])('refuse a stored hash that is %j (%s) without trying it', async (stored) => {
    expect(await verifyPassword('secret123', stored)).toBe(false);
    expect(needsRehash(stored, 17)).toBe(true);
  });
});

describe('rehashing at login', () => {
  let t: TestApp;
  afterEach(() => t.close());

  const storedHash = async (id: number) =>
    (await t.db.kysely.selectFrom('users').select('password_hash').where('id', '=', id).executeTakeFirstOrThrow()).password_hash;

  it('replaces an old-format hash at the next successful login, and the password still works', async () => {
    t = await createTestApp({ env: { PASSWORD_HASH_COST: String(DEFAULT_PASSWORD_COST) } });
    const old = await hashPassword('secret123', 14);
    const user = await usersRepo(t.db).insert({
      phone: '13900001111',
      username: 'old_reader',
      password_hash: old,
      role: 'user',
      now: t.clock.now().toISOString(),
    });
    // A wrong password changes nothing.
    expect((await t.call('auth.login', { username: 'old_reader', password: 'wrong1234' })).code).toBe('400');
    expect(await storedHash(user.id)).toBe(old);

    expect((await t.call('auth.login', { username: 'old_reader', password: 'secret123' })).code).toBe('200');
    const renewed = await storedHash(user.id);
    expect(renewed).toMatch(/^scrypt\$131072\$8\$1\$/);

    expect((await t.call('auth.login', { username: '13900001111', password: 'secret123' })).code).toBe('200');
    expect(await storedHash(user.id)).toBe(renewed);
    expect((await t.call('auth.login', { username: 'old_reader', password: 'wrong1234' })).code).toBe('400');
    // Six hashes at OWASP's cost (~0.4 s each alone, more beside other test files): a budget, not a timing assertion.
  }, 60_000);

  it('does not undo a password change that landed between the check and the rehash', async () => {
    t = await createTestApp();
    const { user } = await t.createUser({ password: 'secret123' });
    const users = usersService(t.db, t.clock);
    const changed = await hashPassword('changed99', 10);
    await users.setPassword(user.id, changed, t.clock.now().toISOString());
    // The login's rehash still names the hash it checked, which is no longer there.
    await users.replacePasswordHash(user.id, user.password_hash, await hashPassword('secret123', 10), t.clock.now().toISOString());
    expect(await storedHash(user.id)).toBe(changed);
  });
});
