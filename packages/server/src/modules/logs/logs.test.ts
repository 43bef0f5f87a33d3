import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/test-app.js';

let t: TestApp;
beforeEach(async () => {
  t = await createTestApp();
});
afterEach(() => t.close());

describe('POST /api/log', () => {
  it('stores the event and creates its visitor', async () => {
    const res = await t.call(
      'log.add',
      { name: 'OPEN_APP', data: { path: '/About' }, cuid: 'c1', is_new: true, source: 'WEBVIEW' },
      { headers: { 'x-client-info': 'app_android_huawei_120_1.2.0' } },
    );
    expect(res.code).toBe('200');
    const event = await t.db.kysely.selectFrom('log_events').selectAll().where('id', '=', res.result!.id).executeTakeFirstOrThrow();
    expect(event).toMatchObject({ name: 'OPEN_APP', cuid: 'c1', uid: null, is_new: 1, source: 'WEBVIEW' });
    expect(JSON.parse(event.data!)).toEqual({ path: '/About' });
    const visitor = await t.db.kysely.selectFrom('visitors').selectAll().where('cuid', '=', 'c1').executeTakeFirstOrThrow();
    expect(visitor).toMatchObject({ events: 1, is_new: 1, platform: 'android', last_path: '/About', last_event: 'OPEN_APP' });
  });

  it('takes the user from the token, never from the body', async () => {
    const { user, token } = await t.createUser();
    const other = await t.createUser();
    await t.call('log.add', { name: 'PAGE_OPEN', cuid: 'c2', uid: other.user.id }, { token });
    await t.call('log.add', { name: 'PAGE_OPEN', cuid: 'c3', uid: other.user.id });
    const rows = await t.db.kysely.selectFrom('log_events').select(['cuid', 'uid']).orderBy('id').execute();
    expect(rows).toEqual([
      { cuid: 'c2', uid: user.id },
      { cuid: 'c3', uid: null },
    ]);
  });

  it('takes the client id from the X-BB-CUID header when the body has none', async () => {
    await t.call('log.add', { name: 'PAGE_OPEN' }, { headers: { 'x-bb-cuid': 'from-header' } });
    expect(await t.db.kysely.selectFrom('visitors').select('cuid').execute()).toEqual([{ cuid: 'from-header' }]);
  });

  it.each([
    [{ cuid: 'c1' }, '请填写事件名'],
    [{ name: 'X' }, '缺少客户端标识（cuid）'],
    [{ name: 'X', cuid: 'c1', source: 'TV' }, 'source 只能是 WEB 或 WEBVIEW'],
    [{ name: 'X', cuid: 'bad cuid' }, '客户端标识格式不正确'],
    [{ name: 'X', cuid: 'c1', data: { blob: 'x'.repeat(5000) } }, '事件数据太大（最多 4KB）'],
  ])('refuses %j and stores nothing', async (input, msg) => {
    expect(await t.call('log.add', input as never)).toMatchObject({ http: 400, msg });
    expect(await t.db.kysely.selectFrom('log_events').select('id').execute()).toEqual([]);
  });
});

describe('visitors (managers)', () => {
  it('lists visitors by last activity, ten a page, with their username', async () => {
    const manager = await t.createUser({ role: 'manager' });
    const { user, token } = await t.createUser({ username: 'visitor_user' });
    for (let i = 0; i < 12; i++) {
      await t.call('log.add', { name: 'PAGE_OPEN', cuid: `v${i}`, data: { path: `/p${i}` } }, i === 11 ? { token } : {});
      t.clock.advance(1000);
    }
    await t.call('log.add', { name: 'PAGE_OPEN', cuid: 'v0', data: { path: '/again' } });

    const first = await t.call('visitor.list', {}, { token: manager.token });
    expect(first.result?.list).toHaveLength(10);
    expect(first.result?.next_offset).toBe(10);
    expect(first.result?.list[0]).toMatchObject({ cuid: 'v0', events: 2, last_path: '/again' });
    expect(first.result?.list[1]).toMatchObject({ cuid: 'v11', uid: user.id, username: 'visitor_user' });
    const second = await t.call('visitor.list', { offset: 10 }, { token: manager.token });
    expect(second.result?.list.map((v) => v.cuid)).toEqual(['v2', 'v1']);
    expect(second.result?.next_offset).toBeNull();
  });

  it('labels a visitor new on the first visit and returning once the browser comes back', async () => {
    const manager = await t.createUser({ role: 'manager' });
    await t.call('log.add', { name: 'OPEN_APP', cuid: 'first', is_new: true });
    await t.call('log.add', { name: 'PAGE_OPEN', cuid: 'first', is_new: true, data: { path: '/article' } });
    await t.call('log.add', { name: 'OPEN_APP', cuid: 'back', is_new: true });
    t.clock.advance(86_400_000);
    await t.call('log.add', { name: 'OPEN_APP', cuid: 'back', is_new: false });
    // A page of the first visit arriving late does not make it new again.
    await t.call('log.add', { name: 'PAGE_OPEN', cuid: 'back', is_new: true });
    const list = (await t.call('visitor.list', {}, { token: manager.token })).result!.list;
    expect(Object.fromEntries(list.map((v) => [v.cuid, v.is_new]))).toEqual({ first: true, back: false });
  });

  it('lists one visitor’s events newest first', async () => {
    const manager = await t.createUser({ role: 'manager' });
    await t.call('log.add', { name: 'OPEN_APP', cuid: 'v1', is_new: true });
    await t.call('log.add', { name: 'PAGE_OPEN', cuid: 'v1', data: { path: '/Mine' } });
    const res = await t.call('visitor.logs', { cuid: 'v1' }, { token: manager.token });
    expect(res.result?.list.map((e) => [e.name, e.data])).toEqual([
      ['PAGE_OPEN', { path: '/Mine' }],
      ['OPEN_APP', null],
    ]);
    expect((await t.call('visitor.logs', { cuid: 'nobody' }, { token: manager.token })).http).toBe(404);
  });

  it('answers the spec’s trailing-slash path too', async () => {
    const manager = await t.createUser({ role: 'manager' });
    const res = await t.app.inject({ url: '/reader/visitor/?offset=0', headers: { authorization: `Bearer ${manager.token}` } });
    expect(res.json().status.code).toBe('200');
  });

  it('is closed to readers', async () => {
    const reader = await t.createUser();
    expect((await t.call('visitor.list', {}, { token: reader.token })).http).toBe(403);
    expect((await t.call('visitor.logs', { cuid: 'v1' })).http).toBe(401);
  });
});
