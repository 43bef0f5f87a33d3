import { afterEach, describe, expect, it, vi } from 'vitest';
import { ApiError, call, endpointUrl, setNavigate, unwrap } from './client';
import { fail, mockApi, ok } from '../test/api-mock';
import { sessionStarted, sessionStatus } from '../lib/session';

const navigate = vi.fn();

afterEach(() => {
  navigate.mockReset();
  setNavigate((to) => window.location.assign(to));
});

describe('api client', () => {
  it('sends the app’s own X-Requested-With, app id, client id and client info headers, and the cookies', async () => {
    document.cookie = 'bb_ua=changdu-android; path=/';
    document.cookie = 'bb_client_info=app_android_huawei_120_1.2.0; path=/';
    const api = mockApi({ 'GET /api/user/me': ok(null) });

    await call('user.me', {});

    const [request] = api.requests;
    expect(request?.headers['x-requested-with']).toBe('changdu');
    expect(api.fetchMock.mock.calls[0]?.[1]?.credentials).toBe('same-origin');
    expect(request?.headers['x-bb-ua']).toBe('changdu-android');
    expect(request?.headers['x-bb-cuid']).toMatch(/^[A-Za-z0-9_-]+$/);
    expect(request?.headers['x-client-info']).toBe('app_android_huawei_120_1.2.0');
  });

  it('takes the client info from window.__CLIENT_INFO__ when no cookie holds it', async () => {
    window.__CLIENT_INFO__ = 'app_ios_appstore_7_2.0.1';
    const api = mockApi({ 'GET /api/user/me': ok(null) });
    await call('user.me', {});
    expect(api.requests[0]?.headers['x-client-info']).toBe('app_ios_appstore_7_2.0.1');
  });

  it('never reads a bb_token cookie into an Authorization header: the browser sends the cookie itself', async () => {
    // A script-readable bb_token (an old build's, or the native wrapper's) stays a cookie.
    document.cookie = 'bb_token=tok123; path=/';
    sessionStarted({ user_id: 5 });
    const api = mockApi({ 'GET /api/user/me': ok(null) });
    await call('user.me', {});
    expect(api.requests[0]?.headers.authorization).toBeUndefined();
  });

  it('sends GET input as a query string and POST input as a JSON body', async () => {
    const api = mockApi({
      'GET /api/user/search': ok({ list: [] }),
      'POST /auth/login': fail(400, '用户名或密码不正确'),
    });
    await call('user.search', { q: '138 0000' });
    await call('auth.login', { username: 'reader', password: 'secret1' });

    expect(api.requests[0]?.query.get('q')).toBe('138 0000');
    expect(api.requests[0]?.body).toBeUndefined();
    expect(api.requests[1]?.method).toBe('POST');
    expect(api.requests[1]?.headers['content-type']).toBe('application/json');
    expect(api.requests[1]?.body).toEqual({ username: 'reader', password: 'secret1' });
  });

  it('builds endpoint URLs for links and images from the contract path', () => {
    expect(endpointUrl('auth.captcha', { key: 'abc' })).toBe('/auth/captcha?key=abc');
  });

  it('adds a call’s extra headers (a request signature) and keepalive, never replacing the identity headers', async () => {
    const api = mockApi({ 'POST /reader/history': ok({}) });
    await call(
      'history.report',
      { article_id: 3, spent_time: 30, is_finish: false, t: 'x.y' },
      { headers: { 'X-BB-Sign': '1700000000000123', Authorization: 'Bearer forged', 'X-Requested-With': 'other' }, keepalive: true },
    );
    expect(api.requests[0]?.headers['x-bb-sign']).toBe('1700000000000123');
    expect(api.requests[0]?.headers.authorization).toBeUndefined();
    expect(api.requests[0]?.headers['x-requested-with']).toBe('changdu');
    expect(api.fetchMock.mock.calls[0]?.[1]?.keepalive).toBe(true);
    await call('user.me', {});
    expect(api.requests[1]?.headers['x-bb-sign']).toBeUndefined();
    expect(api.fetchMock.mock.calls[1]?.[1]?.keepalive).toBeUndefined();
  });

  it('returns the server envelope as is for other failures, without redirecting', async () => {
    setNavigate(navigate);
    mockApi({ 'POST /auth/login': fail(400, '用户名或密码不正确') });
    const answer = await call('auth.login', { username: 'a', password: 'b' });
    expect(answer).toEqual({ status: { code: '400', msg: '用户名或密码不正确' }, result: null });
    expect(navigate).not.toHaveBeenCalled();
  });

  it('redirects to the login page with the current path on HTTP 401 and returns an empty result', async () => {
    setNavigate(navigate);
    window.history.replaceState(null, '', '/change_username?from=mine');
    mockApi({ 'POST /api/user/change_username': fail(401, '请先登录') });

    const answer = await call('user.changeUsername', { username: 'newname' });

    expect(answer).toEqual({ status: { code: '401', msg: '请先登录' }, result: null });
    expect(navigate).toHaveBeenCalledWith('/Login?redirect=%2Fchange_username%3Ffrom%3Dmine');
  });

  it('ends the page’s session on HTTP 401 (the server has no live one), but not on a 403', async () => {
    setNavigate(navigate);
    sessionStarted({ user_id: 5 });
    mockApi({ 'GET /reader/visitor': fail(403, '没有权限进行此操作'), 'GET /reader/myword': fail(401, '登录已过期，请重新登录') });
    await call('visitor.list', { offset: 0 });
    expect(sessionStatus()).toBe('in');
    await call('words.list', { offset: 0 });
    expect(sessionStatus()).toBe('out');
  });

  it('redirects on HTTP 403 and on a body status code "403" alike', async () => {
    setNavigate(navigate);
    window.history.replaceState(null, '', '/admin/visitor');
    mockApi({
      'GET /reader/visitor': { status: 403, body: { status: { code: '403', msg: '没有权限进行此操作' }, result: null } },
      'GET /api/user/search': { status: 200, body: { status: { code: '403', msg: '没有权限进行此操作' }, result: null } },
    });

    const first = await call('visitor.list', { offset: 0 });
    const second = await call('user.search', { q: 'x' });

    expect(first.result).toBeNull();
    expect(second).toEqual({ status: { code: '403', msg: '没有权限进行此操作' }, result: null });
    expect(navigate).toHaveBeenCalledTimes(2);
    expect(navigate).toHaveBeenLastCalledWith('/Login?redirect=%2Fadmin%2Fvisitor');
  });

  it('does not redirect background calls that opt out', async () => {
    setNavigate(navigate);
    mockApi({ 'GET /api/user/me': fail(401, '请先登录') });
    await call('user.me', {}, { redirectOnAuthError: false });
    expect(navigate).not.toHaveBeenCalled();
  });

  it('answers an empty code and 网络异常 when the network fails', async () => {
    mockApi({ 'GET /api/config': 'network-error' });
    expect(await call('system.config', {})).toEqual({ status: { code: '', msg: '网络异常' }, result: null });
  });

  it('treats a body that is not an envelope (a proxy error page) as a network failure', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => new Response('<html>Bad Gateway</html>', { status: 502 })),
    );
    expect(await call('system.config', {})).toEqual({ status: { code: '', msg: '网络异常' }, result: null });
  });

  it('unwrap returns the result of a success and throws an ApiError carrying the message otherwise', async () => {
    mockApi({ 'GET /api/health': ok({ ok: true, database: 'sqlite' }), 'GET /api/config': fail(503, '服务暂不可用') });
    await expect(unwrap(call('system.health', {}))).resolves.toEqual({ ok: true, database: 'sqlite' });
    const error = await unwrap(call('system.config', {})).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({ code: '503', msg: '服务暂不可用' });
  });
});
