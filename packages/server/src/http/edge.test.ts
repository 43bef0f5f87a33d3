import net from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { createArticle } from '../../test/factories.js';
import { createTestApp, type TestApp } from '../../test/test-app.js';

let t: TestApp;
afterEach(() => t.close());

/** `[[[…1…]]]` with `levels` arrays, as JSON text. */
const deepArray = (levels: number) => `${'['.repeat(levels)}1${']'.repeat(levels)}`;

/** What a user sees of an error: the HTTP status and the envelope. */
const seen = (res: { statusCode: number; body: string }) => ({ http: res.statusCode, body: JSON.parse(res.body) as unknown });
const invalid = (msg: string) => ({ http: 400, body: { status: { code: '400', msg }, result: null } });

/** The security headers of a normal routed API answer, to compare hand-written answers with. */
async function apiHeaders(): Promise<Record<string, unknown>> {
  const { headers } = await t.app.inject({ url: '/api/health' });
  const skip = new Set(['content-type', 'content-length', 'date', 'connection', 'x-request-id', 'cache-control', 'vary', 'keep-alive']);
  return Object.fromEntries(Object.entries(headers).filter(([k]) => !skip.has(k)));
}

describe('numbers typed by where they arrive (issue 9)', () => {
  it('refuses a review rated `true` with spent `[5]` and records nothing', async () => {
    t = await createTestApp();
    const { token } = await t.createUser();
    const card = (await t.call('words.add', { word: 'zebra' }, { token })).result!;
    const review = (url: string, payload: unknown) =>
      t.app.inject({ method: 'POST', url, headers: { authorization: `Bearer ${token}` }, payload: payload as object });

    expect(seen(await review(`/reader/myword/${card.id}/review`, { rating: true, spent: [5] }))).toEqual(invalid('rating 必须是 1–4'));
    expect(seen(await review(`/reader/myword/${card.id}/review`, { rating: 3, spent: [5] }))).toEqual(invalid('用时必须是数字（毫秒）'));
    expect(seen(await review(`/reader/myword/${card.id}/review`, { rating: '0x3' }))).toEqual(invalid('rating 必须是 1–4'));
    expect(seen(await review(`/reader/myword/0${card.id}/review`, { rating: 3 }))).toEqual(invalid('卡片 id 必须是整数'));
    expect(await t.db.kysely.selectFrom('review_logs').select('id').execute()).toEqual([]);
    expect((await t.call('words.detail', { word: 'zebra' }, { token })).result!.item.reps).toBe(0);

    // The canonical forms still work: a JSON number in the body, digits in the path.
    expect((await review(`/reader/myword/${card.id}/review`, { rating: 3, spent: 1200 })).statusCode).toBe(200);
    expect(await t.db.kysely.selectFrom('review_logs').select('id').execute()).toHaveLength(1);
  });

  it('takes query numbers and booleans only in their canonical spelling', async () => {
    t = await createTestApp();
    const { token } = await t.createUser();
    const get = (url: string) => t.app.inject({ url, headers: { authorization: `Bearer ${token}` } });
    expect(seen(await get('/reader/myword?offset=%207%20'))).toEqual(invalid('offset 必须是数字'));
    expect(seen(await get('/reader/myword?offset=0x10'))).toEqual(invalid('offset 必须是数字'));
    expect(seen(await get('/reader/myword?offset=01'))).toEqual(invalid('offset 必须是整数'));
    expect(seen(await get('/reader/myword?offset=-1'))).toEqual(invalid('offset 不能为负数'));
    expect(seen(await get('/reader/myword/review/next?force=yes'))).toEqual(invalid('force必须是 true 或 false'));
    expect((await get('/reader/myword?offset=20')).statusCode).toBe(200);
    expect((await get('/reader/myword/review/next?force=1&size=5')).statusCode).toBe(200);
  });
});

describe('deep or huge JSON (issue 9)', () => {
  it('refuses deeply nested event data by name and stores nothing', async () => {
    t = await createTestApp();
    const post = (data: string) =>
      t.app.inject({
        method: 'POST',
        url: '/api/log',
        headers: { 'content-type': 'application/json' },
        payload: `{"name":"X","cuid":"c1","data":${data}}`,
      });
    expect(seen(await post(deepArray(12)))).toEqual(invalid('事件数据层级太深（最多 10 层）'));
    // The probe's body: ~4,200 levels in 8 KB.
    expect(seen(await post(deepArray(4200)))).toEqual(invalid('请求内容嵌套太深'));
    expect(await t.db.kysely.selectFrom('log_events').select('id').execute()).toEqual([]);
    expect((await post('{"path":"/p1"}')).statusCode).toBe(200);
  });

  it('refuses a note whose position data nests 5,000 levels', async () => {
    t = await createTestApp();
    const { token } = await t.createUser();
    const article = await createArticle(t);
    const payload = `{"note_uuid":"n-1","text":"Paragraph one","root":"p-1","data":${'{"a":'.repeat(5000)}1${'}'.repeat(5000)}}`;
    const res = await t.app.inject({
      method: 'POST',
      url: `/reader/article/${article}/notes/add`,
      headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
      payload,
    });
    expect(seen(res)).toEqual(invalid('请求内容嵌套太深'));
    const shallow = payload.replace(/"data":.*$/, `"data":${'{"a":'.repeat(12)}1${'}'.repeat(12)}}`);
    const res2 = await t.app.inject({
      method: 'POST',
      url: `/reader/article/${article}/notes/add`,
      headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
      payload: shallow,
    });
    expect(seen(res2)).toEqual(invalid('位置数据层级太深（最多 10 层）'));
    expect(await t.db.kysely.selectFrom('article_notes').select('id').execute()).toEqual([]);
  });

  it('answers an 8 KB deeply nested body with a 400 on any endpoint, never a 500', async () => {
    t = await createTestApp();
    const { token } = await t.createUser();
    const body = deepArray(4096);
    expect(body.length).toBeGreaterThanOrEqual(8192);
    for (const url of [
      '/auth/login',
      '/api/log',
      '/reader/myword',
      '/reader/myword/1/review',
      '/reader/history',
      '/reader/article/1/notes/add',
    ]) {
      for (const payload of [body, `{"word":${body}}`, `{"phone":${body}}`]) {
        const res = await t.app.inject({
          method: 'POST',
          url,
          headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
          payload,
        });
        expect(seen(res), url).toEqual(invalid('请求内容嵌套太深'));
      }
    }
    // Brackets inside strings are text, not nesting.
    const login = await t.app.inject({ method: 'POST', url: '/auth/login', payload: { username: '['.repeat(5000), password: 'x' } });
    expect(login.statusCode).toBe(400);
    expect(login.json().status.msg).not.toBe('请求内容嵌套太深');
  });
});

describe('framework errors in the envelope (issue 9)', () => {
  it('answers bad percent-encoding in a path with a 400 envelope and the security headers', async () => {
    t = await createTestApp();
    const expected = await apiHeaders();
    const res = await t.app.inject({ url: '/reader/article/%zz/show' });
    expect(seen(res)).toEqual(invalid('链接格式不正确'));
    expect(res.headers).toMatchObject(expected);
    expect(res.headers['x-request-id']).toEqual(expect.any(String));
    expect(res.headers['cache-control']).toBe('no-store');
    expect(res.body).not.toContain('FST_');
  });

  it('checks a long path parameter as the field it is, and refuses an over-long one in the envelope', async () => {
    t = await createTestApp();
    const { token } = await t.createUser();
    const expected = await apiHeaders();
    const post = (id: string) =>
      t.app.inject({ method: 'POST', url: `/reader/article/${id}/notes/add`, headers: { authorization: `Bearer ${token}` }, payload: {} });
    expect(seen(await post('9'.repeat(150)))).toEqual(invalid('文章 id 必须是整数'));
    const long = await post('x'.repeat(600));
    expect(seen(long)).toEqual(invalid('链接中的参数太长'));
    expect(long.headers).toMatchObject(expected);
  });

  it('answers a URL over the 16 KB header limit (Node’s own 431) with an envelope and the security headers', async () => {
    t = await createTestApp();
    const expected = await apiHeaders();
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    const { port } = t.app.server.address() as net.AddressInfo;
    const raw = await new Promise<string>((resolve, reject) => {
      const socket = net.connect(port, '127.0.0.1', () => {
        socket.write(`GET /api/health?q=${'a'.repeat(20_000)} HTTP/1.1\r\nHost: localhost\r\n\r\n`);
      });
      let data = '';
      socket.setEncoding('utf8');
      socket.on('data', (chunk: string) => (data += chunk));
      socket.on('end', () => resolve(data));
      socket.on('error', reject);
    });
    const [head = '', body = ''] = raw.split('\r\n\r\n');
    const [statusLine, ...lines] = head.split('\r\n');
    expect(statusLine).toBe('HTTP/1.1 400 Bad Request');
    const headers = Object.fromEntries(lines.map((l) => [l.slice(0, l.indexOf(':')).toLowerCase(), l.slice(l.indexOf(':') + 1).trim()]));
    expect(headers).toMatchObject(expected);
    expect(JSON.parse(body)).toEqual({ status: { code: '400', msg: '请求头或链接太长' }, result: null });
  });
});

describe('Cache-Control (issue 9)', () => {
  it('never lets a cache keep a token or a personal answer', async () => {
    t = await createTestApp();
    const { user, token, password } = await t.createUser();
    const login = await t.call('auth.login', { username: user.username, password });
    expect(login.headers['cache-control']).toBe('no-store');
    expect((await t.call('user.me', undefined, { token })).headers['cache-control']).toBe('no-store');
    expect((await t.call('user.me')).headers['cache-control']).toBe('no-store');
    expect((await t.call('words.list', {}, { token })).headers['cache-control']).toBe('no-store');
  });

  it('lets a shared cache keep a public list briefly, for anonymous callers only', async () => {
    t = await createTestApp();
    const { token } = await t.createUser();
    const id = await createArticle(t);
    for (const [name, input] of [
      ['article.topic', {}],
      ['article.list', {}],
      ['article.show', { id }],
    ] as const) {
      const anonymous = await t.call(name, input as never);
      expect(anonymous.headers['cache-control'], name).toBe('public, max-age=60');
      expect(String(anonymous.headers.vary), name).toMatch(/^Authorization, Cookie, x-requested-with/);
      const loggedIn = await t.call(name, input as never, { token });
      expect(loggedIn.headers['cache-control'], name).toBe('no-store');
      expect(loggedIn.headers.vary, name).toBe(anonymous.headers.vary);
    }
    // An answer that clears a stale session cookie is never shared.
    const stale = await t.app.inject({
      url: '/reader/article/topic',
      cookies: { bb_token: 'revoked-token' },
      headers: { 'x-requested-with': 'changdu' },
    });
    expect(stale.headers['set-cookie']).toBeDefined();
    expect(stale.headers['cache-control']).toBe('no-store');
    // An error is never cached, even on a cacheable endpoint.
    const missing = await t.call('article.show', { id: id + 1000 });
    expect([missing.http, missing.headers['cache-control']]).toEqual([404, 'no-store']);
  });
});

describe('links never reflect an unchecked Host (issue 9)', () => {
  const feed = (host: string) => t.app.inject({ url: '/api/demo/feed.xml', headers: { host } });

  it('builds feed links from an allowed Host, else from the first allowed one', async () => {
    t = await createTestApp();
    const evil = await feed('evil.example');
    expect(evil.statusCode).toBe(200);
    expect(evil.body).not.toContain('evil.example');
    expect(evil.body).toContain('<link>http://localhost/');
    expect((await feed('127.0.0.1:8080')).body).toContain('<link>http://127.0.0.1:8080/api/demo/article/');
    // A forged Host that only starts like an allowed one is not allowed.
    expect((await feed('localhost@evil.example')).body).not.toContain('evil.example');
  });

  it('uses PUBLIC_URL when set, and ALLOWED_HOSTS instead of the loopback names', async () => {
    t = await createTestApp({ env: { ALLOWED_HOSTS: 'reader.example.org, cdn.example.org:8443' } });
    expect((await feed('localhost:3000')).body).toContain('<link>http://reader.example.org/');
    expect((await feed('cdn.example.org:8443')).body).toContain('<link>http://cdn.example.org:8443/');
    await t.close();
    t = await createTestApp({ env: { PUBLIC_URL: 'https://changdu.example.com/' } });
    const res = await feed('evil.example');
    expect(res.body).toContain('<link>https://changdu.example.com/api/demo/article/');
    expect(res.body).not.toContain('evil.example');
  });

  it('builds word-book export links from the allowed origin', async () => {
    t = await createTestApp();
    const { token } = await t.createUser();
    const article = await createArticle(t, { paragraphs: ['The zebra crossed the road.'] });
    await t.call('words.add', { word: 'zebra', sentence: 'The zebra crossed the road.', article_id: article }, { token });
    const csv = await t.app.inject({ url: '/reader/myword/export', headers: { host: 'evil.example', authorization: `Bearer ${token}` } });
    expect(csv.statusCode).toBe(200);
    expect(csv.body).toContain(`http://localhost/article/${article}`);
    expect(csv.body).not.toContain('evil.example');
  });
});

describe('control characters PostgreSQL cannot store (issue 9)', () => {
  it('refuses a NUL anywhere in the input with a 400, in the body, the query and a key, and stores nothing', async () => {
    t = await createTestApp();
    const { token } = await t.createUser();
    const as = { authorization: `Bearer ${token}` };
    const post = (url: string, payload: object) => t.app.inject({ method: 'POST', url, headers: as, payload });
    const nul = invalid('请求内容含有不允许的控制字符');

    expect(seen(await post('/reader/myword', { word: 'zebra', sentence: 'a\u0000b' }))).toEqual(nul);
    expect(seen(await post('/auth/login', { username: 'x\u0000', password: 'secret123' }))).toEqual(nul);
    expect(seen(await post('/api/log', { name: 'open', data: { ['k\u0000']: 1 } }))).toEqual(nul);
    expect(seen(await t.app.inject({ url: '/reader/myword/detail?word=ze%00bra', headers: as }))).toEqual(nul);
    expect(await t.db.kysely.selectFrom('word_book').select('id').execute()).toEqual([]);

    // Other control characters in free text are still text (a tab in a sentence).
    expect((await post('/reader/myword', { word: 'zebra', sentence: 'a\tb' })).statusCode).toBe(200);
  });

  it('refuses a lone surrogate in any text field with a 400 instead of failing inside the handler (issue 27 §4c)', async () => {
    t = await createTestApp();
    const { token } = await t.createUser({ role: 'manager' });
    const as = { authorization: `Bearer ${token}`, 'content-type': 'application/json' };
    const lone = invalid('请求内容含有不完整的 Unicode 字符（单独的代理项）');
    // The QR library threw a URIError on it: a 500 before.
    const qr = await t.app.inject({ method: 'POST', url: '/api/image/markdown', headers: as, payload: '{"markdown":"# hi","layout":"poster","qr":"\\ud800"}' });
    expect(seen(qr)).toEqual(lone);
    const word = await t.app.inject({ method: 'POST', url: '/reader/myword', headers: as, payload: '{"word":"zebra","sentence":"a \\udfff b"}' });
    expect(seen(word)).toEqual(lone);
    expect(await t.db.kysely.selectFrom('word_book').select('id').execute()).toEqual([]);
    // A whole pair is text (an emoji in a sentence).
    const emoji = await t.app.inject({ method: 'POST', url: '/reader/myword', headers: as, payload: '{"word":"zebra","sentence":"a \\ud83d\\ude00 b"}' });
    expect(emoji.statusCode).toBe(200);
  });
});

describe('one value per query field (issue 27 §4d)', () => {
  it('refuses an array spelling or a repeated key with a 400 and queues nothing', async () => {
    t = await createTestApp();
    const { token } = await t.createUser({ role: 'manager' });
    const id = await createArticle(t, { paragraphs: ['The zebra crossed the road.'] });
    const as = { authorization: `Bearer ${token}` };
    const tasks = () => t.db.kysely.selectFrom('tasks').select('id').execute();
    // `style[]=` passed the style check (the default stood in) and queued a Chromium job from a GET.
    const brackets = await t.app.inject({ url: `/reader/article/${id}/pdf?style[]=`, headers: as });
    expect(seen(brackets)).toEqual(invalid('参数 style 只能有一个值'));
    const repeated = await t.app.inject({ url: `/reader/article/${id}/pdf?style=en&style=sy`, headers: as });
    expect(seen(repeated)).toEqual(invalid('参数 style 只能有一个值'));
    const word = await t.app.inject({ url: '/api/english/word?word=zebra&word=lion' });
    expect(seen(word)).toEqual(invalid('参数 word 只能有一个值'));
    expect(await tasks()).toEqual([]);
    // One value is the ordinary call: the PDF is queued and the answer says so.
    const one = await t.app.inject({ url: `/reader/article/${id}/pdf?style=en`, headers: as });
    expect(one.statusCode).toBe(404);
    expect(await tasks()).toHaveLength(1);
  });
});
