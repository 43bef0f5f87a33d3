import type net from 'node:net';
import { Cookies, Headers, REQUESTED_WITH } from '@changdu/contract';
import { afterEach, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/test-app.js';

let t: TestApp;
afterEach(() => t.close());

const LOOKUP = `/api/english/word?word=negotiated&sentence=${encodeURIComponent('They negotiated a new contract.')}`;

interface Line {
  reqId?: string;
  msg?: string;
  req?: Record<string, unknown>;
  res?: { statusCode: number };
  replayed?: boolean;
}

/** A listening test app at info level (the access log on), its log lines kept. */
async function listening(env: Record<string, string> = {}) {
  const lines: Line[] = [];
  t = await createTestApp({ env: { LOG_LEVEL: 'info', ...env }, logStream: { write: (line) => void lines.push(JSON.parse(line) as Line) } });
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  const origin = `http://127.0.0.1:${(t.app.server.address() as net.AddressInfo).port}`;
  const get = async (url: string, headers: Record<string, string> = {}, method = 'GET') => {
    const res = await fetch(origin + url, { method, headers });
    const id = res.headers.get('x-request-id')!;
    return { res, text: await res.text(), id, line: () => lines.find((l) => l.reqId === id && l.msg === 'request completed') };
  };
  return { get, lines };
}

/** Response headers but the ones every answer has of its own (its id, its date). */
const stable = (res: Response) => Object.fromEntries([...res.headers].filter(([name]) => name !== 'x-request-id' && name !== 'date'));

describe('answers replayed before routing (http/replay.ts)', () => {
  it('answers a repeat anonymous lookup with the bytes and headers the route gave, its own request id, and a line marked replayed', async () => {
    const { get } = await listening();
    const first = await get(LOOKUP);
    const again = await get(LOOKUP);
    const third = await get(LOOKUP);

    expect(first.res.status).toBe(200);
    expect(JSON.parse(first.text)).toMatchObject({ status: { code: '200' }, result: { word: 'negotiate', in_wordbook: false } });
    expect(first.res.headers.get('cache-control')).toBe('public, max-age=300');
    for (const repeat of [again, third]) {
      expect(repeat.res.status).toBe(200);
      expect(repeat.text).toBe(first.text);
      expect(stable(repeat.res)).toEqual(stable(first.res));
    }
    expect(new Set([first.id, again.id, third.id]).size).toBe(3);
    expect(first.line()).not.toHaveProperty('replayed');
    expect(again.line()).toMatchObject({ replayed: true, res: { statusCode: 200 } });
    // The same access line as the route's, but for the mark and the time.
    expect(again.line()!.req).toEqual({ ...first.line()!.req, remotePort: expect.any(Number) });
    expect(third.line()).toMatchObject({ replayed: true });
  });

  it('never answers a caller who sent a credential from it: their own word book shows', async () => {
    const { get } = await listening();
    const { user, token } = await t.createUser();
    const now = t.clock.now().toISOString();
    await t.db.kysely.insertInto('word_book').values({ user_id: user.id, word: 'negotiate', due: now, created_at: now, updated_at: now }).execute();
    await get(LOOKUP);
    expect((await get(LOOKUP)).line()).toMatchObject({ replayed: true });

    const bearer = await get(LOOKUP, { authorization: `Bearer ${token}` });
    const cookie = await get(LOOKUP, { cookie: `${Cookies.token}=${token}`, [Headers.requestedWith]: REQUESTED_WITH });
    for (const mine of [bearer, cookie]) {
      expect(JSON.parse(mine.text).result.in_wordbook).toBe(true);
      expect(mine.res.headers.get('cache-control')).toBe('no-store');
      expect(mine.line()).not.toHaveProperty('replayed');
    }
    // A stale token is the route's to clear, never the kept answer's.
    const stale = await get(LOOKUP, { cookie: `${Cookies.token}=gone`, [Headers.requestedWith]: REQUESTED_WITH });
    expect(stale.res.headers.get('set-cookie')).toContain(`${Cookies.token}=;`);
    expect(stale.line()).not.toHaveProperty('replayed');
    // An anonymous caller is still answered from it afterwards, without the reader's word book.
    const after = await get(LOOKUP);
    expect(after.line()).toMatchObject({ replayed: true });
    expect(JSON.parse(after.text).result.in_wordbook).toBe(false);
  });

  it('routes a reload (no-cache), a conditional request, a HEAD, another sentence and any other endpoint', async () => {
    const { get } = await listening();
    await get(LOOKUP);
    const routed = [
      await get(LOOKUP, { 'cache-control': 'no-cache' }),
      await get(LOOKUP, { pragma: 'no-cache' }),
      await get(LOOKUP, { 'if-none-match': '"x"' }),
      await get(LOOKUP, {}, 'HEAD'),
      await get(`/api/english/word?word=negotiated&sentence=${encodeURIComponent('We negotiated.')}`),
      await get('/api/health'),
      await get('/api/health'),
    ];
    for (const r of routed) {
      expect(r.res.status).toBe(200);
      expect(r.line()).toBeDefined();
      expect(r.line()).not.toHaveProperty('replayed');
    }
    expect((await get(LOOKUP)).line()).toMatchObject({ replayed: true });
  });

  it('keeps only a good answer: a refused input is looked up each time, a word the dictionary lacks is an answer like any', async () => {
    const { get } = await listening();
    const refused = '/api/english/word?word=abc1';
    const first = await get(refused);
    const again = await get(refused);
    expect([first.res.status, again.res.status]).toEqual([400, 400]);
    expect(again.text).toBe(first.text);
    expect(again.line()).not.toHaveProperty('replayed');
    // The dictionary does not change while the process runs: "not found" holds as long as an entry would.
    const missing = '/api/english/word?word=qzxv';
    const unknown = await get(missing);
    expect(unknown.res.status).toBe(200);
    expect((await get(missing)).line()).toMatchObject({ replayed: true });
  });

  // In production the route sends the bytes it kept for a frozen answer (no output check): a reload renews the kept answer as is.
  it.each(['test', 'production'])('keeps an answer for the endpoint’s max-age, then asks the route again (%s)', async (env) => {
    const { get } = await listening({ NODE_ENV: env });
    await get(LOOKUP);
    t.clock.advance(299_000);
    expect((await get(LOOKUP)).line()).toMatchObject({ replayed: true });
    t.clock.advance(2_000);
    expect((await get(LOOKUP)).line()).not.toHaveProperty('replayed');
    expect((await get(LOOKUP)).line()).toMatchObject({ replayed: true });
    // A reload is routed, and the route's answer starts the kept one's time again.
    t.clock.advance(299_000);
    expect((await get(LOOKUP, { 'cache-control': 'no-cache' })).line()).not.toHaveProperty('replayed');
    t.clock.advance(2_000);
    expect((await get(LOOKUP)).line()).toMatchObject({ replayed: true });
  });

  it('behind a trusted proxy, names the client and host in its line as the route does', async () => {
    const { get } = await listening({ TRUST_PROXY: 'true' });
    const proxied = { 'x-forwarded-for': '203.0.113.9, 10.0.0.2', 'x-forwarded-host': 'cdn.example, reader.example' };
    const first = await get(LOOKUP, proxied);
    const again = await get(LOOKUP, proxied);
    expect(again.line()).toMatchObject({ replayed: true });
    expect(first.line()!.req).toMatchObject({ remoteAddress: '203.0.113.9', host: 'reader.example' });
    expect(again.line()!.req).toEqual({ ...first.line()!.req, remotePort: expect.any(Number) });
  });
});
