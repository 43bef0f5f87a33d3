import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/test-app.js';
import { MINUTE } from '../../lib/clock.js';

let t: TestApp;
afterEach(() => t.close());

const userCount = async () =>
  Number(
    (
      await t.db.kysely
        .selectFrom('users')
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .executeTakeFirstOrThrow()
    ).n,
  );

/** Solves the captcha the way a person reads it: the answer is in the database. */
async function solveCaptcha(key: string) {
  const image = await t.call('auth.captcha', { key });
  expect(image.http).toBe(200);
  expect(image.headers['content-type']).toContain('image/svg+xml');
  const row = await t.db.kysely.selectFrom('captchas').select('answer').where('key', '=', key).executeTakeFirstOrThrow();
  return row.answer;
}

async function sendSms(phone: string, stype: 'register' | 'reset', key = 'client-1') {
  const captcha = await solveCaptcha(key);
  return t.call('auth.smsSend', { phone, captcha, stype, key });
}

describe('registration without SMS (console provider)', () => {
  beforeEach(async () => {
    t = await createTestApp({ smsDelivers: false });
  });

  it('tells the client that no SMS code is needed', async () => {
    const rule = await t.call('auth.registerRule');
    expect(rule.result).toMatchObject({ sms_required: false, invite_code_required: false, password: { min_length: 8 } });
  });

  it('registers by phone and answers a token that logs in', async () => {
    const res = await t.call('auth.registerByPhone', { phone: '13912345678', password: 'reading2026' });
    expect(res.code).toBe('200');
    expect(res.result?.user).toMatchObject({ phone: '13912345678', role: 'user', is_member: false });
    expect(res.result?.user.username).toMatch(/^读者\d{6}$/);
    const me = await t.call('user.me', {}, { token: res.result!.token });
    expect(me.result?.user_id).toBe(res.result!.user.user_id);
  });

  it('refuses a phone that is already registered and writes nothing', async () => {
    await t.call('auth.registerByPhone', { phone: '13912345678', password: 'reading2026' });
    const again = await t.call('auth.registerByPhone', { phone: '13912345678', password: 'other2026x' });
    expect(again).toMatchObject({ http: 409, code: '409', msg: '该手机号已注册，请直接登录' });
    expect(await userCount()).toBe(1);
  });

  it.each([
    [{ password: 'reading2026' }, '请填写手机号'],
    [{ phone: '1391234', password: 'reading2026' }, '请输入正确的 11 位手机号'],
    [{ phone: '13912345678' }, '请填写密码'],
    [{ phone: '13912345678', password: 'short1' }, '密码至少需要 8 位'],
    [{ phone: '13912345678', password: 'onlyletters' }, '密码需同时包含字母和数字'],
  ])('answers 400 naming the field for %j', async (input, msg) => {
    const res = await t.call('auth.registerByPhone', input as never);
    expect(res).toMatchObject({ http: 400, code: '400', msg, result: null });
    expect(await userCount()).toBe(0);
  });
});

describe('registration with SMS (a delivering provider)', () => {
  beforeEach(async () => {
    t = await createTestApp({ smsDelivers: true });
  });

  it('tells the client that an SMS code is needed', async () => {
    expect((await t.call('auth.registerRule')).result?.sms_required).toBe(true);
  });

  it('registers with captcha, SMS code and /auth/register', async () => {
    const sent = await sendSms('13912345678', 'register');
    expect(sent.result).toEqual({ expires_in: 600, resend_after: 60 });
    const res = await t.call('auth.register', { phone: '13912345678', password: 'reading2026', sms_code: t.sms.lastCode('13912345678') });
    expect(res.code).toBe('200');
    expect(res.result?.token).toBeTruthy();
  });

  it('register_by_phone also needs the SMS code then', async () => {
    const missing = await t.call('auth.registerByPhone', { phone: '13912345678', password: 'reading2026' });
    expect(missing).toMatchObject({ http: 400, msg: '请填写短信验证码' });
    await sendSms('13912345678', 'register');
    const ok = await t.call('auth.registerByPhone', { phone: '13912345678', password: 'reading2026', code: t.sms.lastCode('13912345678') });
    expect(ok.code).toBe('200');
  });

  it('refuses a wrong SMS code, then locks the code after five wrong tries', async () => {
    await sendSms('13912345678', 'register');
    const right = t.sms.lastCode('13912345678');
    const wrong = right === '000000' ? '111111' : '000000';
    for (let i = 0; i < 5; i++) {
      const res = await t.call('auth.register', { phone: '13912345678', password: 'reading2026', sms_code: wrong });
      expect(res).toMatchObject({ http: 400, msg: '短信验证码不正确' });
    }
    const locked = await t.call('auth.register', { phone: '13912345678', password: 'reading2026', sms_code: right });
    expect(locked.msg).toBe('短信验证码错误次数太多，请重新获取');
    expect(await userCount()).toBe(0);
  });

  it('refuses an expired SMS code', async () => {
    await sendSms('13912345678', 'register');
    t.clock.advance(11 * MINUTE);
    const res = await t.call('auth.register', { phone: '13912345678', password: 'reading2026', sms_code: t.sms.lastCode('13912345678') });
    expect(res.msg).toBe('短信验证码已过期，请重新获取');
  });

  it('refuses an invitation code that does not exist, making no account', async () => {
    await sendSms('13912345678', 'register');
    const res = await t.call('auth.register', {
      phone: '13912345678',
      password: 'reading2026',
      sms_code: t.sms.lastCode('13912345678'),
      code: 'ABC123',
    });
    expect(res).toMatchObject({ http: 404, msg: '邀请码无效' });
    expect(await userCount()).toBe(0);
  });
});

describe('captcha and SMS sending', () => {
  beforeEach(async () => {
    t = await createTestApp();
  });

  it('needs the right captcha, and each captcha works once', async () => {
    const captcha = await solveCaptcha('k1');
    const wrong = await t.call('auth.smsSend', { phone: '13912345678', captcha: 'zzzz', stype: 'register', key: 'k1' });
    expect(wrong).toMatchObject({ http: 400, msg: '图形验证码不正确，请重新输入' });
    // The failed attempt used the captcha up: even the right answer needs a new image now.
    const reused = await t.call('auth.smsSend', { phone: '13912345678', captcha, stype: 'register', key: 'k1' });
    expect(reused.msg).toBe('图形验证码已过期，请点击图片刷新');
    expect(t.sms.sent).toHaveLength(0);
  });

  it('takes the captcha key from the X-BB-CUID header when the body has none', async () => {
    const captcha = await solveCaptcha('cuid-abc');
    const res = await t.call(
      'auth.smsSend',
      { phone: '13912345678', captcha, stype: 'register' },
      { headers: { 'x-bb-cuid': 'cuid-abc' } },
    );
    expect(res.code).toBe('200');
  });

  it('expires captchas after five minutes', async () => {
    const captcha = await solveCaptcha('k1');
    t.clock.advance(6 * MINUTE);
    const res = await t.call('auth.smsSend', { phone: '13912345678', captcha, stype: 'register', key: 'k1' });
    expect(res.msg).toBe('图形验证码已过期，请点击图片刷新');
  });

  it('defaults stype to reset, which needs a registered phone', async () => {
    const captcha = await solveCaptcha('k1');
    const res = await t.call('auth.smsSend', { phone: '13912345678', captcha, key: 'k1' });
    expect(res).toMatchObject({ http: 404, msg: '该手机号还没有注册' });
  });

  it('refuses a register code for a registered phone', async () => {
    const { user } = await t.createUser();
    const res = await sendSms(user.phone!, 'register');
    expect(res).toMatchObject({ http: 409, msg: '该手机号已注册，请直接登录' });
  });

  it('waits 60 seconds between codes to one phone', async () => {
    expect((await sendSms('13912345678', 'register')).code).toBe('200');
    const soon = await sendSms('13912345678', 'register');
    expect(soon.http).toBe(429);
    expect(soon.msg).toMatch(/^验证码已发送，请 \d+ 秒后再获取$/);
    t.clock.advance(61_000);
    expect((await sendSms('13912345678', 'register')).code).toBe('200');
    expect(t.sms.sent).toHaveLength(2);
  });

  it('rejects an unknown stype and a malformed key', async () => {
    const bad = await t.call('auth.smsSend', { phone: '13912345678', captcha: 'abcd', stype: 'spam' as never, key: 'k1' });
    expect(bad.msg).toBe('短信类型只能是 register 或 reset');
    const key = await t.call('auth.captcha', { key: '../etc' });
    expect(key).toMatchObject({ http: 400, msg: '验证码标识格式不正确' });
  });
});

describe('login, logout and passwords', () => {
  beforeEach(async () => {
    t = await createTestApp();
  });

  it('logs in by phone or by username, case-insensitively for usernames', async () => {
    const { user, password } = await t.createUser({ username: 'Amy_Reads' });
    expect((await t.call('auth.login', { username: user.phone!, password })).code).toBe('200');
    expect((await t.call('auth.login', { username: 'amy_reads', password })).code).toBe('200');
  });

  it('answers the same 400 for a wrong password and an unknown account', async () => {
    const { user } = await t.createUser();
    const wrong = await t.call('auth.login', { username: user.username, password: 'nope12345' });
    const unknown = await t.call('auth.login', { username: 'nobody_here', password: 'nope12345' });
    expect(wrong).toMatchObject({ http: 400, msg: '账号或密码不正确' });
    expect(unknown.msg).toBe(wrong.msg);
  });

  it('logs out: the token stops working', async () => {
    const { token } = await t.createUser();
    expect((await t.call('auth.logout', {}, { token })).code).toBe('200');
    expect((await t.call('user.me', {}, { token })).result).toBeNull();
    expect((await t.call('user.changeUsername', { username: 'newname' }, { token })).http).toBe(401);
  });

  it('changes the own password: old sessions end, the new token and password work', async () => {
    const { user, token, password } = await t.createUser();
    const other = (await t.call('auth.login', { username: user.username, password })).result!.token;
    const res = await t.call('auth.changePassword', { old_password: password, new_password: 'brandnew42' }, { token });
    expect(res.code).toBe('200');
    expect((await t.call('user.me', {}, { token: other })).result).toBeNull();
    expect((await t.call('user.me', {}, { token })).result).toBeNull();
    expect((await t.call('user.me', {}, { token: res.result!.token })).result?.user_id).toBe(user.id);
    expect((await t.call('auth.login', { username: user.username, password })).code).toBe('400');
    expect((await t.call('auth.login', { username: user.username, password: 'brandnew42' })).code).toBe('200');
  });

  it.each([
    [{ new_password: 'brandnew42' }, '请填写旧密码'],
    [{ old_password: 'wrongpass1', new_password: 'brandnew42' }, '旧密码不正确'],
    [{ old_password: 'secret123', new_password: 'secret123' }, '新密码不能与旧密码相同'],
    [{ old_password: 'secret123', new_password: 'short' }, '新密码至少需要 8 位'],
  ])('refuses %j with a 400 and keeps the password', async (input, msg) => {
    const { user, token } = await t.createUser({ password: 'secret123' });
    expect(await t.call('auth.changePassword', input, { token })).toMatchObject({ http: 400, msg });
    expect((await t.call('auth.login', { username: user.username, password: 'secret123' })).code).toBe('200');
  });

  it('lets a super user set anyone’s password, and no one else', async () => {
    const target = await t.createUser();
    const manager = await t.createUser({ role: 'manager' });
    const admin = await t.createUser({ role: 'super' });
    const denied = await t.call('auth.changePassword', { user_id: target.user.id, new_password: 'byadmin99' }, { token: manager.token });
    expect(denied).toMatchObject({ http: 403, msg: '只有超级管理员可以为其他用户设置密码' });
    const res = await t.call('auth.changePassword', { user_id: target.user.id, new_password: 'byadmin99' }, { token: admin.token });
    expect(res.result).toEqual({ token: null, expires_at: null });
    expect((await t.call('user.me', {}, { token: target.token })).result).toBeNull();
    expect((await t.call('auth.login', { username: target.user.username, password: 'byadmin99' })).code).toBe('200');
    const missing = await t.call('auth.changePassword', { user_id: 99999, new_password: 'byadmin99' }, { token: admin.token });
    expect(missing.http).toBe(404);
  });

  it('resets a forgotten password with an SMS code', async () => {
    const { user, token } = await t.createUser();
    await sendSms(user.phone!, 'reset');
    const res = await t.call('auth.resetPassword', {
      phone: user.phone!,
      new_password: 'remember77',
      sms_code: t.sms.lastCode(user.phone!),
    });
    expect(res.result).toEqual({ ok: true });
    expect((await t.call('user.me', {}, { token })).result).toBeNull();
    expect((await t.call('auth.login', { username: user.phone!, password: 'remember77' })).code).toBe('200');
  });

  it('expires tokens after the configured lifetime', async () => {
    const { token } = await t.createUser();
    t.clock.advance(31 * 24 * 60 * MINUTE);
    expect((await t.call('user.me', {}, { token })).result).toBeNull();
    expect((await t.call('auth.logout', {}, { token })).msg).toBe('登录已过期，请重新登录');
  });
});

describe('rate limits', () => {
  beforeEach(async () => {
    t = await createTestApp({ env: { RATE_LIMIT: 'true' } });
  });

  it('stops repeated wrong logins to one account from one address with a 429 that says when to retry', async () => {
    const { user } = await t.createUser();
    const codes: string[] = [];
    for (let i = 0; i < 10; i++) codes.push((await t.call('auth.login', { username: user.username, password: 'wrong1234' })).code);
    expect(codes).toEqual(Array(10).fill('400'));
    const stopped = await t.call('auth.login', { username: user.username, password: 'wrong1234' });
    expect(stopped).toMatchObject({ http: 429, msg: '登录失败次数太多，请 15 分钟后再试' });
    expect(stopped.headers['retry-after']).toBe('900');
    t.clock.advance(15 * MINUTE);
    expect((await t.call('auth.login', { username: user.username, password: 'wrong1234' })).code).toBe('400');
  });
});

describe('the SMS outbox', () => {
  const outbox = async () => {
    const admin = await t.createUser({ role: 'super' });
    return (await t.call('sms.outbox', {}, { token: admin.token })).result?.list;
  };

  it('keeps each code sent while no provider delivers messages, for a super user to read', async () => {
    t = await createTestApp({ smsDelivers: false });
    expect((await sendSms('13900000003', 'register')).code).toBe('200');
    const kept = await outbox();
    expect(kept).toEqual([expect.objectContaining({ phone: '13900000003', stype: 'register', provider: 'fake' })]);
    expect(kept?.[0]?.text).toContain(t.sms.lastCode('13900000003'));
  });

  it('keeps nothing that a provider delivered to a phone', async () => {
    t = await createTestApp({ smsDelivers: true });
    expect((await sendSms('13900000003', 'register')).code).toBe('200');
    expect(t.sms.lastCode('13900000003')).toMatch(/^\d{6}$/);
    expect(await outbox()).toEqual([]);
  });
});
