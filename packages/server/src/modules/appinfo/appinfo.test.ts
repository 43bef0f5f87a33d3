import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { startFakeWechat, type FakeWechat } from '../../../test/fake-wechat.js';
import { createTestApp, type TestApp } from '../../../test/test-app.js';
import { HOUR } from '../../lib/clock.js';
import { jssdkSignature } from '../../providers/wechat/index.js';
import { compareVersions } from './index.js';

let t: TestApp;
let fake: FakeWechat;
beforeAll(async () => {
  fake = await startFakeWechat({ appId: 'wx0123456789', secret: 'the-secret' });
});
afterAll(() => fake.close());
afterEach(() => t?.close());

const wechatEnv = () => ({
  WX_APP_ID: 'wx0123456789',
  WX_APP_SECRET: 'the-secret',
  WX_API_BASE: fake.origin,
  QYWX_CORP_ID: 'wx0123456789',
  QYWX_CORP_SECRET: 'the-secret',
  QYWX_API_BASE: fake.origin,
  FETCH_ALLOW_PRIVATE: `127.0.0.1:${fake.port}`,
});

describe('the WeChat JS-SDK signature', () => {
  it("reproduces WeChat's documented example", () => {
    expect(
      jssdkSignature({
        ticket: 'sM4AOVdWfPE4DxkXGEs8VMCPGGVi4C3VM0P37wVUCFvkVAy_90u5h9nbSlYy3-Sl-HhTdfl2fzFy1AOcHKP7qg',
        nonceStr: 'Wm3WZYTPz0wzccnW',
        timestamp: 1414587457,
        url: 'http://mp.weixin.qq.com?params=value',
      }),
    ).toBe('0f9de62fce790f9a083d5c99e95740ceb90c27ed');
  });

  it('signs the URL without its fragment', () => {
    const base = { ticket: 'T', nonceStr: 'n', timestamp: 1 };
    expect(jssdkSignature({ ...base, url: 'https://a.example/p?x=1#top' })).toBe(
      jssdkSignature({ ...base, url: 'https://a.example/p?x=1' }),
    );
  });

  it('answers 503 with a clear message when WeChat is not configured', async () => {
    t = await createTestApp();
    const res = await t.call('wx.jssdkConfig', { url: 'https://changdu.example/article/1' });
    expect(res.code).toBe('503');
    expect(res.msg).toContain('未配置微信公众号');
    const qy = await t.call('wx.jssdkConfig', { url: 'https://changdu.example/', cat: 'qywx' });
    expect(qy.code).toBe('503');
    expect(qy.msg).toContain('企业微信');
  });

  it('fetches the token and ticket from the API once and signs with them until they expire', async () => {
    t = await createTestApp({ env: wechatEnv() });
    fake.hits.length = 0;
    const url = 'https://changdu.example/article/7?from=share#p3';
    const first = await t.call('wx.jssdkConfig', { url });
    expect(first.code).toBe('200');
    const r = first.result!;
    expect(r.appId).toBe('wx0123456789');
    expect(r.timestamp).toBe(Math.floor(t.clock.now().getTime() / 1000));
    expect(r.signature).toBe(jssdkSignature({ ticket: fake.ticket, nonceStr: r.nonceStr, timestamp: r.timestamp, url }));
    await t.call('wx.jssdkConfig', { url });
    expect(fake.hits).toEqual(['/cgi-bin/token', '/cgi-bin/ticket/getticket']);

    // WeChat's tickets live 7200 s; after that both are fetched again.
    t.clock.advance(2 * HOUR);
    fake.ticket = 'second-ticket';
    const later = (await t.call('wx.jssdkConfig', { url })).result!;
    expect(fake.hits).toEqual(['/cgi-bin/token', '/cgi-bin/ticket/getticket', '/cgi-bin/token', '/cgi-bin/ticket/getticket']);
    expect(later.signature).toBe(jssdkSignature({ ticket: 'second-ticket', nonceStr: later.nonceStr, timestamp: later.timestamp, url }));
    fake.ticket = 'sM4AOVdWfPE4DxkXGEs8VMCPGGVi4C3VM0P37wVUCFvkVAy_90u5h9nbSlYy3-Sl-HhTdfl2fzFy1AOcHKP7qg';
  });

  it('uses the WeCom endpoints for cat=qywx', async () => {
    t = await createTestApp({ env: wechatEnv() });
    fake.hits.length = 0;
    const res = await t.call('wx.jssdkConfig', { url: 'https://changdu.example/', cat: 'qywx' });
    expect(res.result?.cat).toBe('qywx');
    expect(fake.hits).toEqual(['/cgi-bin/gettoken', '/cgi-bin/get_jsapi_ticket']);
  });

  it("passes WeChat's own error on as 503", async () => {
    t = await createTestApp({ env: { ...wechatEnv(), WX_APP_SECRET: 'wrong' } });
    const res = await t.call('wx.jssdkConfig', { url: 'https://changdu.example/' });
    expect(res.code).toBe('503');
    expect(res.msg).toContain('40125');
  });

  it('refuses a page address that is not http(s)', async () => {
    t = await createTestApp({ env: wechatEnv() });
    const res = await t.call('wx.jssdkConfig', { url: 'javascript:alert(1)' });
    expect(res.code).toBe('400');
  });
});

describe('binding a WeChat openid', () => {
  it('lets a manager bind an openid, which then finds the user; the openid moves if bound again', async () => {
    t = await createTestApp();
    const manager = await t.createUser({ role: 'manager' });
    const a = await t.createUser();
    const b = await t.createUser();
    const bound = await t.call('user.bindWx', { user_id: a.user.id, openid: 'oAbc_123' }, { token: manager.token });
    expect(bound.result).toMatchObject({ user_id: a.user.id, openid: 'oAbc_123' });
    const found = await t.call('user.searchWx', { openid: 'oAbc_123' }, { token: manager.token });
    expect(found.result?.list.map((u) => u.user_id)).toEqual([a.user.id]);
    await t.call('user.bindWx', { user_id: b.user.id, openid: 'oAbc_123' }, { token: manager.token });
    const after = await t.call('user.searchWx', { openid: 'oAbc_123' }, { token: manager.token });
    expect(after.result?.list.map((u) => u.user_id)).toEqual([b.user.id]);
  });

  it('is for managers only, and a missing user is 404', async () => {
    t = await createTestApp();
    const reader = await t.createUser();
    const manager = await t.createUser({ role: 'manager' });
    expect((await t.call('user.bindWx', { user_id: reader.user.id, openid: 'oX' }, { token: reader.token })).code).toBe('403');
    expect((await t.call('user.searchWx', { openid: 'oX' }, { token: reader.token })).code).toBe('403');
    expect((await t.call('user.bindWx', { user_id: 999999, openid: 'oX' }, { token: manager.token })).code).toBe('404');
  });
});

describe('app info set by managers', () => {
  it('shows the WeCom contact with a QR of its link, and the notice, once a manager sets them', async () => {
    t = await createTestApp();
    const manager = await t.createUser({ role: 'manager' });
    expect((await t.call('appinfo.contactQywx')).result).toEqual({ link: null, qr: null, note: null });
    expect((await t.call('appinfo.notify')).result).toBeNull();

    await t.call(
      'appinfo.saveContactQywx',
      { link: 'https://work.weixin.qq.com/kfid/kfc123', note: '工作日 9–18 点' },
      { token: manager.token },
    );
    const contact = (await t.call('appinfo.contactQywx')).result!;
    expect(contact.link).toBe('https://work.weixin.qq.com/kfid/kfc123');
    expect(contact.qr).toMatch(/^data:image\/png;base64,/);

    const refused = await t.call('appinfo.saveNotify', { enabled: true, title: '维护通知' }, { token: manager.token });
    expect(refused.code).toBe('400');
    await t.call('appinfo.saveNotify', { enabled: true, title: '维护通知', content: '今晚 23 点维护 10 分钟' }, { token: manager.token });
    expect((await t.call('appinfo.notify')).result).toMatchObject({ title: '维护通知', content: '今晚 23 点维护 10 分钟', link: null });
    await t.call('appinfo.saveNotify', { enabled: false }, { token: manager.token });
    expect((await t.call('appinfo.notify')).result).toBeNull();
  });

  it('refuses readers', async () => {
    t = await createTestApp();
    const reader = await t.createUser();
    expect((await t.call('appinfo.saveNotify', { enabled: false }, { token: reader.token })).code).toBe('403');
    expect((await t.call('appinfo.saveContactQywx', {}, { token: reader.token })).code).toBe('403');
    expect(
      (
        await t.call(
          'appinfo.saveAppVersion',
          { platform: 'android', version: '1.0.0', version_code: 1, url: 'https://x.example/a.apk' },
          { token: reader.token },
        )
      ).code,
    ).toBe('403');
    expect((await t.call('appinfo.settings', {}, { token: reader.token })).code).toBe('403');
  });
});

describe('the app upgrade check', () => {
  it("answers the latest version for the caller's platform from the client-info string", async () => {
    t = await createTestApp();
    const manager = await t.createUser({ role: 'manager' });
    await t.call(
      'appinfo.saveAppVersion',
      { platform: 'android', version: '1.3.0', version_code: 130, notes: '修复了音频播放', url: 'https://dl.example/changdu-1.3.0.apk' },
      { token: manager.token },
    );
    const old = await t.call('appinfo.appVersion', {}, { headers: { 'x-client-info': 'app_android_huawei_120_1.2.0' } });
    expect(old.result).toMatchObject({
      platform: 'android',
      current: { version: '1.2.0', version_code: 120 },
      latest: { version: '1.3.0', version_code: 130, notes: '修复了音频播放', url: 'https://dl.example/changdu-1.3.0.apk', force: false },
      has_update: true,
    });
    const fresh = await t.call('appinfo.appVersion', {}, { headers: { 'x-client-info': 'app_android_huawei_130_1.3.0' } });
    expect(fresh.result?.has_update).toBe(false);
    const ios = await t.call('appinfo.appVersion', {}, { headers: { 'x-client-info': 'app_ios_appstore_100_1.0.0' } });
    expect(ios.result).toMatchObject({ platform: 'ios', latest: null, has_update: false });
    const web = await t.call('appinfo.appVersion', { platform: 'android' });
    expect(web.result).toMatchObject({ platform: 'android', current: null, has_update: false, latest: { version: '1.3.0' } });
  });

  it('compares versions by number', () => {
    expect(compareVersions('1.10.0', '1.9.2')).toBe(1);
    expect(compareVersions('1.2', '1.2.0')).toBe(0);
    expect(compareVersions('0.9', '1.0')).toBe(-1);
  });
});
