import { createHash } from 'node:crypto';
import { createRequire } from 'node:module';
import type * as S3 from '@aws-sdk/client-s3';
import type * as Presigner from '@aws-sdk/s3-request-presigner';
import { assertSafeKey, assertUrlOptions, attachmentDisposition, contentTypeFor, StorageError, type Storage } from './storage.js';

export interface S3StorageOptions {
  bucket: string;
  region: string;
  /** e.g. `http://127.0.0.1:9000` for MinIO; null or absent for AWS itself. */
  endpoint?: string | null;
  accessKeyId: string;
  secretAccessKey: string;
  /** `endpoint/bucket/key` instead of `bucket.endpoint/key`, which MinIO-like servers need. */
  forcePathStyle?: boolean;
  /** Put before every key as is, e.g. `changdu/`, so one bucket can hold several deployments. */
  prefix?: string;
}

/** Names the SDK gives a missing object: GetObject's XML code, or HEAD's bare 404 (HEAD has no body). */
const MISSING = new Set(['NoSuchKey', 'NotFound']);

/**
 * A streamed file goes up in parts of this size (S3's smallest but the last), so one part is
 * all it holds in memory; a file that ends within the first part is one plain PUT.
 */
export const MULTIPART_PART_BYTES = 5 * 1024 * 1024;

function errorName(error: unknown): string {
  return error instanceof Error ? error.name : 'Error';
}

/** Files in an S3-compatible bucket, which every API and worker process can share. */
export function s3Storage(options: S3StorageOptions): Storage {
  // The SDK (about 14 MB resident) is loaded when S3 storage is opened, never by a deployment on local files.
  const load = createRequire(import.meta.url);
  const {
    AbortMultipartUploadCommand,
    CompleteMultipartUploadCommand,
    CreateMultipartUploadCommand,
    DeleteObjectCommand,
    GetObjectCommand,
    HeadObjectCommand,
    PutObjectCommand,
    S3Client,
    UploadPartCommand,
  } = load('@aws-sdk/client-s3') as typeof S3;
  const { getSignedUrl } = load('@aws-sdk/s3-request-presigner') as typeof Presigner;
  const client = new S3Client({
    region: options.region,
    endpoint: options.endpoint ?? undefined,
    forcePathStyle: options.forcePathStyle ?? false,
    // Explicit keys, so the SDK never goes looking in ~/.aws or the instance metadata service.
    credentials: { accessKeyId: options.accessKeyId, secretAccessKey: options.secretAccessKey },
    // Many S3-compatible servers refuse the SDK's newer CRC checksum headers; Content-MD5
    // (below) protects uploads everywhere instead.
    requestChecksumCalculation: 'WHEN_REQUIRED',
    responseChecksumValidation: 'WHEN_REQUIRED',
    requestHandler: { connectionTimeout: 5_000, requestTimeout: 60_000 },
  });
  const bucket = options.bucket;
  const prefix = options.prefix ?? '';
  const objectKey = (key: string) => {
    assertSafeKey(key);
    return prefix + key;
  };

  function fail(operation: string, key: string, error: unknown): never {
    throw new StorageError(`S3 ${operation} ${bucket}/${prefix}${key} failed: ${errorName(error)}`, { cause: error });
  }

  const md5 = (data: Buffer) => createHash('md5').update(data).digest('base64');

  async function putWhole(key: string, data: Buffer, contentType: string | undefined) {
    const Key = objectKey(key);
    try {
      await client.send(new PutObjectCommand({ Bucket: bucket, Key, Body: data, ContentType: contentType ?? contentTypeFor(key), ContentMD5: md5(data) }));
    } catch (error) {
      fail('put', key, error);
    }
  }

  /** Chunks of the stream gathered into parts of at least MULTIPART_PART_BYTES (the last may be smaller). */
  async function* partsOf(source: AsyncIterable<unknown>): AsyncGenerator<Buffer> {
    let held: Buffer[] = [];
    let size = 0;
    for await (const chunk of source) {
      const b = Buffer.isBuffer(chunk) ? chunk : Buffer.from(chunk as Uint8Array);
      held.push(b);
      size += b.length;
      if (size >= MULTIPART_PART_BYTES) {
        yield Buffer.concat(held, size);
        held = [];
        size = 0;
      }
    }
    if (size > 0 || held.length > 0) yield Buffer.concat(held, size);
  }

  return {
    put: (key, data, putOptions = {}) => putWhole(key, data, putOptions.contentType),
    async putStream(key, source, putOptions = {}) {
      const Key = objectKey(key);
      const parts = partsOf(source);
      const first = await parts.next();
      const firstPart = first.done ? Buffer.alloc(0) : first.value;
      const second = first.done ? first : await parts.next();
      if (second.done) {
        await putWhole(key, firstPart, putOptions.contentType);
        return { size: firstPart.length };
      }
      let uploadId: string | undefined;
      try {
        const created = await client.send(
          new CreateMultipartUploadCommand({ Bucket: bucket, Key, ContentType: putOptions.contentType ?? contentTypeFor(key) }),
        );
        uploadId = created.UploadId;
        if (!uploadId) throw new Error('no upload id');
        const done: { ETag: string; PartNumber: number }[] = [];
        let size = 0;
        const send = async (body: Buffer) => {
          const PartNumber = done.length + 1;
          const out = await client.send(
            new UploadPartCommand({ Bucket: bucket, Key, UploadId: uploadId, PartNumber, Body: body, ContentMD5: md5(body) }),
          );
          done.push({ ETag: out.ETag ?? '', PartNumber });
          size += body.length;
        };
        await send(firstPart);
        await send(second.value);
        for await (const part of parts) await send(part);
        await client.send(new CompleteMultipartUploadCommand({ Bucket: bucket, Key, UploadId: uploadId, MultipartUpload: { Parts: done } }));
        return { size };
      } catch (error) {
        source.destroy();
        // Parts of an upload never completed are kept (and billed) until aborted.
        if (uploadId) await client.send(new AbortMultipartUploadCommand({ Bucket: bucket, Key, UploadId: uploadId })).catch(() => undefined);
        fail('multipart put', key, error);
      }
    },
    async get(key) {
      const Key = objectKey(key);
      try {
        const out = await client.send(new GetObjectCommand({ Bucket: bucket, Key }));
        if (!out.Body) return Buffer.alloc(0);
        return Buffer.from(await out.Body.transformToByteArray());
      } catch (error) {
        if (MISSING.has(errorName(error))) return null;
        fail('get', key, error);
      }
    },
    async head(key) {
      const Key = objectKey(key);
      try {
        const out = await client.send(new HeadObjectCommand({ Bucket: bucket, Key }));
        return { size: out.ContentLength ?? 0, contentType: out.ContentType ?? 'application/octet-stream' };
      } catch (error) {
        if (MISSING.has(errorName(error))) return null;
        fail('head', key, error);
      }
    },
    async delete(key) {
      const Key = objectKey(key);
      try {
        await client.send(new DeleteObjectCommand({ Bucket: bucket, Key }));
      } catch (error) {
        fail('delete', key, error);
      }
    },
    async url(key, urlOptions) {
      const Key = objectKey(key);
      assertUrlOptions(urlOptions);
      const command = new GetObjectCommand({
        Bucket: bucket,
        Key,
        ResponseContentDisposition: urlOptions.downloadName ? attachmentDisposition(urlOptions.downloadName) : undefined,
      });
      // Signing happens here with the configured keys; no request leaves the process.
      return getSignedUrl(client, command, { expiresIn: urlOptions.expiresInSec });
    },
    async uploadUrl(key, upload) {
      const Key = objectKey(key);
      assertUrlOptions(upload);
      const command = new PutObjectCommand({ Bucket: bucket, Key, ContentType: upload.contentType, ContentLength: upload.contentLength });
      // Content-Type and Content-Length are signed headers: the bucket refuses another size or type.
      return getSignedUrl(client, command, {
        expiresIn: upload.expiresInSec,
        signableHeaders: new Set(['content-type', 'content-length']),
      });
    },
  };
}
