import { endpoints, signParams, type EndpointName } from '@changdu/contract';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createArticle } from '../../../test/factories.js';
import { createTestApp, type TestApp } from '../../../test/test-app.js';
import { DAY, HOUR, MINUTE } from '../../lib/clock.js';
import { signedTokens } from '../../lib/signed-token.js';
import { usersService } from '../users/users.service.js';
import { membershipService } from './membership.service.js';

let t: TestApp;
let manager: Awaited<ReturnType<TestApp['createUser']>>;
let reader: Awaited<ReturnType<TestApp['createUser']>>;

beforeEach(async () => {
  t = await createTestApp();
  manager = await t.createUser({ role: 'manager' });
  reader = await t.createUser();
});
afterEach(() => t.close());

const as = (u: { token: string }) => ({ token: u.token });
const iso = (ms: number) => new Date(ms).toISOString();
const userRow = (id: number) => t.db.kysely.selectFrom('users').selectAll().where('id', '=', id).executeTakeFirstOrThrow();

describe('products and version', () => {
  it('lists the seeded monthly, quarterly and yearly products with prices in fen', async () => {
    const res = await t.call('member.products', {});
    expect(res.result!.list.map((p) => [p.code, p.days, p.price_fen])).toEqual([
      ['monthly', 31, 1800],
      ['quarterly', 92, 4800],
      ['yearly', 366, 16800],
    ]);
    expect(res.result!.list[0]!.benefits.length).toBeGreaterThan(0);
    const version = await t.call('member.version', { openid: 'abc' });
    expect(version.result).toMatchObject({ version: 'v1', providers: ['manual'], recommended: 'yearly', trial_days: 7 });
  });
});

describe('products are managed by super users', () => {
  it('saves a product by code; hidden ones are not sold; an existing order keeps its price', async () => {
    const superUser = await t.createUser({ role: 'super' });
    const monthly = (await t.call('member.products', {})).result!.list[0]!;
    const order = (await t.call('order.create', { product_id: monthly.id }, as(reader))).result!.order;
    const saved = await t.call(
      'member.productSave',
      { code: 'monthly', name: '月度会员', level: 1, days: 30, price_fen: 1500, benefits: ['会员文章全文阅读'], is_active: true },
      as(superUser),
    );
    expect(saved.result).toMatchObject({ id: monthly.id, days: 30, price_fen: 1500 });
    expect((await t.call('order.show', { order_no: order.order_no }, as(reader))).result!.amount_fen).toBe(1800);
    await t.call('member.productSave', { code: 'weekly', name: '周卡', level: 1, days: 7, price_fen: 600, benefits: [], is_active: false }, as(superUser));
    expect((await t.call('member.products', {})).result!.list.map((p) => p.code)).toEqual(['monthly', 'quarterly', 'yearly']);
    expect((await t.call('member.productManage', {}, as(superUser))).result!.list.map((p) => p.code)).toContain('weekly');
    const weekly = (await t.call('member.productManage', {}, as(superUser))).result!.list.find((p) => p.code === 'weekly')!;
    expect(await t.call('order.create', { product_id: weekly.id }, as(reader))).toMatchObject({ http: 404 });
    expect((await t.call('member.productSave', saved.result as never, as(manager))).http).toBe(403);
  });
});

describe('manager changes to a membership', () => {
  it('opens from now, renews from a future expiry, renews an ended one from now, closes now, each logged', async () => {
    const start = t.clock.now().getTime();
    const opened = await t.call('member.open', { user_id: reader.user.id, level: 1, days: 20, remark: '活动赠送' }, as(manager));
    expect(opened.code, opened.msg).toBe('200');
    expect(opened.result!.user).toMatchObject({ is_member: true, effective_role: 'member', member: { level: 1, expires_at: iso(start + 20 * DAY) } });
    expect(opened.result!.log).toMatchObject({ action: 'open', expires_before: null, expires_after: iso(start + 20 * DAY), remark: '活动赠送', operator_id: manager.user.id });

    // 5 days in, still a member: renewal adds to the expiry, not to now.
    t.clock.advance(5 * DAY);
    const renewed = await t.call('member.renewal', { user_id: reader.user.id, days: 5, remark: '补偿' }, as(manager));
    expect(renewed.result!.log).toMatchObject({ expires_before: iso(start + 20 * DAY), expires_after: iso(start + 25 * DAY) });

    // Exactly at expiry the membership has ended: renewal counts from now.
    t.clock.set(new Date(start + 25 * DAY));
    const again = await t.call('member.renewal', { user_id: reader.user.id, days: 3, remark: '再续' }, as(manager));
    expect(again.result!.user.member?.expires_at).toBe(iso(start + 28 * DAY));

    // One millisecond before expiry it still runs: renewal extends it.
    t.clock.set(new Date(start + 28 * DAY - 1));
    const edge = await t.call('member.renewal', { user_id: reader.user.id, days: 1, remark: '边界' }, as(manager));
    expect(edge.result!.user.member?.expires_at).toBe(iso(start + 29 * DAY));

    const closed = await t.call('member.close', { user_id: reader.user.id, remark: '违规' }, as(manager));
    expect(closed.result!.user).toMatchObject({ is_member: false, member: null });
    expect(closed.result!.log).toMatchObject({ action: 'close', expires_before: iso(start + 29 * DAY), expires_after: t.clock.now().toISOString() });
    expect(await t.call('member.close', { user_id: reader.user.id, remark: '再关' }, as(manager))).toMatchObject({ http: 400, msg: '该用户当前不是会员' });

    const log = await t.call('member.userLog', { user_id: reader.user.id }, as(manager));
    expect(log.result!.list.map((l) => l.action)).toEqual(['close', 'renew', 'renew', 'renew', 'open']);
    expect(log.result!.list[0]).toMatchObject({ username: reader.user.username, operator_name: manager.user.username });
    const mine = await t.call('member.myLog', {}, as(reader));
    expect(mine.result!.list).toHaveLength(5);
    expect((await t.call('member.myLog', {}, as(manager))).result!.list).toHaveLength(0);
  });

  it('applies a double-tapped renewal once', async () => {
    const input = { user_id: reader.user.id, days: 10, remark: '双击' };
    const [a, b] = await Promise.all([t.call('member.renewal', input, as(manager)), t.call('member.renewal', input, as(manager))]);
    expect(a.result!.user.member?.expires_at).toBe(b.result!.user.member?.expires_at);
    expect((await userRow(reader.user.id)).member_expires_at).toBe(iso(t.clock.now().getTime() + 10 * DAY));
    // The same change later is a new change.
    t.clock.advance(MINUTE);
    await t.call('member.renewal', input, as(manager));
    expect((await userRow(reader.user.id)).member_expires_at).toBe(iso(t.clock.now().getTime() - MINUTE + 20 * DAY));
  });

  it('does not renew twice when the first tap commits between the second tap\'s repeat check and its read', async () => {
    // Deterministic form of the race the test above leaves to timing (PostgreSQL, read committed):
    // the repeat check runs, misses the first tap, and the first tap lands right after it.
    const users = usersService(t.db, t.clock);
    const membership = membershipService(t.db, t.clock, { users, signed: signedTokens('a-test-secret-of-32-characters!!', t.clock) });
    const change = { action: 'renew', days: 10, source: 'manager', operatorId: manager.user.id, remark: '双击' } as const;
    const logs = () => t.db.kysely.selectFrom('member_logs').selectAll().where('user_id', '=', reader.user.id).execute();
    let checks = 0;
    const repeated = async () => {
      if (checks++ === 0) {
        await membership.apply(reader.user.id, change);
        return undefined;
      }
      return (await logs())[0];
    };
    const done = await membership.apply(reader.user.id, change, repeated);
    expect(done.user.member_expires_at).toBe(iso(t.clock.now().getTime() + 10 * DAY));
    expect(await logs()).toHaveLength(1);
  });

  it('refuses every manager call to a user and unknown users with 404', async () => {
    const calls: [EndpointName, Record<string, unknown>][] = [
      ['member.open', { user_id: reader.user.id, level: 1, days: 30 }],
      ['member.renewal', { user_id: reader.user.id, days: 30 }],
      ['member.close', { user_id: reader.user.id }],
      ['member.userLog', { user_id: reader.user.id }],
      ['order.finish', { order_no: 'CD1' }],
      ['trial.link', {}],
      ['code.generate', { ctype: 'member' }],
      ['code.list', {}],
    ];
    for (const [name, input] of calls) {
      expect(endpoints[name].role).toBe('manager');
      expect((await t.call(name, input as never, as(reader))).http, name).toBe(403);
      expect((await t.call(name, input as never)).http, name).toBe(401);
    }
    expect((await userRow(reader.user.id)).member_expires_at).toBeNull();
    expect(await t.call('member.open', { user_id: 999_999, level: 1, days: 1 }, as(manager))).toMatchObject({ http: 404, msg: '用户不存在' });
  });
});

describe('orders with the manual provider', () => {
  it('a month bought, finished by a manager once, opens locked articles in full', async () => {
    const articleId = await createArticle(t, { is_lock: true, paragraphs: ['One.', 'Two.', 'Three.', 'Four.', 'Five.', 'Six.'] });
    expect((await t.call('article.show', { id: articleId }, as(reader))).result).toMatchObject({ preview: true });
    const monthly = (await t.call('member.products', {})).result!.list.find((p) => p.code === 'monthly')!;

    const created = await t.call('order.create', { product_id: monthly.id }, as(reader));
    expect(created.code, created.msg).toBe('200');
    const order = created.result!.order;
    expect(order).toMatchObject({ status: 'pending', amount_fen: 1800, days: 31, provider: 'manual', user_id: reader.user.id });
    expect(created.result!.pay.kind).toBe('manual');
    // Ordering the same product again offers the same pending order.
    expect((await t.call('order.create', { product_id: monthly.id }, as(reader))).result!.order.order_no).toBe(order.order_no);

    const [f1, f2] = await Promise.all([
      t.call('order.finish', { order_no: order.order_no }, as(manager)),
      t.call('order.finish', { order_no: order.order_no }, as(manager)),
    ]);
    expect([f1.code, f2.code]).toEqual(['200', '200']);
    expect(f1.result!.order).toMatchObject({ status: 'finished' });
    expect(f1.result!.user.member?.expires_at).toBe(iso(t.clock.now().getTime() + 31 * DAY));
    expect((await t.call('order.finish', { order_no: order.order_no }, as(manager))).result!.user.member?.expires_at).toBe(
      iso(t.clock.now().getTime() + 31 * DAY),
    );
    const logs = await t.call('member.myLog', {}, as(reader));
    expect(logs.result!.list).toMatchObject([{ source: 'order', ref: order.order_no, days: 31 }]);

    expect((await t.call('user.me', {}, as(reader))).result).toMatchObject({ is_member: true, effective_role: 'member' });
    const full = await t.call('article.show', { id: articleId }, as(reader));
    expect(full.result).toMatchObject({ preview: false });
    expect(full.result!.paragraphs).toHaveLength(6);
  });

  it('shows my orders to me, every order to managers, and hides other buyers’ orders', async () => {
    const other = await t.createUser();
    const [p1, p2] = (await t.call('member.products', {})).result!.list;
    const mine = (await t.call('order.create', { product_id: p1!.id }, as(reader))).result!.order;
    const theirs = (await t.call('order.create', { product_id: p2!.id }, as(other))).result!.order;
    expect((await t.call('order.list', {}, as(reader))).result!.list.map((o) => o.order_no)).toEqual([mine.order_no]);
    expect((await t.call('order.list', {}, as(manager))).result!.list.map((o) => o.order_no)).toEqual([theirs.order_no, mine.order_no]);
    expect((await t.call('order.list', { q: other.user.username }, as(manager))).result!.list.map((o) => o.order_no)).toEqual([theirs.order_no]);
    expect((await t.call('order.list', { status: 'finished' }, as(manager))).result!.list).toEqual([]);
    expect(await t.call('order.show', { order_no: theirs.order_no }, as(reader))).toMatchObject({ http: 404 });
    expect(await t.call('order.close', { order_no: theirs.order_no }, as(reader))).toMatchObject({ http: 404 });
    expect((await t.call('order.close', { order_no: mine.order_no }, as(reader))).result).toMatchObject({ status: 'closed' });
    // A closed order is replaced by a new one.
    expect((await t.call('order.create', { product_id: p1!.id }, as(reader))).result!.order.order_no).not.toBe(mine.order_no);
    expect(await t.call('order.create', { product_id: p1!.id, provider: 'wechat' }, as(reader))).toMatchObject({ http: 400, msg: '该支付方式暂未开通' });
    expect(await t.call('order.create', { product_id: 9999 }, as(reader))).toMatchObject({ http: 404 });
  });

  it('replaces a pending order older than two hours', async () => {
    const p = (await t.call('member.products', {})).result!.list[0]!;
    const first = (await t.call('order.create', { product_id: p.id }, as(reader))).result!.order;
    t.clock.advance(2 * HOUR + 1);
    const second = (await t.call('order.create', { product_id: p.id }, as(reader))).result!.order;
    expect(second.order_no).not.toBe(first.order_no);
    expect((await t.call('order.show', { order_no: first.order_no }, as(reader))).result!.status).toBe('closed');
  });
});

describe('trials', () => {
  it('grants one trial per account and per Xiaohongshu id', async () => {
    const res = await t.call('trial.open', { xhs_id: 'reader_xhs' }, as(reader));
    expect(res.code, res.msg).toBe('200');
    expect(res.result!.user).toMatchObject({ is_member: true, xhs_id: 'reader_xhs', member: { days_left: 7 } });
    expect(await t.call('trial.open', { xhs_id: 'another' }, as(reader))).toMatchObject({ http: 409, msg: '每个账号只能领取一次试用会员' });
    const other = await t.createUser();
    expect(await t.call('trial.open', { xhs_id: 'reader_xhs' }, as(other))).toMatchObject({ http: 409, msg: '这个小红书号已经领取过试用会员' });
    expect((await t.call('trial.status', {}, as(reader))).result).toMatchObject({ days: 7, taken: { source: 'xhs' } });
    expect((await t.call('trial.status', {}, as(other))).result!.taken).toBeNull();
  });

  it('grants a trial from a signed link once, refusing forged and expired links', async () => {
    const link = (await t.call('trial.link', { hours: 1 }, as(manager))).result!;
    expect(link.url).toContain('/trial?e=');
    expect(await t.call('trial.receive', { e: `${link.e}x` }, as(reader))).toMatchObject({ http: 400, msg: '试用链接无效或已过期' });
    const ok = await t.call('trial.receive', { e: link.e }, as(reader));
    expect(ok.result!.user.is_member).toBe(true);
    expect(await t.call('trial.receive', { e: link.e }, as(reader))).toMatchObject({ http: 409 });
    const late = await t.createUser();
    t.clock.advance(HOUR);
    expect(await t.call('trial.receive', { e: link.e }, as(late))).toMatchObject({ http: 400, msg: '试用链接无效或已过期' });
  });
});

describe('invitation codes and awards', () => {
  it('a personal code binds once per account, never its own, and earns both sides an award claimed once', async () => {
    const mine = (await t.call('code.mine', {}, as(reader))).result!;
    expect(mine).toMatchObject({ ctype: 'invite', used_by: [], bound: null });
    expect((await t.call('code.mine', {}, as(reader))).result!.code).toBe(mine.code);
    expect(await t.call('code.bind', { user_id: reader.user.id, code: mine.code }, as(reader))).toMatchObject({ http: 400, msg: '不能使用自己的邀请码' });

    const friend = await t.createUser();
    expect(await t.call('code.bind', { user_id: reader.user.id, code: mine.code }, as(friend))).toMatchObject({ http: 404 });
    const bound = await t.call('code.bind', { user_id: friend.user.id, code: mine.code.toLowerCase() }, as(friend));
    expect(bound.code, bound.msg).toBe('200');
    expect(bound.result).toMatchObject({ ctype: 'invite', award: { days: 3, status: 'earned' } });
    expect(await t.call('code.bind', { user_id: friend.user.id, code: mine.code }, as(friend))).toMatchObject({ http: 409, msg: '这个账号已经绑定过邀请码' });

    expect((await t.call('code.mine', {}, as(reader))).result!.used_by.map((u) => u.user_id)).toEqual([friend.user.id]);
    const awards = (await t.call('award.mine', {}, as(reader))).result!.list;
    expect(awards).toMatchObject([{ kind: 'invite', days: 7, status: 'earned', code_id: mine.id }]);

    const [c1, c2] = await Promise.all([
      t.call('code.receiveAward', { code_id: mine.id }, as(reader)),
      t.call('code.receiveAward', { code_id: mine.id }, as(reader)),
    ]);
    // One claims; the other finds nothing left to claim (404) or loses the race (409).
    expect([c1.http, c2.http].filter((h) => h === 200)).toHaveLength(1);
    expect([c1.http, c2.http].every((h) => h === 200 || h === 404 || h === 409)).toBe(true);
    expect((await userRow(reader.user.id)).member_expires_at).toBe(iso(t.clock.now().getTime() + 7 * DAY));
    expect((await t.call('award.mine', {}, as(reader))).result!.list[0]).toMatchObject({ status: 'claimed' });
    expect(await t.call('code.receiveAward', { code_id: mine.id }, as(friend))).toMatchObject({ http: 200 });
    expect((await userRow(friend.user.id)).member_expires_at).toBe(iso(t.clock.now().getTime() + 3 * DAY));
  });

  it('generated one-use codes: listed with who used them, used once, register codes only at registration', async () => {
    const made = await t.call('code.generate', { ctype: 'member', remark: '直播', days: 30, count: 2 }, as(manager));
    expect(made.result!.list).toHaveLength(2);
    const [code] = made.result!.list;
    const a = await t.createUser();
    const b = await t.createUser();
    expect((await t.call('code.bind', { user_id: a.user.id, code: code!.code }, as(a))).result!.award).toMatchObject({ days: 30 });
    expect(await t.call('code.bind', { user_id: b.user.id, code: code!.code }, as(b))).toMatchObject({ http: 409, msg: '这个邀请码已被使用' });
    const list = await t.call('code.list', { ctype: 'member' }, as(manager));
    expect(list.result!.list.find((c) => c.id === code!.id)!.used_by).toMatchObject([
      { user_id: a.user.id, username: a.user.username },
    ]);
    expect(await t.call('code.bind', { user_id: b.user.id, code: 'NOPE2345' }, as(b))).toMatchObject({ http: 404, msg: '邀请码无效' });
    const reg = (await t.call('code.generate', { ctype: 'register' }, as(manager))).result!.list[0]!;
    expect(await t.call('code.bind', { user_id: b.user.id, code: reg.code }, as(b))).toMatchObject({ http: 400 });
    const csv = await t.call('code.export', { ctype: 'member' }, as(manager));
    expect(csv.headers['content-type']).toContain('text/csv');
    expect(csv.raw).toContain(code!.code);
    expect(csv.raw).toContain(`${a.user.username}(${a.user.id})`);
    expect((await t.call('code.export', {}, as(b))).http).toBe(403);
  });

  it('registration takes an invitation code when the rule says codes are on', async () => {
    const rule = await t.call('auth.registerRule', {});
    expect(rule.result).toMatchObject({ invite_code_enabled: true, invite_code_required: false });
    const reg = (await t.call('code.generate', { ctype: 'register', remark: '内测' }, as(manager))).result!.list[0]!;
    const phone = '13700001111';
    await t.app.inject({ url: '/auth/captcha?key=k1' });
    const captcha = await t.db.kysely.selectFrom('captchas').select('answer').where('key', '=', 'k1').executeTakeFirstOrThrow();
    await t.call('auth.smsSend', { phone, captcha: captcha.answer, stype: 'register', key: 'k1' });
    const bad = await t.call('auth.register', { phone, password: 'secret123', sms_code: t.sms.lastCode(phone), code: 'WRONG234' });
    expect(bad).toMatchObject({ http: 404, msg: '邀请码无效' });
    const ok = await t.call('auth.register', { phone, password: 'secret123', sms_code: t.sms.lastCode(phone), code: reg.code });
    expect(ok.code, ok.msg).toBe('200');
    const listed = (await t.call('code.list', {}, as(manager))).result!.list.find((c) => c.id === reg.id)!;
    expect(listed.used_by).toMatchObject([{ user_id: ok.result!.user.user_id }]);
  });
});

describe('weekly reading ranks', () => {
  async function read(user: { token: string }, articleId: number, seconds: number, finish = false) {
    const tv = (await t.call('history.token', { article_id: articleId }, as(user))).result!.t;
    t.clock.advance(seconds * 1000);
    const params = { article_id: articleId, spent_time: seconds, is_finish: finish, t: tv };
    const res = await t.call('history.report', params, { ...as(user), headers: { 'x-bb-sign': signParams(params, t.clock.now().getTime()) } });
    expect(res.code, res.msg).toBe('200');
  }

  it('ranks a simulated week by capped reading time, finished articles and reviews; shows my place; awards once after the week', async () => {
    // Monday 2026-11-16 10:00 China time.
    t.clock.set(new Date('2026-11-16T02:00:00.000Z'));
    const a1 = await createArticle(t);
    const a2 = await createArticle(t);
    const b = await t.createUser();
    const c = await t.createUser();
    // reader: one article left open for an hour counts 30 minutes; plus 10 minutes on another.
    await read(reader, a1, 3000);
    await read(reader, a1, 600, true);
    await read(reader, a2, 600);
    // b: 35 minutes over two articles, both finished.
    await read(b, a1, 1200, true);
    await read(b, a2, 900, true);
    // c reads on Monday of the next week only.
    t.clock.set(new Date('2026-11-23T01:00:00.000Z'));
    await read(c, a1, 600);
    t.clock.set(new Date('2026-11-20T04:00:00.000Z'));

    const week = await t.call('rank.week', { cat: 'time', rank_date: '2026-11-18' }, as(reader));
    expect(week.code, week.msg).toBe('200');
    expect(week.result).toMatchObject({ week_start: '2026-11-16', week_end: '2026-11-22', ended: false });
    expect(week.result!.list.map((r) => [r.rank, r.user_id, r.value])).toEqual([
      [1, reader.user.id, 40],
      [2, b.user.id, 35],
    ]);
    expect(week.result!.me).toEqual({ rank: 1, value: 40 });
    const finish = await t.call('rank.week', { cat: 'finish', rank_date: '2026-11-16' }, as(c));
    expect(finish.result!.list.map((r) => [r.rank, r.user_id, r.value])).toEqual([
      [1, b.user.id, 2],
      [2, reader.user.id, 1],
    ]);
    expect(finish.result!.me).toEqual({ rank: null, value: 0 });

    expect(await t.call('rank.receiveAward', { rank_date: '2026-11-16' }, as(reader))).toMatchObject({ http: 400, msg: '这一周还没结束，结束后再来领取' });
    // Sunday 23:59:59 China time is still the week; Monday 00:00 is not.
    t.clock.set(new Date('2026-11-22T15:59:59.000Z'));
    expect((await t.call('rank.week', { cat: 'time', rank_date: '2026-11-22' }, as(reader))).result!.ended).toBe(false);
    t.clock.set(new Date('2026-11-22T16:00:00.000Z'));
    const ended = await t.call('rank.week', { cat: 'time', rank_date: '2026-11-16' }, as(reader));
    expect(ended.result!.award).toEqual({ top: 10, days: 7, claimable: true, claimed: false });

    const [r1, r2] = await Promise.all([
      t.call('rank.receiveAward', { rank_date: '2026-11-20' }, as(reader)),
      t.call('rank.receiveAward', { rank_date: '2026-11-20' }, as(reader)),
    ]);
    expect([r1.http, r2.http].sort()).toEqual([200, 409]);
    const won = (r1.http === 200 ? r1 : r2).result!;
    // 1st by time (7 days), 2nd by finished (5 days).
    expect(won.days).toBe(12);
    expect((await userRow(reader.user.id)).member_expires_at).toBe(iso(t.clock.now().getTime() + 12 * DAY));
    expect((await t.call('rank.week', { cat: 'time', rank_date: '2026-11-16' }, as(reader))).result!.award).toMatchObject({ claimable: false, claimed: true });
    expect(await t.call('rank.receiveAward', { rank_date: '2026-11-16' }, as(c))).toMatchObject({ http: 400 });
  });

  it('counts distinct cards reviewed', async () => {
    const add = await t.call('words.add', { word: 'zebra' }, as(reader));
    expect(add.code, add.msg).toBe('200');
    const card = (await t.call('words.detail', { word: 'zebra' }, as(reader))).result!;
    await t.call('words.review', { id: card.item.id, rating: 1 }, as(reader));
    t.clock.advance(5 * MINUTE);
    await t.call('words.review', { id: card.item.id, rating: 3 }, as(reader));
    const week = await t.call('rank.week', { cat: 'review' }, as(reader));
    expect(week.result!.list).toMatchObject([{ user_id: reader.user.id, value: 1 }]);
  });
});
