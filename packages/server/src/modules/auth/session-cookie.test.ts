import { endpoints } from '@changdu/contract';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createTestApp, type CallResult, type TestApp } from '../../../test/test-app.js';
import { DAY } from '../../lib/clock.js';

/**
 * The web session lives in an HttpOnly `bb_token` cookie the server sets and clears; a
 * cookie-borne token counts only with the app's own `X-Requested-With` header (CSRF),
 * except on the GET downloads the contract lists. Bearer tokens work as before.
 */

let t: TestApp;
afterEach(() => t.close());

const APP = { 'x-requested-with': 'changdu' };
const cookie = (token: string) => ({ cookie: `bb_token=${token}` });

/** The `bb_token` Set-Cookie of a response, split into its value and lower-cased attributes. */
function sessionCookie<T>(res: CallResult<T>): { value: string; attrs: Map<string, string> } | null {
  const raw = res.headers['set-cookie'];
  const lines = Array.isArray(raw) ? raw.map(String) : typeof raw === 'string' ? [raw] : [];
  const line = lines.find((l) => l.startsWith('bb_token='));
  if (!line) return null;
  const [pair, ...rest] = line.split(';').map((p) => p.trim());
  const attrs = new Map<string, string>();
  for (const attr of rest) {
    const [k, v = ''] = attr.split('=');
    attrs.set(k!.toLowerCase(), v);
  }
  return { value: decodeURIComponent(pair!.slice('bb_token='.length)), attrs };
}

/** A cleared cookie: empty, expired at once. */
function isCleared(c: ReturnType<typeof sessionCookie>): boolean {
  if (!c || c.value !== '') return false;
  const expires = c.attrs.get('expires');
  return c.attrs.get('max-age') === '0' || (expires !== undefined && new Date(expires).getTime() <= 0);
}

describe('the session cookie', () => {
  beforeEach(async () => {
    t = await createTestApp({ smsDelivers: false });
  });

  it('is set at login: the answer’s token, HttpOnly, SameSite=Lax, Path=/, Max-Age of the token’s life, not Secure over http', async () => {
    const { user, password } = await t.createUser();
    const res = await t.call('auth.login', { username: user.username, password });
    const c = sessionCookie(res);
    expect(c?.value).toBe(res.result!.token);
    expect(c?.attrs.has('httponly')).toBe(true);
    expect(c?.attrs.get('samesite')).toBe('Lax');
    expect(c?.attrs.get('path')).toBe('/');
    expect(c?.attrs.get('max-age')).toBe(String((30 * DAY) / 1000));
    expect(c?.attrs.has('secure')).toBe(false);
  });

  it('is set at registration', async () => {
    const res = await t.call('auth.registerByPhone', { phone: '13912345678', password: 'reading2026' });
    expect(res.code).toBe('200');
    expect(sessionCookie(res)?.value).toBe(res.result!.token);
  });

  it('is not set when the login fails', async () => {
    const { user } = await t.createUser();
    const res = await t.call('auth.login', { username: user.username, password: 'wrong1234' });
    expect(res.http).toBe(400);
    expect(sessionCookie(res)).toBeNull();
  });

  it('logs the web app in only together with its X-Requested-With header', async () => {
    const { user, token } = await t.createUser();
    expect((await t.call('user.me', {}, { headers: { ...cookie(token), ...APP } })).result?.user_id).toBe(user.id);
    // The browser would send the cookie with a request a foreign page started: it does not count.
    expect((await t.call('user.me', {}, { headers: cookie(token) })).result).toBeNull();
    expect((await t.call('user.me', {}, { headers: { ...cookie(token), 'x-requested-with': 'XMLHttpRequest' } })).result).toBeNull();
    // The app identifier is not the proof: it is data a native wrapper may or may not set.
    expect((await t.call('user.me', {}, { headers: { ...cookie(token), 'x-bb-ua': 'changdu-android' } })).result).toBeNull();
  });

  it('refuses a cross-site write that carries only the cookie', async () => {
    const { token } = await t.createUser();
    const forged = await t.call('user.changeUsername', { username: 'forged_name' }, { headers: cookie(token) });
    expect(forged.http).toBe(401);
    const mine = await t.call('user.changeUsername', { username: 'my_name' }, { headers: { ...cookie(token), ...APP } });
    expect(mine.code).toBe('200');
    expect(mine.result?.username).toBe('my_name');
  });

  it('keeps the GET downloads working by cookie alone, and only those', async () => {
    const { token } = await t.createUser();
    const words = await t.call('words.export', { format: 'csv' }, { headers: cookie(token) });
    expect(words.http).toBe(200);
    const notes = await t.call('note.export', {}, { headers: cookie(token) });
    expect(notes.http).toBe(200);
    const cookieOnly = Object.entries(endpoints)
      .filter(([, ep]) => 'cookieAuth' in ep && ep.cookieAuth)
      .map(([name, ep]) => `${ep.method} ${name}`)
      .sort();
    // Plain-link downloads: exports, and the media files an <a download> or <img> opens (they change
    // nothing but may start the job that makes the file).
    expect(cookieOnly).toEqual([
      'GET article.exportFile',
      'GET article.pdf',
      'GET article.poster',
      'GET book.shareImage',
      'GET code.export',
      'GET note.export',
      'GET poster.product',
      'GET words.export',
    ]);
    // The managers' code export opens from a plain link too; a reader's cookie is still refused by role.
    const manager = await t.createUser({ role: 'manager' });
    expect((await t.call('code.export', {}, { headers: cookie(manager.token) })).http).toBe(200);
    expect((await t.call('code.export', {}, { headers: cookie(token) })).http).toBe(403);
  });

  it('is cleared at logout, and the token behind it is dead', async () => {
    const { token } = await t.createUser();
    const out = await t.call('auth.logout', {}, { headers: { ...cookie(token), ...APP } });
    expect(out.code).toBe('200');
    expect(isCleared(sessionCookie(out))).toBe(true);
    expect((await t.call('user.me', {}, { token })).result).toBeNull();
  });

  it('follows an own password change to the new token; the old one is dead', async () => {
    const { user, token, password } = await t.createUser();
    const res = await t.call(
      'auth.changePassword',
      { old_password: password, new_password: 'brandnew42' },
      { headers: { ...cookie(token), ...APP } },
    );
    expect(res.code).toBe('200');
    const c = sessionCookie(res);
    expect(c?.value).toBe(res.result!.token);
    expect(c?.value).not.toBe(token);
    expect((await t.call('user.me', {}, { headers: { ...cookie(token), ...APP } })).result).toBeNull();
    expect((await t.call('user.me', {}, { headers: { ...cookie(c!.value), ...APP } })).result?.user_id).toBe(user.id);
  });

  it('leaves a super user’s own cookie alone when they set someone else’s password', async () => {
    const admin = await t.createUser({ role: 'super' });
    const target = await t.createUser();
    const res = await t.call(
      'auth.changePassword',
      { user_id: target.user.id, new_password: 'byadmin99' },
      { headers: { ...cookie(admin.token), ...APP } },
    );
    expect(res.code).toBe('200');
    expect(sessionCookie(res)).toBeNull();
  });

  it('removes a cookie whose token is no longer live', async () => {
    const { token } = await t.createUser();
    await t.call('auth.logout', {}, { token });
    const me = await t.call('user.me', {}, { headers: { ...cookie(token), ...APP } });
    expect(me.result).toBeNull();
    expect(isCleared(sessionCookie(me))).toBe(true);
    const write = await t.call('user.changeUsername', { username: 'late_name' }, { headers: { ...cookie(token), ...APP } });
    expect(write.http).toBe(401);
    expect(isCleared(sessionCookie(write))).toBe(true);
  });

  it('leaves Bearer callers (the native app, API clients) as they were: no header needed', async () => {
    const { user, token } = await t.createUser();
    expect((await t.call('user.me', {}, { token })).result?.user_id).toBe(user.id);
    expect((await t.call('user.changeUsername', { username: 'native_name' }, { token })).code).toBe('200');
  });
});

describe('the session cookie over https', () => {
  it('is Secure when a trusted proxy says the request came over https', async () => {
    t = await createTestApp({ env: { TRUST_PROXY: 'true' } });
    const { user, password } = await t.createUser();
    const res = await t.call('auth.login', { username: user.username, password }, { headers: { 'x-forwarded-proto': 'https' } });
    expect(sessionCookie(res)?.attrs.has('secure')).toBe(true);
  });

  it('is Secure whenever the public address is https, even when the proxy does not say so (issue 27 §4f)', async () => {
    t = await createTestApp({ env: { PUBLIC_URL: 'https://changdu.example.com/', TRUST_PROXY: 'false' } });
    const { user, password } = await t.createUser();
    const res = await t.call('auth.login', { username: user.username, password });
    expect(sessionCookie(res)?.attrs.has('secure')).toBe(true);
    // Browsers are told to keep to https, on API answers and pages alike.
    expect(res.headers['strict-transport-security']).toBe('max-age=31536000; includeSubDomains');
    const logout = await t.call('auth.logout', {}, { token: res.result!.token });
    expect(sessionCookie(logout)?.attrs.has('secure')).toBe(true);
  });

  it('sends no Strict-Transport-Security on plain http', async () => {
    t = await createTestApp({ env: { PUBLIC_URL: 'http://192.168.1.20:3000/' } });
    const res = await t.call('system.health');
    expect(res.headers['strict-transport-security']).toBeUndefined();
    const page = await t.app.inject({ url: '/api/image/nothing-here.webp' });
    expect(page.headers['strict-transport-security']).toBeUndefined();
  });

  it('does not believe X-Forwarded-Proto without TRUST_PROXY', async () => {
    t = await createTestApp({ env: { TRUST_PROXY: 'false' } });
    const { user, password } = await t.createUser();
    const res = await t.call('auth.login', { username: user.username, password }, { headers: { 'x-forwarded-proto': 'https' } });
    expect(sessionCookie(res)?.attrs.has('secure')).toBe(false);
  });
});
