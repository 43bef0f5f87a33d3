import { afterEach, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/test-app.js';

let t: TestApp;
afterEach(() => t.close());

/** A test app whose log lines are kept, parsed. */
async function appWithLog(level: string) {
  const lines: Record<string, unknown>[] = [];
  t = await createTestApp({
    env: { LOG_LEVEL: level },
    logStream: { write: (line) => void lines.push(JSON.parse(line) as Record<string, unknown>) },
  });
  return lines;
}

describe('the access log', () => {
  it('writes one line per request, when it is answered, with method, URL, address, status and time under the request id', async () => {
    const lines = await appWithLog('info');
    const ok = await t.app.inject({ url: '/api/health', remoteAddress: '203.0.113.7' });
    const refused = await t.app.inject({ url: '/reader/article/abc/show' });
    const mine = (res: { headers: Record<string, unknown> }) => lines.filter((l) => l.reqId === res.headers['x-request-id']);

    expect(mine(ok)).toEqual([
      {
        level: 30,
        time: expect.any(Number),
        pid: expect.any(Number),
        hostname: expect.any(String),
        reqId: ok.headers['x-request-id'],
        req: expect.objectContaining({ method: 'GET', url: '/api/health', host: 'localhost:80', remoteAddress: '203.0.113.7' }),
        res: { statusCode: 200 },
        responseTime: expect.any(Number),
        msg: 'request completed',
      },
    ]);
    expect(mine(ok)[0]!.responseTime).toBeGreaterThanOrEqual(0);
    expect(refused.statusCode).toBe(400);
    expect(mine(refused)).toEqual([
      expect.objectContaining({ req: expect.objectContaining({ url: '/reader/article/abc/show' }), res: { statusCode: 400 } }),
    ]);
    expect(lines.filter((l) => l.msg === 'incoming request')).toEqual([]);
  });

  it('writes nothing for an answered request when the level is above info', async () => {
    const lines = await appWithLog('warn');
    const res = await t.app.inject({ url: '/api/health' });
    expect(res.statusCode).toBe(200);
    expect(lines).toEqual([]);
  });
});
