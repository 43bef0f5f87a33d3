import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import { endpoints, fillPath, roles, satisfies, type Endpoint, type Role } from '@changdu/contract';
import { afterEach, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/test-app.js';
import { DAY } from '../lib/clock.js';
import { tokensService } from '../modules/auth/tokens.service.js';
import { usersService } from '../modules/users/users.service.js';

let t: TestApp;
afterEach(() => t.close());

const table = Object.entries(endpoints) as [string, Endpoint][];

/** Fills path params with a harmless value so every route can be reached. */
const urlOf = (ep: Endpoint) =>
  fillPath(ep.path, Object.fromEntries(ep.path.match(/\{\w+\??\}/g)?.map((p) => [p.replace(/\W/g, ''), '1']) ?? [])).url;

describe('the contract table', () => {
  it('is served in full: every endpoint has a route', async () => {
    t = await createTestApp();
    for (const [name, ep] of table) {
      const res = await t.app.inject({ method: ep.method, url: urlOf(ep), payload: ep.method === 'POST' ? {} : undefined });
      expect(res.body, name).not.toContain('接口不存在');
    }
  });

  it('is checked against every role (authorisation matrix)', async () => {
    t = await createTestApp();
    const tokens = tokensService(t.db, t.clock, { users: usersService(t.db, t.clock), ttlDays: 30, events: null, log: t.app.log });
    const users: Partial<Record<Role, number>> = {};
    users.user = (await t.createUser()).user.id;
    users.member = (await t.createUser()).user.id;
    await t.db.kysely
      .updateTable('users')
      .set({ member_level: 1, member_expires_at: new Date(t.clock.now().getTime() + 30 * DAY).toISOString() })
      .where('id', '=', users.member)
      .execute();
    users.manager = (await t.createUser({ role: 'manager' })).user.id;
    users.super = (await t.createUser({ role: 'super' })).user.id;

    for (const [name, ep] of table) {
      for (const role of roles) {
        // A fresh token per call: logout or a password change must not spoil the next call.
        const token = role === 'anonymous' ? null : (await tokens.issue(users[role]!, { userAgent: null, ip: null })).token;
        const res = await t.app.inject({
          method: ep.method,
          url: urlOf(ep),
          headers: token ? { authorization: `Bearer ${token}` } : {},
          payload: ep.method === 'POST' ? {} : undefined,
        });
        const code = res.statusCode;
        const label = `${name} as ${role}`;
        if (satisfies(role, ep.role)) expect([401, 403], label).not.toContain(code);
        else expect(code, label).toBe(role === 'anonymous' ? 401 : 403);
      }
    }
  });

  it('serves an OpenAPI document generated from the table', async () => {
    t = await createTestApp();
    const res = await t.app.inject({ url: '/api/openapi.json' });
    expect(res.headers['content-type']).toContain('application/json');
    const doc = res.json();
    expect(doc.openapi).toBe('3.1.0');
    for (const [, ep] of table) expect(doc.paths[ep.path], ep.path).toHaveProperty(ep.method.toLowerCase());
  });
});

/** A login whose JSON body breaks off: refused by the parser, before any route runs. */
const postBrokenJson = () =>
  t.app.inject({ method: 'POST', url: '/auth/login', headers: { 'content-type': 'application/json' }, payload: '{"username":' });

describe('errors in the envelope', () => {
  it('answers unknown API paths with a 404 envelope', async () => {
    t = await createTestApp();
    for (const url of ['/api/nothing', '/auth/nothing', '/reader/nothing/deeper']) {
      const res = await t.app.inject({ url });
      expect(res.statusCode).toBe(404);
      expect(res.json()).toEqual({ status: { code: '404', msg: '接口不存在' }, result: null });
    }
    expect((await t.app.inject({ method: 'POST', url: '/api/nothing', payload: {} })).json().status.code).toBe('404');
  });

  it('answers broken JSON with a 400 envelope', async () => {
    t = await createTestApp();
    const res = await postBrokenJson();
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ status: { code: '400', msg: '请求内容不是有效的 JSON' }, result: null });
  });

  it('answers a JSON array body with a 400 naming the problem', async () => {
    t = await createTestApp();
    const res = await t.app.inject({ method: 'POST', url: '/auth/login', payload: [1, 2] });
    expect(res.json().status).toEqual({ code: '400', msg: '请填写手机号或用户名' });
  });

  it('hides a crash behind a 500 with the request id and no stack', async () => {
    t = await createTestApp();
    t.app.get('/api/test-crash', async () => {
      throw new Error('secret internals at /srv/app.ts:42');
    });
    const res = await t.app.inject({ url: '/api/test-crash' });
    expect(res.statusCode).toBe(500);
    const body = res.json();
    expect(body.status.code).toBe('500');
    expect(body.status.msg).toContain(String(res.headers['x-request-id']));
    expect(res.body).not.toContain('secret internals');
    expect(res.body).not.toContain('.ts');
  });

  it('sends the API security headers on JSON answers and the full set, with the CSP for pages, on files a browser may show', async () => {
    t = await createTestApp();
    const json = await t.app.inject({ url: '/api/health' });
    expect(json.headers).toMatchObject({
      'content-security-policy': "default-src 'none';frame-ancestors 'none'",
      'x-content-type-options': 'nosniff',
      'x-frame-options': 'DENY',
      'cross-origin-resource-policy': 'same-site',
    });
    expect(json.headers['cross-origin-opener-policy']).toBeUndefined();
    // An error answer of an endpoint is JSON too.
    const refused = await t.app.inject({ url: '/api/english/word?word=' });
    expect(refused.statusCode).toBe(400);
    expect(refused.headers['content-security-policy']).toBe("default-src 'none';frame-ancestors 'none'");
    // So is a body refused before the route's handler ran: the error handler writes the API set.
    const unparsed = await postBrokenJson();
    expect(unparsed.statusCode).toBe(400);
    expect(unparsed.json().status.msg).toBe('请求内容不是有效的 JSON');
    expect(unparsed.headers).toMatchObject({
      'content-security-policy': "default-src 'none';frame-ancestors 'none'",
      'x-content-type-options': 'nosniff',
    });
    expect(unparsed.headers['x-request-id']).toEqual(expect.any(String));
    // An SVG opened on its own is a document: it keeps the page CSP (own scripts only) and the rest.
    const svg = await t.app.inject({ url: '/auth/captcha?key=platformtest1' });
    expect(svg.headers['content-type']).toContain('image/svg+xml');
    expect(svg.headers['content-security-policy']).toContain("script-src 'self'");
    expect(svg.headers['cross-origin-resource-policy']).toBe('same-site');
    // No opener policy on any answer (docs/decisions.md "No opener policy").
    expect(svg.headers['cross-origin-opener-policy']).toBeUndefined();
    expect(svg.headers['x-frame-options']).toBe('SAMEORIGIN');
  });
});

describe('the built web app', () => {
  it('serves assets with a long cache and index.html for every other page', async () => {
    const dist = fs.mkdtempSync(path.join(os.tmpdir(), 'changdu-dist-'));
    fs.mkdirSync(path.join(dist, 'assets'));
    fs.writeFileSync(path.join(dist, 'index.html'), '<!doctype html><title>畅读</title><div id="root"></div>');
    fs.writeFileSync(path.join(dist, 'assets', 'app-abc123.js'), 'console.log(1)');
    t = await createTestApp({ env: { WEB_DIST: dist } });

    const asset = await t.app.inject({ url: '/assets/app-abc123.js' });
    expect(asset.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    for (const url of ['/', '/Login', '/no/such/page']) {
      const page = await t.app.inject({ url });
      expect(page.statusCode, url).toBe(200);
      expect(page.body).toContain('<div id="root">');
      expect(page.headers['cache-control']).toBe('no-cache');
      expect(page.headers['content-security-policy']).toContain("script-src 'self'");
      expect(page.headers['referrer-policy']).toBe('no-referrer');
    }
    expect(asset.headers['x-content-type-options']).toBe('nosniff');
    expect(asset.headers['x-request-id']).toEqual(expect.any(String));
    // Unknown paths, API or file, are answered by the site's not-found handler under its headers.
    for (const url of ['/api/none', '/assets/gone-123.js']) {
      const missing = await t.app.inject({ url });
      expect(missing.statusCode, url).toBe(404);
      expect(missing.json().status.code, url).toBe('404');
      expect(missing.headers['content-security-policy'], url).toContain("script-src 'self'");
      expect(missing.headers['x-request-id'], url).toEqual(expect.any(String));
    }
    // Built after start: served without a restart.
    fs.writeFileSync(path.join(dist, 'assets', 'late-456.js'), 'console.log(2)');
    expect((await t.app.inject({ url: '/assets/late-456.js' })).body).toBe('console.log(2)');
  });

  it('sends a Brotli or gzip copy of an asset the build compressed to a browser that accepts it, and the file to one that does not', async () => {
    const dist = fs.mkdtempSync(path.join(os.tmpdir(), 'changdu-dist-'));
    fs.mkdirSync(path.join(dist, 'assets'));
    fs.writeFileSync(path.join(dist, 'index.html'), '<!doctype html><div id="root"></div>');
    const code = `export const words = ${JSON.stringify(Array.from({ length: 400 }, (_, i) => `word${i}`))};`;
    fs.writeFileSync(path.join(dist, 'assets', 'shared-abc123.js'), code);
    fs.writeFileSync(path.join(dist, 'assets', 'shared-abc123.js.br'), zlib.brotliCompressSync(code));
    fs.writeFileSync(path.join(dist, 'assets', 'shared-abc123.js.gz'), zlib.gzipSync(code));
    t = await createTestApp({ env: { WEB_DIST: dist } });
    const get = (encoding?: string) =>
      t!.app.inject({ url: '/assets/shared-abc123.js', headers: encoding ? { 'accept-encoding': encoding } : {} });

    const brotli = await get('gzip, deflate, br');
    expect(brotli.headers['content-encoding']).toBe('br');
    expect(zlib.brotliDecompressSync(brotli.rawPayload).toString()).toBe(code);
    expect(brotli.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(brotli.headers['vary']).toContain('accept-encoding');
    const gzip = await get('gzip');
    expect(gzip.headers['content-encoding']).toBe('gzip');
    expect(zlib.gunzipSync(gzip.rawPayload).toString()).toBe(code);
    const plain = await get();
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body).toBe(code);
  });

  it('still answers service errors in the envelope when the web app is mounted', async () => {
    const dist = fs.mkdtempSync(path.join(os.tmpdir(), 'changdu-dist-'));
    fs.writeFileSync(path.join(dist, 'index.html'), '<!doctype html><div id="root"></div>');
    t = await createTestApp({ env: { WEB_DIST: dist } });
    const res = await t.call('auth.login', { username: 'nobody_here', password: 'wrong1234' });
    expect(res).toMatchObject({ http: 400, code: '400', msg: '账号或密码不正确' });
    const crash = await t.app.inject({ method: 'POST', url: '/auth/login', headers: { 'content-type': 'application/json' }, payload: '{' });
    expect(crash.json().status.code).toBe('400');
  });
});
