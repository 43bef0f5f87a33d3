import { createHash } from 'node:crypto';
import { Readable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildEpub } from '../../../test/epub-builder.js';
import { startFakeS3, type FakeS3 } from '../../../test/fake-s3.js';
import { createTestApp, type TestApp } from '../../../test/test-app.js';
import { MINUTE } from '../../lib/clock.js';

let t: TestApp;
let reader: { token: string; user: { id: number } };
let epub: Buffer;

beforeAll(async () => {
  t = await createTestApp();
  reader = await t.createUser();
  epub = await buildEpub({ version: 3 });
});
afterAll(() => t.close());

async function put(url: string, body: Buffer, headers: Record<string, string> = {}) {
  const res = await t.app.inject({ method: 'PUT', url, payload: body, headers: { 'content-type': 'application/epub+zip', ...headers } });
  return {
    http: res.statusCode,
    body: JSON.parse(res.body) as { status: { code: string; msg: string }; result: Record<string, unknown> | null },
  };
}

describe('GET /auth/upload_token and the local upload address', () => {
  it('lets the holder upload one EPUB under the server-chosen key, and answers its SHA-256', async () => {
    const token = await t.call('auth.uploadToken', { key: 'My Book.epub' }, { token: reader.token });
    expect(token.code).toBe('200');
    const r = token.result!;
    expect(r.key).toMatch(new RegExp(`^uploads/${reader.user.id}/[a-f0-9]{24}\\.epub$`));
    expect(r).toMatchObject({ link: `upload:${r.key}`, kind: 'epub', method: 'PUT', max_bytes: 50 * 1024 * 1024 });
    expect(r.upload_url).toMatch(/^\/api\/upload\?token=/);
    const up = await put(r.upload_url, epub);
    expect(up.http).toBe(200);
    expect(up.body.result).toEqual({
      key: r.key,
      link: r.link,
      size: epub.length,
      digest: createHash('sha256').update(epub).digest('hex'),
    });
    // One file per token: a second upload with it is refused.
    const again = await put(r.upload_url, epub);
    expect(again.http).toBe(409);
  });

  it('needs a login and a file name ending in .epub or .pdf', async () => {
    expect((await t.call('auth.uploadToken', { key: 'a.epub' })).http).toBe(401);
    const exe = await t.call('auth.uploadToken', { key: 'virus.exe' }, { token: reader.token });
    expect(exe.http).toBe(400);
    expect(exe.msg).toContain('.epub');
  });

  it('refuses an expired token', async () => {
    const r = (await t.call('auth.uploadToken', { key: 'b.epub' }, { token: reader.token })).result!;
    t.clock.advance(16 * MINUTE);
    const up = await put(r.upload_url, epub);
    expect(up.http).toBe(400);
    expect(up.body.status.msg).toContain('过期');
  });

  it('refuses a token altered to point at another key, and a missing token', async () => {
    const r = (await t.call('auth.uploadToken', { key: 'c.epub' }, { token: reader.token })).result!;
    const token = decodeURIComponent(r.upload_url.split('token=')[1]!);
    const [body, sig] = token.split('.');
    const claims = JSON.parse(Buffer.from(body!, 'base64url').toString()) as { c: { k: string } };
    claims.c.k = 'uploads/1/000000000000000000000000.epub';
    const forged = `${Buffer.from(JSON.stringify(claims)).toString('base64url')}.${sig}`;
    expect((await put(`/api/upload?token=${encodeURIComponent(forged)}`, epub)).http).toBe(400);
    expect((await put('/api/upload', epub)).http).toBe(400);
  });

  it('refuses a file declared larger than the limit before reading it, and asks for the size only when it is too big', async () => {
    const big = await t.call('auth.uploadToken', { key: 'd.epub', size: 60 * 1024 * 1024 }, { token: reader.token });
    expect(big.http).toBe(400);
    expect(big.msg).toContain('文件太大');
    const r = (await t.call('auth.uploadToken', { key: 'd.epub' }, { token: reader.token })).result!;
    const res = await t.app.inject({
      method: 'PUT',
      url: r.upload_url,
      payload: Readable.from([epub]),
      headers: { 'content-type': 'application/octet-stream', 'content-length': String(51 * 1024 * 1024) },
    });
    expect(res.statusCode).toBe(400);
    expect(res.body).toContain('文件太大');
  });

  it('counts the bytes as they arrive and stops at the limit even when no length was declared', async () => {
    const r = (await t.call('auth.uploadToken', { key: 'e.epub' }, { token: reader.token })).result!;
    const chunk = Buffer.concat([epub, Buffer.alloc(1024 * 1024 - epub.length)]);
    const stream = Readable.from(
      (function* () {
        for (let i = 0; i < 52; i++) yield chunk;
      })(),
    );
    const res = await t.app.inject({
      method: 'PUT',
      url: r.upload_url,
      payload: stream,
      headers: { 'content-type': 'application/octet-stream', 'transfer-encoding': 'chunked' },
    });
    expect(res.statusCode).toBe(400);
    expect(res.body).toContain('文件太大');
  });

  it('refuses bytes that are not the kind the name says', async () => {
    const r = (await t.call('auth.uploadToken', { key: 'f.epub' }, { token: reader.token })).result!;
    const up = await put(r.upload_url, Buffer.from('%PDF-1.7\n'.padEnd(200, 'x')));
    expect(up.http).toBe(400);
    expect(up.body.status.msg).toContain('不是 EPUB');
    const pdf = (await t.call('auth.uploadToken', { key: 'g.pdf' }, { token: reader.token })).result!;
    expect((await put(pdf.upload_url, epub)).http).toBe(400);
    expect((await put(pdf.upload_url, Buffer.from('%PDF-1.7\n'.padEnd(200, 'x')))).http).toBe(200);
  });
});

describe('with a bucket configured', () => {
  let s3: FakeS3;
  let b: TestApp;
  beforeAll(async () => {
    s3 = await startFakeS3();
    b = await createTestApp({
      env: {
        S3_BUCKET: s3.bucket,
        S3_REGION: s3.region,
        S3_ENDPOINT: s3.endpoint,
        S3_ACCESS_KEY_ID: s3.accessKeyId,
        S3_SECRET_ACCESS_KEY: s3.secretAccessKey,
        S3_FORCE_PATH_STYLE: 'true',
      },
    });
  });
  afterAll(async () => {
    await b.close();
    await s3.close();
  });

  it('answers a presigned PUT the bucket accepts for exactly this size and type', async () => {
    const user = await b.createUser();
    const noSize = await b.call('auth.uploadToken', { key: 'x.epub' }, { token: user.token });
    expect(noSize.http).toBe(400);
    const r = (await b.call('auth.uploadToken', { key: 'x.epub', size: epub.length }, { token: user.token })).result!;
    expect(r.upload_url.startsWith(s3.endpoint)).toBe(true);
    const wrongSize = await fetch(r.upload_url, {
      method: 'PUT',
      body: new Uint8Array(Buffer.concat([epub, Buffer.from('x')])),
      headers: r.headers,
    });
    expect(wrongSize.ok).toBe(false);
    const good = await fetch(r.upload_url, { method: 'PUT', body: new Uint8Array(epub), headers: r.headers });
    expect(good.status).toBe(200);
    expect(s3.objects.get(`${s3.bucket}/${r.key}`)?.body.equals(epub) ?? [...s3.objects.values()].some((o) => o.body.equals(epub))).toBe(
      true,
    );
  });
});
