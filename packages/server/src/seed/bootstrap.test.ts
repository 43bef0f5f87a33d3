import { afterEach, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/test-app.js';
import { loadConfig } from '../config.js';
import { bootstrapAccounts } from './bootstrap.js';

let t: TestApp;
afterEach(() => t.close());

describe('first start', () => {
  it('creates the super user from ADMIN_PHONE/ADMIN_PASSWORD and a demo reader, once', async () => {
    t = await createTestApp();
    const config = loadConfig({ ADMIN_PHONE: '13600000000', ADMIN_PASSWORD: 'admin-pass-1' });
    const created = await bootstrapAccounts(t.db, config, t.clock);
    expect(created.map((a) => [a.role, a.phone, a.generated])).toEqual([
      ['super', '13600000000', false],
      ['user', '13800000001', true],
    ]);
    const login = await t.call('auth.login', { username: '13600000000', password: 'admin-pass-1' });
    expect(login.result?.user).toMatchObject({ role: 'super', is_super: true });
    const demo = created[1]!;
    expect((await t.call('auth.login', { username: demo.username, password: demo.password })).code).toBe('200');
    expect(await bootstrapAccounts(t.db, config, t.clock)).toEqual([]);
  });

  it('generates a password that satisfies the password rule when none is configured', async () => {
    t = await createTestApp();
    const [admin] = await bootstrapAccounts(t.db, loadConfig({ SEED_DEMO: 'false' }), t.clock);
    expect(admin).toMatchObject({ role: 'super', generated: true });
    expect(admin!.password).toMatch(/^(?=.*[a-z])(?=.*\d).{8,}$/);
    expect((await t.call('auth.login', { username: 'admin', password: admin!.password })).code).toBe('200');
  });
});
