import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/test-app.js';
import { DAY } from '../../lib/clock.js';

let t: TestApp;
beforeEach(async () => {
  t = await createTestApp();
});
afterEach(() => t.close());

describe('the current user', () => {
  it('is null for anonymous callers and for unknown tokens', async () => {
    expect((await t.call('user.me')).result).toBeNull();
    expect((await t.call('user.me', {}, { token: 'x'.repeat(43) })).result).toBeNull();
  });

  it('carries role and membership fields', async () => {
    const { user, token } = await t.createUser({ role: 'manager' });
    const me = await t.call('user.me', {}, { token });
    expect(me.result).toMatchObject({
      user_id: user.id,
      role: 'manager',
      effective_role: 'manager',
      is_manager: true,
      is_super: false,
      member: null,
    });
  });

  it('shows a running membership as the member role with days left', async () => {
    const { user, token } = await t.createUser();
    const expires = new Date(t.clock.now().getTime() + 10 * DAY).toISOString();
    await t.db.kysely.updateTable('users').set({ member_level: 1, member_expires_at: expires }).where('id', '=', user.id).execute();
    const me = await t.call('user.me', {}, { token });
    expect(me.result).toMatchObject({
      effective_role: 'member',
      is_member: true,
      member: { level: 1, days_left: 10, expires_at: expires },
    });
    t.clock.advance(11 * DAY);
    expect((await t.call('user.me', {}, { token })).result).toMatchObject({ effective_role: 'user', is_member: false, member: null });
  });

  it('answers whether the caller is a super user', async () => {
    expect((await t.call('user.isSuper')).result).toEqual({ is_super: false });
    const manager = await t.createUser({ role: 'manager' });
    expect((await t.call('user.isSuper', {}, { token: manager.token })).result).toEqual({ is_super: false });
    const admin = await t.createUser({ role: 'super' });
    expect((await t.call('user.isSuper', {}, { token: admin.token })).result).toEqual({ is_super: true });
  });
});

describe('change_username', () => {
  it('renames the caller', async () => {
    const { user, token } = await t.createUser();
    const res = await t.call('user.changeUsername', { username: '  晨读者_01 ' }, { token });
    expect(res.result?.username).toBe('晨读者_01');
    const row = await t.db.kysely.selectFrom('users').select('username').where('id', '=', user.id).executeTakeFirstOrThrow();
    expect(row.username).toBe('晨读者_01');
  });

  it('refuses a name someone else has, whatever its letter case', async () => {
    await t.createUser({ username: 'TakenName' });
    const { user, token } = await t.createUser();
    const res = await t.call('user.changeUsername', { username: 'takenname' }, { token });
    expect(res).toMatchObject({ http: 409, msg: '这个用户名已被占用，换一个吧' });
    const row = await t.db.kysely.selectFrom('users').select('username').where('id', '=', user.id).executeTakeFirstOrThrow();
    expect(row.username).toBe(user.username);
  });

  it.each([
    ['', '请填写用户名'],
    ['a', '用户名至少需要 2 个字符'],
    ['x'.repeat(21), '用户名不能超过 20 个字符'],
    ['hello world', '用户名只能包含中文、字母、数字和下划线'],
    ['<script>', '用户名只能包含中文、字母、数字和下划线'],
    ['20261121', '用户名不能全是数字'],
  ])('refuses %j with a 400', async (username, msg) => {
    const { token } = await t.createUser();
    expect(await t.call('user.changeUsername', { username }, { token })).toMatchObject({ http: 400, msg });
  });

  it('needs a login', async () => {
    expect(await t.call('user.changeUsername', { username: 'someone' })).toMatchObject({ http: 401, msg: '请先登录' });
  });
});

describe('user search (managers)', () => {
  it('finds users by phone, username fragment or id', async () => {
    const manager = await t.createUser({ role: 'manager' });
    const { user } = await t.createUser({ username: 'Lily_Evans', phone: '13700001111' });
    const byPhone = await t.call('user.search', { q: '13700001111' }, { token: manager.token });
    expect(byPhone.result?.list.map((u) => u.user_id)).toEqual([user.id]);
    const byName = await t.call('user.search', { q: 'lily' }, { token: manager.token });
    expect(byName.result?.list.map((u) => u.username)).toContain('Lily_Evans');
    const byId = await t.call('user.search', { q: String(user.id) }, { token: manager.token });
    expect(byId.result?.list.map((u) => u.user_id)).toContain(user.id);
    const none = await t.call('user.search', { q: 'zzz%_' }, { token: manager.token });
    expect(none.result?.list).toEqual([]);
  });

  it('finds users by WeChat openid', async () => {
    const manager = await t.createUser({ role: 'manager' });
    const { user } = await t.createUser();
    await t.db.kysely.updateTable('users').set({ openid: 'wx-open-1' }).where('id', '=', user.id).execute();
    const res = await t.call('user.searchWx', { openid: 'wx-open-1' }, { token: manager.token });
    expect(res.result?.list.map((u) => u.user_id)).toEqual([user.id]);
  });

  it('is closed to readers and needs a query', async () => {
    const reader = await t.createUser();
    expect((await t.call('user.search', { q: 'a' }, { token: reader.token })).http).toBe(403);
    const manager = await t.createUser({ role: 'manager' });
    expect(await t.call('user.search', { q: '' }, { token: manager.token })).toMatchObject({ http: 400, msg: '请填写搜索内容' });
  });
});

describe('SMS outbox (super users)', () => {
  it('lists the console provider’s messages newest first', async () => {
    const admin = await t.createUser({ role: 'super' });
    await t.db.kysely
      .insertInto('sms_outbox')
      .values([
        { phone: '13900000001', stype: 'reset', text: 'first', provider: 'console', created_at: t.clock.now().toISOString() },
        { phone: '13900000002', stype: 'register', text: 'second', provider: 'console', created_at: t.clock.now().toISOString() },
      ])
      .execute();
    const res = await t.call('sms.outbox', {}, { token: admin.token });
    expect(res.result?.list.map((m) => m.text)).toEqual(['second', 'first']);
    expect(res.result?.next_offset).toBeNull();
    const manager = await t.createUser({ role: 'manager' });
    expect((await t.call('sms.outbox', {}, { token: manager.token })).http).toBe(403);
  });
});
