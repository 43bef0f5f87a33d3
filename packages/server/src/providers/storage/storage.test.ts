import { randomBytes } from 'node:crypto';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { Readable } from 'node:stream';
import { PutObjectCommand, S3Client } from '@aws-sdk/client-s3';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { startFakeS3, type FakeS3 } from '../../../test/fake-s3.js';
import { loadConfig } from '../../config.js';
import {
  attachmentDisposition,
  localStorage,
  MAX_URL_EXPIRY_SEC,
  openStorage,
  s3Storage,
  StorageError,
  UnsafeKeyError,
  type S3StorageOptions,
  type Storage,
} from './index.js';

let fake: FakeS3;
let dir: string;

beforeAll(async () => {
  fake = await startFakeS3();
  dir = await fs.mkdtemp(path.join(os.tmpdir(), 'changdu-storage-'));
});

afterAll(async () => {
  await fake.close();
  await fs.rm(dir, { recursive: true, force: true });
});

afterEach(() => fake.setNow(null));

function s3Options(overrides: Partial<S3StorageOptions> = {}): S3StorageOptions {
  return {
    bucket: fake.bucket,
    region: fake.region,
    endpoint: fake.endpoint,
    accessKeyId: fake.accessKeyId,
    secretAccessKey: fake.secretAccessKey,
    forcePathStyle: true,
    ...overrides,
  };
}

/** Every byte value and then some, so no text decoding can slip through unnoticed. */
function binary(): Buffer {
  return Buffer.concat([Buffer.from(Array.from({ length: 256 }, (_, i) => i)), randomBytes(70_000)]);
}

const UNSAFE_KEYS = [
  '',
  '../secret',
  'books/../../etc/passwd',
  '/abs',
  'a//b',
  'books/',
  'Upper.txt',
  '.hidden',
  'a\\b',
  'a b',
  'x'.repeat(513),
];

describe.each([
  ['a local folder', () => localStorage(path.join(dir, 'local'))],
  ['S3 on a local fake', () => s3Storage(s3Options({ prefix: 'deploy-a/' }))],
])('storage contract on %s', (_name, open: () => Storage) => {
  let storage: Storage;
  beforeAll(() => {
    storage = open();
  });

  it('round-trips binary data with its size and content type', async () => {
    const data = binary();
    await storage.put('books/12/book.epub', data);
    expect((await storage.get('books/12/book.epub'))?.equals(data)).toBe(true);
    expect(await storage.head('books/12/book.epub')).toEqual({ size: data.length, contentType: 'application/epub+zip' });
  });

  it('keeps an explicit content type, and guesses one from the extension otherwise', async () => {
    await storage.put('audio/7.bin', Buffer.from('ID3'), { contentType: 'audio/mpeg' });
    expect(await storage.head('audio/7.bin')).toEqual({ size: 3, contentType: 'audio/mpeg' });
    await storage.put('images/a.webp', Buffer.from('RIFF'));
    expect((await storage.head('images/a.webp'))?.contentType).toBe('image/webp');
    await storage.put('misc/blob', Buffer.alloc(0));
    expect(await storage.head('misc/blob')).toEqual({ size: 0, contentType: 'application/octet-stream' });
    expect(await storage.get('misc/blob')).toEqual(Buffer.alloc(0));
  });

  it('overwrites a key, content type included', async () => {
    await storage.put('posters/p.png', Buffer.from('first'), { contentType: 'image/x-first' });
    await storage.put('posters/p.png', Buffer.from('second!'));
    expect((await storage.get('posters/p.png'))?.toString()).toBe('second!');
    expect(await storage.head('posters/p.png')).toEqual({ size: 7, contentType: 'image/png' });
  });

  it('answers null for missing keys, and deleting one is no error', async () => {
    expect(await storage.get('nothing/here.pdf')).toBeNull();
    expect(await storage.head('nothing/here.pdf')).toBeNull();
    await expect(storage.delete('nothing/here.pdf')).resolves.toBeUndefined();
  });

  it('has no object at a folder-like prefix of other keys', async () => {
    await storage.put('nested/deep/file.txt', Buffer.from('x'));
    expect(await storage.get('nested/deep')).toBeNull();
    expect(await storage.head('nested')).toBeNull();
  });

  it('deletes', async () => {
    await storage.put('pdf/9.pdf', Buffer.from('%PDF-1.7'), { contentType: 'application/x-custom' });
    await storage.delete('pdf/9.pdf');
    expect(await storage.get('pdf/9.pdf')).toBeNull();
    expect(await storage.head('pdf/9.pdf')).toBeNull();
    // A later put without a type must not inherit the deleted file's type.
    await storage.put('pdf/9.pdf', Buffer.from('%PDF-1.7'));
    expect((await storage.head('pdf/9.pdf'))?.contentType).toBe('application/pdf');
  });

  it('stores a stream of any length whole, with its size and type', async () => {
    const small = binary();
    expect(await storage.putStream('audio/s.mp3', Readable.from([small.subarray(0, 100), small.subarray(100)]))).toEqual({
      size: small.length,
    });
    expect((await storage.get('audio/s.mp3'))?.equals(small)).toBe(true);
    expect(await storage.head('audio/s.mp3')).toEqual({ size: small.length, contentType: 'audio/mpeg' });
    // Longer than one part of a multipart upload, in chunks like a pipe's.
    const big = randomBytes(12 * 1024 * 1024 + 123);
    const chunks = Array.from({ length: Math.ceil(big.length / 65_536) }, (_, i) => big.subarray(i * 65_536, (i + 1) * 65_536));
    expect(await storage.putStream('audio/long.bin', Readable.from(chunks), { contentType: 'audio/mpeg' })).toEqual({ size: big.length });
    expect((await storage.get('audio/long.bin'))?.equals(big)).toBe(true);
    expect(await storage.head('audio/long.bin')).toEqual({ size: big.length, contentType: 'audio/mpeg' });
    expect(await storage.putStream('audio/empty.mp3', Readable.from([]))).toEqual({ size: 0 });
    expect(await storage.get('audio/empty.mp3')).toEqual(Buffer.alloc(0));
  });

  it('leaves nothing behind when the stream fails, and keeps the file that was there', async () => {
    await storage.put('audio/kept.mp3', Buffer.from('old'));
    const failing = (bytes: number) =>
      Readable.from(
        (async function* () {
          yield randomBytes(bytes);
          throw new Error('encoder died');
        })(),
      );
    await expect(storage.putStream('audio/kept.mp3', failing(1000))).rejects.toThrow();
    await expect(storage.putStream('audio/kept.mp3', failing(6 * 1024 * 1024))).rejects.toThrow();
    expect((await storage.get('audio/kept.mp3'))?.toString()).toBe('old');
    await expect(storage.putStream('audio/never.mp3', failing(10))).rejects.toThrow();
    expect(await storage.head('audio/never.mp3')).toBeNull();
  });

  it.each(UNSAFE_KEYS)('refuses the unsafe key %j in every call', async (key) => {
    await expect(storage.put(key, Buffer.from('x'))).rejects.toThrow(UnsafeKeyError);
    await expect(storage.putStream(key, Readable.from([Buffer.from('x')]))).rejects.toThrow(UnsafeKeyError);
    await expect(storage.get(key)).rejects.toThrow(UnsafeKeyError);
    await expect(storage.head(key)).rejects.toThrow(UnsafeKeyError);
    await expect(storage.delete(key)).rejects.toThrow(UnsafeKeyError);
    await expect(storage.url(key, { expiresInSec: 60 })).rejects.toThrow(UnsafeKeyError);
  });

  it.each([0, -5, 1.5, MAX_URL_EXPIRY_SEC + 1])('refuses a download address living %s seconds', async (expiresInSec) => {
    await expect(storage.url('books/12/book.epub', { expiresInSec })).rejects.toThrow(RangeError);
  });
});

describe('local folder', () => {
  const root = () => path.join(dir, 'local-only');

  it('has no download address: the server streams the file itself', async () => {
    const storage = localStorage(root());
    await storage.put('audio/1.mp3', Buffer.from('ID3'));
    expect(await storage.url('audio/1.mp3', { expiresInSec: 60, downloadName: '一.mp3' })).toBeNull();
  });

  it('leaves no temporary file behind a failed stream', async () => {
    const storage = localStorage(root());
    const failing = Readable.from(
      (async function* () {
        yield Buffer.from('half');
        throw new Error('encoder died');
      })(),
    );
    await expect(storage.putStream('streamed/a.mp3', failing)).rejects.toThrow('encoder died');
    expect(await fs.readdir(path.join(root(), 'streamed'))).toEqual([]);
  });

  it('leaves no temporary files behind and keeps files where earlier versions put them', async () => {
    const storage = localStorage(root());
    await Promise.all([1, 2, 3, 4].map((n) => storage.put('images/cover-1.webp', Buffer.from(`v${n}`))));
    expect(await fs.readdir(path.join(root(), 'images'))).toEqual(['cover-1.webp']);
    expect(['v1', 'v2', 'v3', 'v4']).toContain((await fs.readFile(path.join(root(), 'images/cover-1.webp'))).toString());
  });

  it('is what openStorage gives for a local configuration', async () => {
    const storage = openStorage({ kind: 'local', dir: root() });
    await storage.put('x/y.txt', Buffer.from('hi'));
    expect((await fs.readFile(path.join(root(), 'x/y.txt'))).toString()).toBe('hi');
  });
});

describe('S3 storage', () => {
  it('stores under the prefix, signed for the configured bucket', async () => {
    const storage = openStorage({
      kind: 's3',
      bucket: fake.bucket,
      region: fake.region,
      endpoint: fake.endpoint,
      accessKeyId: fake.accessKeyId,
      secretAccessKey: fake.secretAccessKey,
      forcePathStyle: true,
      prefix: 'prod/',
    });
    await storage.put('images/p.webp', Buffer.from('webp'));
    expect(fake.objects.get('prod/images/p.webp')?.contentType).toBe('image/webp');
    expect(fake.log.at(-1)).toBe(`PUT /${fake.bucket}/prod/images/p.webp 200`);
  });

  it('is what openStorage gives for the S3 settings of the environment', async () => {
    const config = loadConfig({
      S3_BUCKET: fake.bucket,
      S3_ENDPOINT: fake.endpoint,
      S3_ACCESS_KEY_ID: fake.accessKeyId,
      S3_SECRET_ACCESS_KEY: fake.secretAccessKey,
      S3_PREFIX: 'from-env',
    });
    await openStorage(config.storage).put('a.txt', Buffer.from('env'));
    expect(fake.objects.get('from-env/a.txt')?.body.toString()).toBe('env');
  });

  it('sends a long stream in parts of at least 5 MiB and aborts the upload when the stream fails', async () => {
    const storage = s3Storage(s3Options({ prefix: 'parts/' }));
    const from = fake.log.length;
    await storage.putStream('audio/a.mp3', Readable.from([randomBytes(4 * 1024 * 1024), randomBytes(4 * 1024 * 1024), randomBytes(3 * 1024 * 1024)]));
    const calls = fake.log.slice(from).map((line) => line.replace(/\s.*?\s/, ' '));
    expect(calls).toEqual(['POST 200', 'PUT 200', 'PUT 200', 'POST 200']);
    expect(fake.objects.get('parts/audio/a.mp3')?.etag).toMatch(/-2$/);
    const failing = Readable.from(
      (async function* () {
        yield randomBytes(6 * 1024 * 1024);
        yield randomBytes(6 * 1024 * 1024);
        throw new Error('encoder died');
      })(),
    );
    await expect(storage.putStream('audio/b.mp3', failing)).rejects.toThrow(StorageError);
    expect(fake.openUploads()).toBe(0);
    expect(fake.objects.has('parts/audio/b.mp3')).toBe(false);
  });

  it('lets several processes share one bucket', async () => {
    const writer = s3Storage(s3Options({ prefix: 'shared/' }));
    const reader = s3Storage(s3Options({ prefix: 'shared/' }));
    await writer.put('books/1.epub', Buffer.from('PK'));
    expect((await reader.get('books/1.epub'))?.toString()).toBe('PK');
    await reader.delete('books/1.epub');
    expect(await writer.head('books/1.epub')).toBeNull();
  });

  it('gives a presigned address that downloads the bytes under the given name', async () => {
    const storage = s3Storage(s3Options());
    const data = binary();
    await storage.put('books/2/book.epub', data);
    const url = await storage.url('books/2/book.epub', { expiresInSec: 600, downloadName: '傲慢与偏见 (Pride & "Prejudice").epub' });
    expect(url).toMatch(new RegExp(`^${fake.endpoint}/${fake.bucket}/books/2/book\\.epub\\?.*X-Amz-Signature=`));
    const res = await fetch(url!);
    expect(res.status).toBe(200);
    expect(Buffer.from(await res.arrayBuffer()).equals(data)).toBe(true);
    expect(res.headers.get('content-type')).toBe('application/epub+zip');
    expect(res.headers.get('content-disposition')).toBe(attachmentDisposition('傲慢与偏见 (Pride & "Prejudice").epub'));
  });

  it('refuses a tampered or expired presigned address', async () => {
    const storage = s3Storage(s3Options());
    await storage.put('books/3.epub', Buffer.from('PK'));
    await storage.put('books/4.epub', Buffer.from('secret'));
    const url = (await storage.url('books/3.epub', { expiresInSec: 60 }))!;

    const otherKey = await fetch(url.replace('books/3.epub', 'books/4.epub'));
    expect(otherKey.status).toBe(403);
    expect(await otherKey.text()).toContain('<Code>SignatureDoesNotMatch</Code>');

    const longer = new URL(url);
    longer.searchParams.set('X-Amz-Expires', '3600');
    expect((await fetch(longer)).status).toBe(403);

    fake.setNow(new Date(Date.now() + 61_000));
    const late = await fetch(url);
    expect(late.status).toBe(403);
    expect(await late.text()).toContain('<Message>Request has expired</Message>');
  });

  it('refuses unsigned requests', async () => {
    const res = await fetch(`${fake.endpoint}/${fake.bucket}/books/3.epub`);
    expect(res.status).toBe(403);
    expect(await res.text()).toContain('<Code>AccessDenied</Code>');
  });

  it('refuses a wrong secret key or an unknown access key', async () => {
    const wrongSecret = s3Storage(s3Options({ secretAccessKey: 'not-the-secret' }));
    await expect(wrongSecret.put('a.txt', Buffer.from('x'))).rejects.toThrow(StorageError);
    await expect(wrongSecret.get('a.txt')).rejects.toThrow(/SignatureDoesNotMatch/);
    const wrongKey = s3Storage(s3Options({ accessKeyId: 'AKIANOBODY' }));
    await expect(wrongKey.get('a.txt')).rejects.toThrow(/InvalidAccessKeyId/);
    // A presigned URL from the wrong secret is refused as well.
    const url = await wrongSecret.url('books/3.epub', { expiresInSec: 60 });
    expect((await fetch(url!)).status).toBe(403);
  });

  it('holds the body to the hash the client signed', async () => {
    const client = new S3Client({
      region: fake.region,
      endpoint: fake.endpoint,
      forcePathStyle: true,
      credentials: { accessKeyId: fake.accessKeyId, secretAccessKey: fake.secretAccessKey },
    });
    // After signing, before sending: a body changed on the way must not be stored.
    client.middlewareStack.add(
      (next) => async (args) => {
        (args.request as { body: unknown }).body = Buffer.from('evil');
        return next(args);
      },
      { step: 'deserialize' },
    );
    await expect(client.send(new PutObjectCommand({ Bucket: fake.bucket, Key: 'swap.txt', Body: Buffer.from('good') }))).rejects.toThrow(
      expect.objectContaining({ name: 'XAmzContentSHA256Mismatch' }),
    );
    expect(fake.objects.has('swap.txt')).toBe(false);
    client.destroy();
  });

  it('reports a missing bucket instead of answering "no such file"', async () => {
    const storage = s3Storage(s3Options({ bucket: 'no-such-bucket' }));
    await expect(storage.get('books/3.epub')).rejects.toThrow(/NoSuchBucket/);
  });
});

describe('download names', () => {
  it('gives an ASCII fallback and the exact UTF-8 name', () => {
    expect(attachmentDisposition('英语 News (1).pdf')).toBe(
      `attachment; filename="__ News (1).pdf"; filename*=UTF-8''%E8%8B%B1%E8%AF%AD%20News%20%281%29.pdf`,
    );
    expect(attachmentDisposition('a"b\\c/d\n.txt')).toBe(`attachment; filename="a_b_c_d_.txt"; filename*=UTF-8''a%22b_c_d_.txt`);
  });
});
