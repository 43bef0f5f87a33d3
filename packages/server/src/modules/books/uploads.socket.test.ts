import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/test-app.js';

// Refused uploads over a real socket (issue 27 b): `inject` has no socket, so it cannot show
// whether the answer reaches the client before the connection goes.

let t: TestApp;
let origin: string;
let reader: { token: string };

beforeAll(async () => {
  t = await createTestApp();
  reader = await t.createUser();
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  origin = `http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}`;
});
afterAll(async () => {
  t.app.server.closeAllConnections();
  await t.close();
});

interface Seen {
  status: number;
  connection: string | undefined;
  envelope: { status: { code: string; msg: string }; result: unknown };
}

/**
 * PUTs `chunks` one after another (a pause between them, as a slow phone sends) and answers what
 * the client receives. A reset before the answer arrives rejects; what happens to the rest of
 * the body once the answer is in (the server may close) does not matter to the user.
 */
function putStreamed(url: string, chunks: Buffer[], headers: Record<string, string>): Promise<Seen> {
  return new Promise((resolve, reject) => {
    const req = http.request(`${origin}${url}`, { method: 'PUT', headers });
    let answered = false;
    req.on('response', (res) => {
      answered = true;
      const body: Buffer[] = [];
      res.on('data', (c: Buffer) => body.push(c));
      res.on('end', () =>
        resolve({
          status: res.statusCode ?? 0,
          connection: res.headers.connection,
          envelope: JSON.parse(Buffer.concat(body).toString('utf8')) as Seen['envelope'],
        }),
      );
      res.on('error', reject);
    });
    req.on('error', (error) => {
      if (!answered) reject(error);
    });
    let i = 0;
    const next = () => {
      if (answered || req.destroyed) return;
      if (i === chunks.length) {
        req.end();
        return;
      }
      req.write(chunks[i++]!, () => setTimeout(next, 2));
    };
    next();
  });
}

async function token(key: string): Promise<string> {
  const issued = await t.call('auth.uploadToken', { key }, { token: reader.token });
  expect(issued.code, issued.msg).toBe('200');
  return issued.result!.upload_url;
}

describe('a refused upload over a real connection', () => {
  it('answers the 400 envelope to 206 bytes of GIF sent under an .epub token, then closes', async () => {
    const gif = Buffer.concat([Buffer.from('GIF89a'), Buffer.alloc(200, 7)]);
    const seen = await putStreamed(await token('picture.epub'), [gif], {
      'content-type': 'application/epub+zip',
      'content-length': String(gif.length),
    });
    expect(seen.status).toBe(400);
    expect(seen.envelope).toEqual({ status: { code: '400', msg: '文件内容不是 EPUB 电子书，请检查后重新选择' }, result: null });
    expect(seen.connection).toBe('close');
  });

  it('answers the 400 envelope to a chunked upload past the limit while the client is still sending', async () => {
    // A valid EPUB head, then 1 MB chunks well past the 50 MB limit.
    const head = Buffer.alloc(64);
    head.writeUInt32LE(0x04034b50, 0);
    const chunk = Buffer.concat([head, Buffer.alloc(1024 * 1024 - head.length)]);
    const seen = await putStreamed(
      await token('huge.epub'),
      Array.from({ length: 60 }, () => chunk),
      { 'content-type': 'application/epub+zip', 'transfer-encoding': 'chunked' },
    );
    expect(seen.status).toBe(400);
    expect(seen.envelope.status).toEqual({ code: '400', msg: '文件太大，EPUB 电子书最大 50 MB' });
    expect(seen.connection).toBe('close');
  });

  it('answers the envelope to a declared oversize body without reading it, and to an expired token', async () => {
    const url = await token('declared.epub');
    const declared = await putStreamed(url, [Buffer.alloc(64 * 1024)], {
      'content-type': 'application/epub+zip',
      'content-length': String(51 * 1024 * 1024),
    });
    expect(declared.status).toBe(400);
    expect(declared.envelope.status.msg).toContain('文件太大');
    const bad = await putStreamed('/api/upload?token=nope', [Buffer.alloc(64 * 1024), Buffer.alloc(64 * 1024)], {
      'content-type': 'application/epub+zip',
      'transfer-encoding': 'chunked',
    });
    expect(bad.status).toBe(400);
    expect(bad.envelope.status.msg).toBe('上传许可无效或已过期，请重新选择文件');
  });

  it('keeps the connection of an accepted upload usable (no close)', async () => {
    const pdf = Buffer.from('%PDF-1.7\n'.padEnd(300, 'x'));
    const seen = await putStreamed(await token('fine.pdf'), [pdf], { 'content-type': 'application/pdf', 'content-length': String(pdf.length) });
    expect(seen.status).toBe(200);
    expect(seen.connection).not.toBe('close');
  });
});
