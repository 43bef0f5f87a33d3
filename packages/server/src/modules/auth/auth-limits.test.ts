import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createTestApp, type CallOptions, type TestApp } from '../../../test/test-app.js';
import { MINUTE } from '../../lib/clock.js';

// Limits an attacker must not be able to turn against the account's owner. The app trusts the
// proxy here, so each request names its client address in X-Forwarded-For.
let t: TestApp;
beforeEach(async () => {
  t = await createTestApp({ env: { RATE_LIMIT: 'true', TRUST_PROXY: 'true' } });
});
afterEach(() => t.close());

const OWNER_IP = '10.0.0.1';
/** A request from `ip`, optionally with extra headers (a client id, cookies). */
const from = (ip: string, headers: Record<string, string> = {}): CallOptions => ({ headers: { 'x-forwarded-for': ip, ...headers } });

async function login(username: string, password: string, options: CallOptions) {
  const res = await t.call('auth.login', { username, password }, options);
  return { code: res.code, msg: res.msg, retryAfter: res.headers['retry-after'] };
}

/** The `bb_dev` Set-Cookie line of a login from `options`, and the device id it carries. */
async function loginForDevice(username: string, password: string, options: CallOptions) {
  const res = await t.call('auth.login', { username, password }, options);
  expect(res.code).toBe('200');
  const raw = res.headers['set-cookie'];
  const line = (Array.isArray(raw) ? raw.map(String) : [String(raw)]).find((l) => l.startsWith('bb_dev='))!;
  return { line, device: line.slice('bb_dev='.length, line.indexOf(';')) };
}

/** `n` wrong passwords for `username` from `ip`; answers their codes. */
async function wrongLogins(username: string, n: number, ip: string): Promise<string[]> {
  const codes: string[] = [];
  for (let i = 0; i < n; i++) codes.push((await login(username, 'wrong1234', from(ip))).code);
  return codes;
}

async function solveCaptcha(key: string, options: CallOptions) {
  expect((await t.call('auth.captcha', { key }, options)).http).toBe(200);
  const row = await t.db.kysely.selectFrom('captchas').select('answer').where('key', '=', key).executeTakeFirstOrThrow();
  return row.answer;
}

describe('login limits', () => {
  it('stops wrong passwords from one address, while the owner logs in from another', async () => {
    const { user, password } = await t.createUser();
    expect(await wrongLogins(user.username, 10, '10.6.6.6')).toEqual(Array(10).fill('400'));
    const stopped = await login(user.username, 'wrong1234', from('10.6.6.6'));
    expect(stopped).toEqual({ code: '429', msg: '登录失败次数太多，请 15 分钟后再试', retryAfter: '900' });
    // That address is stopped even with the right password; the owner's own is not.
    expect((await login(user.username, password, from('10.6.6.6'))).code).toBe('429');
    expect((await login(user.username, password, from(OWNER_IP))).code).toBe('200');
    t.clock.advance(15 * MINUTE);
    expect((await login(user.username, password, from('10.6.6.6'))).code).toBe('200');
  });

  it('stops guessing spread over many addresses for new devices, but not for the owner’s known address or device cookie', async () => {
    const { user, password } = await t.createUser();
    // The owner's login makes the browser a known device: a server-made id in an HttpOnly cookie.
    const { line, device } = await loginForDevice(user.username, password, from(OWNER_IP, { 'x-bb-cuid': 'owner-phone' }));
    expect(line).toMatch(/^bb_dev=[A-Za-z0-9_-]{43}; Max-Age=1814400; Path=\/; HttpOnly; SameSite=Lax$/);
    for (const ip of ['10.6.6.1', '10.6.6.2', '10.6.6.3']) {
      expect(await wrongLogins(user.username, 10, ip)).toEqual(Array(10).fill('400'));
    }
    expect((await login(user.username, 'wrong1234', from('10.6.6.4'))).code).toBe('429');
    // A new device waits for the account's hour, right password or not.
    expect(await login(user.username, password, from('10.9.9.9'))).toEqual({
      code: '429',
      msg: '登录失败次数太多，请 60 分钟后再试',
      retryAfter: '3600',
    });
    // Not a known device: the client id the owner's app sent (page scripts read it, visitor logs
    // show it), nor a device cookie the server did not make for this account.
    expect((await login(user.username, password, from('10.8.8.8', { 'x-bb-cuid': 'owner-phone' }))).code).toBe('429');
    const other = await t.createUser();
    const stranger = (await loginForDevice(other.user.username, other.password, from('10.7.7.7'))).device;
    expect((await login(user.username, password, from('10.8.8.8', { cookie: `bb_dev=${stranger}` }))).code).toBe('429');
    expect((await login(user.username, password, from('10.8.8.8', { cookie: `bb_dev=${'A'.repeat(43)}` }))).code).toBe('429');
    // Known devices: the address the owner logged in from, and the owner's device cookie from anywhere.
    expect((await login(user.username, password, from(OWNER_IP))).code).toBe('200');
    expect((await login(user.phone!, password, from('10.8.8.8', { cookie: `bb_dev=${device}` }))).code).toBe('200');
    // A known device still needs the right password.
    expect((await login(user.username, 'wrong1234', from(OWNER_IP))).msg).toBe('账号或密码不正确');
    t.clock.advance(60 * MINUTE);
    expect((await login(user.username, password, from('10.9.9.9'))).code).toBe('200');
  });

  it('counts one account however its name is typed: phone, username in any case, spaces', async () => {
    const { user } = await t.createUser({ username: 'Amy_Reads' });
    const names = [user.phone!, 'amy_reads', ' AMY_READS ', 'Amy_Reads'];
    const codes: string[] = [];
    for (let i = 0; i < 10; i++) codes.push((await login(names[i % names.length]!, 'wrong1234', from('10.6.6.6'))).code);
    expect(codes).toEqual(Array(10).fill('400'));
    expect((await login(user.phone!, 'wrong1234', from('10.6.6.6'))).code).toBe('429');
    expect((await login('amy_reads', 'wrong1234', from('10.6.6.6'))).code).toBe('429');
  });

  it('counts an unknown name under the name as typed, without case or spaces, like an account', async () => {
    const names = ['Nobody_Here', 'nobody_here', ' NOBODY_HERE'];
    const codes: string[] = [];
    for (let i = 0; i < 10; i++) codes.push((await login(names[i % names.length]!, 'wrong1234', from('10.6.6.6'))).code);
    expect(codes).toEqual(Array(10).fill('400'));
    expect(await login('nobody_here', 'wrong1234', from('10.6.6.6'))).toMatchObject({ code: '429', retryAfter: '900' });
    expect((await login('somebody_else', 'wrong1234', from('10.6.6.6'))).code).toBe('400');
  });

  it('does not count a right password as a failure', async () => {
    const { user, password } = await t.createUser();
    expect(await wrongLogins(user.username, 9, OWNER_IP)).toEqual(Array(9).fill('400'));
    expect((await login(user.username, password, from(OWNER_IP))).code).toBe('200');
    expect(await wrongLogins(user.username, 2, OWNER_IP)).toEqual(['400', '429']);
  });
});

describe('SMS limits', () => {
  it('does not let wrong captchas use up a phone’s codes', async () => {
    const { user } = await t.createUser();
    for (let i = 0; i < 6; i++) {
      await solveCaptcha(`attacker-${i}`, from('10.6.6.6'));
      const res = await t.call(
        'auth.smsSend',
        { phone: user.phone!, captcha: '0000', stype: 'reset', key: `attacker-${i}` },
        from('10.6.6.6'),
      );
      expect(res.msg).toBe('图形验证码不正确，请重新输入');
    }
    const captcha = await solveCaptcha('owner', from(OWNER_IP));
    const res = await t.call('auth.smsSend', { phone: user.phone!, captcha, stype: 'reset', key: 'owner' }, from(OWNER_IP));
    expect(res.code).toBe('200');
    expect(t.sms.sent).toHaveLength(1);
  });

  it('does not let wrong SMS codes from others block the owner’s password reset', async () => {
    const { user } = await t.createUser();
    const phone = user.phone!;
    for (let i = 0; i < 12; i++) {
      const res = await t.call('auth.resetPassword', { phone, new_password: 'taken1234', sms_code: '000000' }, from('10.6.6.6'));
      expect(res.code).toBe('400');
    }
    const captcha = await solveCaptcha('owner', from(OWNER_IP));
    expect((await t.call('auth.smsSend', { phone, captcha, stype: 'reset', key: 'owner' }, from(OWNER_IP))).code).toBe('200');
    const reset = await t.call(
      'auth.resetPassword',
      { phone, new_password: 'remember77', sms_code: t.sms.lastCode(phone) },
      from(OWNER_IP),
    );
    expect(reset.code).toBe('200');
    expect((await login(phone, 'remember77', from(OWNER_IP))).code).toBe('200');
  });

  it('tells how long to wait for the next code in Retry-After', async () => {
    const { user } = await t.createUser();
    const send = async () => {
      const captcha = await solveCaptcha('owner', from(OWNER_IP));
      return t.call('auth.smsSend', { phone: user.phone!, captcha, stype: 'reset', key: 'owner' }, from(OWNER_IP));
    };
    expect((await send()).code).toBe('200');
    t.clock.advance(20_000);
    const soon = await send();
    expect(soon).toMatchObject({ http: 429, msg: '验证码已发送，请 40 秒后再获取' });
    expect(soon.headers['retry-after']).toBe('40');
  });

  it('tells when the day’s last code frees up in Retry-After', async () => {
    const { user } = await t.createUser();
    // From a new address each time, so the per-address limit (10 an hour) stays out of the way.
    const send = async (i: number) => {
      const captcha = await solveCaptcha(`owner-${i}`, from(`10.0.1.${i}`));
      return t.call('auth.smsSend', { phone: user.phone!, captcha, stype: 'reset', key: `owner-${i}` }, from(`10.0.1.${i}`));
    };
    for (let i = 0; i < 10; i++) {
      expect((await send(i)).code).toBe('200');
      t.clock.advance(61_000);
    }
    const stopped = await send(10);
    expect(stopped).toMatchObject({ http: 429, msg: '今天获取验证码的次数太多了，请明天再试' });
    // The first code of the ten was sent 610 s ago; it turns a day old in 86,400 - 610 s.
    expect(stopped.headers['retry-after']).toBe(String(86_400 - 610));
  });
});
