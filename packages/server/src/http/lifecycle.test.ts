import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/test-app.js';

let t: TestApp;
beforeEach(async () => {
  t = await createTestApp();
});
afterEach(() => t.close());

/** A GET over a real socket, so the test sees what a client behind a balancer sees. */
function get(port: number, path: string): Promise<{ status: number; headers: http.IncomingHttpHeaders; body: string }> {
  return new Promise((resolve, reject) => {
    http
      .get({ host: '127.0.0.1', port, path }, (res) => {
        let body = '';
        res.on('data', (chunk: Buffer) => (body += chunk.toString()));
        res.on('end', () => resolve({ status: res.statusCode!, headers: res.headers, body }));
      })
      .on('error', reject);
  });
}

describe('readiness', () => {
  it('answers 503 until the process has warmed up, then 200; health answers all along', async () => {
    const starting = await t.call('system.ready');
    expect(starting).toMatchObject({ http: 503, code: '503', msg: '服务正在启动，请稍后再试' });
    expect((await t.call('system.health')).code).toBe('200');

    await t.app.warmUp();
    expect(await t.call('system.ready')).toMatchObject({ http: 200, code: '200', result: { ready: true } });
  });

  it('answers 503 as soon as the process starts draining, and so does any request still arriving', async () => {
    await t.app.warmUp();
    t.app.lifecycle.drain();
    expect(await t.call('system.ready')).toMatchObject({ http: 503, code: '503' });
    const late = await t.call('system.health');
    expect(late).toMatchObject({ http: 503, code: '503', msg: '服务正在重启，请稍后再试' });
    expect(late.body).toEqual({ status: { code: '503', msg: '服务正在重启，请稍后再试' }, result: null });
    expect(late.headers).toMatchObject({ connection: 'close', 'retry-after': '5', 'cache-control': 'no-store' });
    // Pages and files too: the whole process is stopping.
    expect((await t.app.inject({ method: 'GET', url: '/reader/article/1' })).statusCode).toBe(503);
  });
});

describe('draining on SIGTERM', () => {
  it('lets a request in flight finish before the process closes', async () => {
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    let arrived!: () => void;
    const inFlight = new Promise<void>((resolve) => (arrived = resolve));
    // A slow answer, standing for a long read in progress when the signal comes.
    t.app.get('/api/test/slow', async () => {
      arrived();
      await held;
      return { ok: true };
    });
    await t.app.warmUp();
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    const { port } = t.app.server.address() as AddressInfo;

    const answer = get(port, '/api/test/slow');
    await inFlight;
    t.app.lifecycle.drain();
    let closed = false;
    const closing = t.app.close().then(() => (closed = true));
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(closed).toBe(false);
    release();
    expect(await answer).toMatchObject({ status: 200, body: '{"ok":true}' });
    await closing;
    // The port is closed: a new connection is refused rather than left hanging.
    await expect(get(port, '/api/health')).rejects.toThrow(/ECONNREFUSED/);
  });
});
