import { createHash, createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';

/**
 * A local S3 that speaks the real REST protocol for single objects on path-style URLs
 * (`/bucket/key`): PUT, GET, HEAD and DELETE, and multipart uploads (create, upload part,
 * complete, abort; parts but the last at least 5 MiB, as S3 requires), every request checked against AWS Signature
 * Version 4 (an `Authorization` header, or a presigned query string), S3's XML errors, objects
 * kept in memory. The real SDK talks to it unchanged; nothing leaves 127.0.0.1.
 */

export interface FakeS3Options {
  bucket?: string;
  region?: string;
  accessKeyId?: string;
  secretAccessKey?: string;
}

export interface FakeS3Object {
  body: Buffer;
  contentType: string;
  etag: string;
  lastModified: Date;
}

export interface FakeS3 {
  /** `http://127.0.0.1:<port>`, for the client's `endpoint`. */
  endpoint: string;
  bucket: string;
  region: string;
  accessKeyId: string;
  secretAccessKey: string;
  /** What the bucket holds, by full object key. */
  objects: ReadonlyMap<string, FakeS3Object>;
  /** How many multipart uploads were begun and neither completed nor aborted. */
  openUploads(): number;
  /** One line per request: `METHOD /path STATUS [ErrorCode]`. */
  log: string[];
  /** Moves the fake's clock (e.g. past a presigned URL's expiry); null goes back to real time. */
  setNow(date: Date | null): void;
  close(): Promise<void>;
}

const ALGORITHM = 'AWS4-HMAC-SHA256';
const MAX_SKEW_MS = 15 * 60 * 1000;
const MAX_PRESIGN_SEC = 7 * 24 * 3600;
const MAX_BODY = 64 * 1024 * 1024;
const MIN_PART = 5 * 1024 * 1024;

interface Upload {
  key: string;
  contentType: string;
  parts: Map<number, { body: Buffer; etag: string }>;
}

class S3Error extends Error {
  constructor(
    readonly status: number,
    readonly code: string,
    message: string,
    readonly extra: Record<string, string> = {},
  ) {
    super(message);
  }
}

const sha256Hex = (data: Buffer | string) => createHash('sha256').update(data).digest('hex');
const hmac = (key: Buffer | string, data: string) => createHmac('sha256', key).update(data).digest();

/** RFC 3986 encoding as SigV4 wants it: everything but A-Z a-z 0-9 - _ . ~ as %XX. */
function uriEncode(value: string): string {
  return encodeURIComponent(value).replace(/[!'()*]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`);
}

function decode(value: string): string {
  try {
    return decodeURIComponent(value);
  } catch {
    throw new S3Error(400, 'InvalidURI', "Couldn't parse the specified URI.");
  }
}

function xmlEscape(value: string): string {
  return value.replace(/[<>&"']/g, (c) => `&#${c.charCodeAt(0)};`);
}

/** `20240102T030405Z` → Date, or null when it is not that shape. */
function parseAmzDate(value: string): Date | null {
  const m = /^(\d{4})(\d{2})(\d{2})T(\d{2})(\d{2})(\d{2})Z$/.exec(value);
  if (!m) return null;
  const [, y, mo, d, h, mi, s] = m.map(Number) as [number, number, number, number, number, number, number];
  return new Date(Date.UTC(y, mo - 1, d, h, mi, s));
}

interface Credential {
  accessKeyId: string;
  date: string;
  region: string;
  service: string;
  terminator: string;
}

function parseCredential(value: string): Credential | null {
  const parts = value.split('/');
  if (parts.length !== 5) return null;
  const [accessKeyId, date, region, service, terminator] = parts as [string, string, string, string, string];
  return { accessKeyId, date, region, service, terminator };
}

/** The parts of a request SigV4 signs, in either of its two forms. */
interface SignedRequest {
  credential: Credential;
  amzDate: string;
  signedHeaders: string;
  signature: string;
  payloadHash: string;
  /** Query parameters that take part in the canonical query string. */
  query: [string, string][];
}

export async function startFakeS3(options: FakeS3Options = {}): Promise<FakeS3> {
  const bucket = options.bucket ?? 'changdu-test';
  const region = options.region ?? 'us-east-1';
  const accessKeyId = options.accessKeyId ?? 'AKIAFAKES3TESTKEY000';
  const secretAccessKey = options.secretAccessKey ?? randomBytes(30).toString('base64');
  const objects = new Map<string, FakeS3Object>();
  const uploads = new Map<string, Upload>();
  const log: string[] = [];
  let fixedNow: Date | null = null;
  const now = () => fixedNow ?? new Date();

  function rawQuery(req: http.IncomingMessage): [string, string][] {
    const url = req.url ?? '/';
    const at = url.indexOf('?');
    if (at < 0) return [];
    return url
      .slice(at + 1)
      .split('&')
      .filter((p) => p !== '')
      .map((pair) => {
        const eq = pair.indexOf('=');
        return eq < 0 ? [decode(pair), ''] : [decode(pair.slice(0, eq)), decode(pair.slice(eq + 1))];
      });
  }

  function readSignature(req: http.IncomingMessage, query: [string, string][]): SignedRequest {
    const q = new Map(query);
    if (q.has('X-Amz-Algorithm')) {
      if (q.get('X-Amz-Algorithm') !== ALGORITHM)
        throw new S3Error(400, 'AuthorizationQueryParametersError', `X-Amz-Algorithm only supports "${ALGORITHM}"`);
      const credential = parseCredential(q.get('X-Amz-Credential') ?? '');
      const amzDate = q.get('X-Amz-Date') ?? '';
      const expires = Number(q.get('X-Amz-Expires'));
      const signedHeaders = q.get('X-Amz-SignedHeaders') ?? '';
      const signature = q.get('X-Amz-Signature') ?? '';
      const date = parseAmzDate(amzDate);
      if (!credential || !date || !signedHeaders || !signature || !Number.isInteger(expires)) {
        throw new S3Error(
          400,
          'AuthorizationQueryParametersError',
          'Query-string authentication version 4 requires the X-Amz-Algorithm, X-Amz-Credential, X-Amz-Signature, X-Amz-Date, X-Amz-SignedHeaders, and X-Amz-Expires parameters.',
        );
      }
      if (expires < 1 || expires > MAX_PRESIGN_SEC) {
        throw new S3Error(
          400,
          'AuthorizationQueryParametersError',
          'X-Amz-Expires must be less than a week (in seconds) that is; 604800 seconds',
        );
      }
      const t = now().getTime();
      if (t > date.getTime() + expires * 1000) throw new S3Error(403, 'AccessDenied', 'Request has expired');
      if (date.getTime() - t > MAX_SKEW_MS) throw new S3Error(403, 'AccessDenied', 'Request is not valid yet');
      return {
        credential,
        amzDate,
        signedHeaders,
        signature,
        payloadHash: q.get('X-Amz-Content-Sha256') ?? 'UNSIGNED-PAYLOAD',
        query: query.filter(([k]) => k !== 'X-Amz-Signature'),
      };
    }
    const header = req.headers.authorization;
    if (!header) throw new S3Error(403, 'AccessDenied', 'Access Denied');
    const m = /^AWS4-HMAC-SHA256 Credential=([^,\s]+),\s*SignedHeaders=([^,\s]+),\s*Signature=([0-9a-f]{64})$/.exec(header);
    const credential = m ? parseCredential(m[1]!) : null;
    if (!m || !credential) throw new S3Error(400, 'AuthorizationHeaderMalformed', 'The authorization header is malformed.');
    const amzDate = String(req.headers['x-amz-date'] ?? '');
    const date = parseAmzDate(amzDate);
    if (!date) throw new S3Error(403, 'AccessDenied', 'AWS authentication requires a valid Date or x-amz-date header');
    if (Math.abs(date.getTime() - now().getTime()) > MAX_SKEW_MS) {
      throw new S3Error(403, 'RequestTimeTooSkewed', 'The difference between the request time and the current time is too large.');
    }
    const payloadHash = req.headers['x-amz-content-sha256'];
    if (typeof payloadHash !== 'string')
      throw new S3Error(400, 'InvalidRequest', 'Missing required header for this request: x-amz-content-sha256');
    return { credential, amzDate, signedHeaders: m[2]!, signature: m[3]!, payloadHash, query };
  }

  /** Checks the signature the way S3 does: canonical request → string to sign → signing key. */
  function authenticate(req: http.IncomingMessage, rawPath: string, query: [string, string][], body: Buffer) {
    const s = readSignature(req, query);
    const c = s.credential;
    if (c.accessKeyId !== accessKeyId) {
      throw new S3Error(403, 'InvalidAccessKeyId', 'The AWS Access Key Id you provided does not exist in our records.', {
        AWSAccessKeyId: c.accessKeyId,
      });
    }
    if (c.date !== s.amzDate.slice(0, 8) || c.service !== 's3' || c.terminator !== 'aws4_request') {
      throw new S3Error(400, 'AuthorizationHeaderMalformed', 'The authorization header is malformed; the credential scope is invalid.');
    }
    if (c.region !== region) {
      throw new S3Error(
        400,
        'AuthorizationHeaderMalformed',
        `The authorization header is malformed; the region '${c.region}' is wrong; expecting '${region}'`,
        { Region: region },
      );
    }

    const signed = s.signedHeaders.split(';');
    if (!signed.includes('host') || signed.join(';') !== [...signed].sort().join(';')) {
      throw new S3Error(400, 'AuthorizationHeaderMalformed', 'SignedHeaders must be sorted and include host.');
    }
    const presigned = query.some(([k]) => k === 'X-Amz-Algorithm');
    const unsigned = Object.keys(req.headers).filter((h) => h.startsWith('x-amz-') && !signed.includes(h));
    if (!presigned && unsigned.length > 0) {
      throw new S3Error(403, 'AccessDenied', 'There were headers present in the request which were not signed', {
        HeadersNotSigned: unsigned.join(', '),
      });
    }

    const canonicalUri = rawPath
      .split('/')
      .map((segment) => uriEncode(decode(segment)))
      .join('/');
    const canonicalQuery = s.query
      .map(([k, v]) => [uriEncode(k), uriEncode(v)] as const)
      .sort(([ak, av], [bk, bv]) => (ak < bk ? -1 : ak > bk ? 1 : av < bv ? -1 : av > bv ? 1 : 0))
      .map(([k, v]) => `${k}=${v}`)
      .join('&');
    const canonicalHeaders = signed
      .map((name) => {
        const values = req.headersDistinct[name] ?? [];
        return `${name}:${values.map((v) => v.trim().replace(/\s+/g, ' ')).join(',')}\n`;
      })
      .join('');
    const canonicalRequest = [req.method, canonicalUri, canonicalQuery, canonicalHeaders, s.signedHeaders, s.payloadHash].join('\n');
    const scope = `${c.date}/${c.region}/${c.service}/${c.terminator}`;
    const stringToSign = [ALGORITHM, s.amzDate, scope, sha256Hex(canonicalRequest)].join('\n');
    const key = hmac(hmac(hmac(hmac(`AWS4${secretAccessKey}`, c.date), c.region), c.service), c.terminator);
    const expected = createHmac('sha256', key).update(stringToSign).digest();
    const given = Buffer.from(s.signature, 'hex');
    if (given.length !== expected.length || !timingSafeEqual(given, expected)) {
      throw new S3Error(
        403,
        'SignatureDoesNotMatch',
        'The request signature we calculated does not match the signature you provided. Check your key and signing method.',
        {
          AWSAccessKeyId: c.accessKeyId,
          StringToSign: stringToSign,
          CanonicalRequest: canonicalRequest,
        },
      );
    }

    // The signature covers the payload only through this hash, so the body must match it.
    if (s.payloadHash.startsWith('STREAMING-'))
      throw new S3Error(501, 'NotImplemented', 'Chunked uploads are not implemented by this fake.');
    if (s.payloadHash !== 'UNSIGNED-PAYLOAD' && s.payloadHash !== sha256Hex(body)) {
      throw new S3Error(400, 'XAmzContentSHA256Mismatch', "The provided 'x-amz-content-sha256' header does not match what was computed.");
    }
  }

  function sendError(res: http.ServerResponse, method: string, resource: string, error: S3Error, requestId: string) {
    res.statusCode = error.status;
    // HEAD answers carry no body, so clients only see the status.
    if (method === 'HEAD') return res.end();
    const extra = Object.entries(error.extra)
      .map(([k, v]) => `<${k}>${xmlEscape(v)}</${k}>`)
      .join('');
    res.setHeader('content-type', 'application/xml');
    res.end(
      `<?xml version="1.0" encoding="UTF-8"?>\n<Error><Code>${error.code}</Code><Message>${xmlEscape(error.message)}</Message>${extra}<Resource>${xmlEscape(resource)}</Resource><RequestId>${requestId}</RequestId></Error>`,
    );
  }

  function objectHeaders(res: http.ServerResponse, object: FakeS3Object, query: [string, string][]) {
    res.setHeader('content-type', object.contentType);
    res.setHeader('content-length', object.body.length);
    res.setHeader('etag', `"${object.etag}"`);
    res.setHeader('last-modified', object.lastModified.toUTCString());
    res.setHeader('accept-ranges', 'bytes');
    // Signed requests may override response headers, as presigned download links do.
    for (const [k, v] of query) {
      const m = /^response-(content-type|content-disposition|content-language|content-encoding|cache-control|expires)$/.exec(k);
      if (m) res.setHeader(m[1]!, v);
    }
  }

  /** The body's MD5 (hex, the ETag), held to a Content-MD5 header when one was sent. */
  function checkedMd5(req: http.IncomingMessage, body: Buffer): string {
    const md5 = createHash('md5').update(body);
    const contentMd5 = req.headers['content-md5'];
    if (contentMd5 !== undefined) {
      if (typeof contentMd5 !== 'string' || !/^[A-Za-z0-9+/]{22}==$/.test(contentMd5))
        throw new S3Error(400, 'InvalidDigest', 'The Content-MD5 you specified was invalid.');
      if (contentMd5 !== md5.copy().digest('base64'))
        throw new S3Error(400, 'BadDigest', 'The Content-MD5 you specified did not match what we received.');
    }
    return md5.digest('hex');
  }

  async function readBody(req: http.IncomingMessage): Promise<Buffer> {
    const chunks: Buffer[] = [];
    let size = 0;
    for await (const chunk of req) {
      size += (chunk as Buffer).length;
      if (size > MAX_BODY) throw new S3Error(400, 'EntityTooLarge', 'Your proposed upload exceeds the maximum allowed object size.');
      chunks.push(chunk as Buffer);
    }
    return Buffer.concat(chunks);
  }

  async function handle(req: http.IncomingMessage, res: http.ServerResponse) {
    const method = req.method ?? 'GET';
    const rawPath = (req.url ?? '/').split('?')[0]!;
    const body = await readBody(req);
    const query = rawQuery(req);
    const slash = rawPath.indexOf('/', 1);
    const bucketName = decode(slash < 0 ? rawPath.slice(1) : rawPath.slice(1, slash));
    const key = slash < 0 ? '' : decode(rawPath.slice(slash + 1));
    authenticate(req, rawPath, query, body);

    if (bucketName !== bucket) throw new S3Error(404, 'NoSuchBucket', 'The specified bucket does not exist', { BucketName: bucketName });
    if (key === '') throw new S3Error(501, 'NotImplemented', 'Only object operations are implemented by this fake.');

    const q = new Map(query);
    const uploadId = q.get('uploadId');
    if (method === 'POST' && q.has('uploads')) {
      const id = randomBytes(12).toString('hex');
      uploads.set(id, { key, contentType: req.headers['content-type'] ?? 'binary/octet-stream', parts: new Map() });
      res.setHeader('content-type', 'application/xml');
      return res.end(
        `<?xml version="1.0" encoding="UTF-8"?>\n<InitiateMultipartUploadResult><Bucket>${bucket}</Bucket><Key>${xmlEscape(key)}</Key><UploadId>${id}</UploadId></InitiateMultipartUploadResult>`,
      );
    }
    if (uploadId !== undefined) {
      const upload = uploads.get(uploadId);
      if (!upload || upload.key !== key)
        throw new S3Error(404, 'NoSuchUpload', 'The specified upload does not exist.', { UploadId: uploadId });
      if (method === 'PUT') {
        const partNumber = Number(q.get('partNumber'));
        if (!Number.isInteger(partNumber) || partNumber < 1 || partNumber > 10_000)
          throw new S3Error(400, 'InvalidArgument', 'Part number must be an integer between 1 and 10000, inclusive');
        const etag = checkedMd5(req, body);
        upload.parts.set(partNumber, { body, etag });
        res.setHeader('etag', `"${etag}"`);
        return res.end();
      }
      if (method === 'POST') {
        const listed = [...body.toString('utf8').matchAll(/<Part>([\s\S]*?)<\/Part>/g)].map((m) => ({
          number: Number(/<PartNumber>(\d+)<\/PartNumber>/.exec(m[1]!)?.[1]),
          etag: /<ETag>"?([0-9a-f]+)"?<\/ETag>/.exec(m[1]!.replace(/&quot;|&#34;/g, '"'))?.[1],
        }));
        if (listed.length === 0) throw new S3Error(400, 'MalformedXML', 'The XML you provided was not well-formed.');
        const chosen: Buffer[] = [];
        for (const [i, part] of listed.entries()) {
          if (i > 0 && part.number <= listed[i - 1]!.number) throw new S3Error(400, 'InvalidPartOrder', 'The list of parts was not in ascending order.');
          const stored = upload.parts.get(part.number);
          if (!stored || stored.etag !== part.etag) throw new S3Error(400, 'InvalidPart', 'One or more of the specified parts could not be found.');
          if (i < listed.length - 1 && stored.body.length < MIN_PART)
            throw new S3Error(400, 'EntityTooSmall', 'Your proposed upload is smaller than the minimum allowed object size.');
          chosen.push(stored.body);
        }
        const whole = Buffer.concat(chosen);
        const etag = `${createHash('md5')
          .update(Buffer.concat(listed.map((p) => Buffer.from(p.etag!, 'hex'))))
          .digest('hex')}-${listed.length}`;
        objects.set(key, { body: whole, contentType: upload.contentType, etag, lastModified: now() });
        uploads.delete(uploadId);
        res.setHeader('content-type', 'application/xml');
        return res.end(
          `<?xml version="1.0" encoding="UTF-8"?>\n<CompleteMultipartUploadResult><Bucket>${bucket}</Bucket><Key>${xmlEscape(key)}</Key><ETag>"${etag}"</ETag></CompleteMultipartUploadResult>`,
        );
      }
      if (method === 'DELETE') {
        uploads.delete(uploadId);
        res.statusCode = 204;
        return res.end();
      }
    }

    if (method === 'PUT') {
      if (req.headers['x-amz-copy-source']) throw new S3Error(501, 'NotImplemented', 'CopyObject is not implemented by this fake.');
      const object = {
        body,
        contentType: req.headers['content-type'] ?? 'binary/octet-stream',
        etag: checkedMd5(req, body),
        lastModified: now(),
      };
      objects.set(key, object);
      res.setHeader('etag', `"${object.etag}"`);
      res.statusCode = 200;
      return res.end();
    }
    if (method === 'GET' || method === 'HEAD') {
      const object = objects.get(key);
      if (!object) throw new S3Error(404, 'NoSuchKey', 'The specified key does not exist.', { Key: key });
      objectHeaders(res, object, query);
      res.statusCode = 200;
      return res.end(method === 'GET' ? object.body : undefined);
    }
    if (method === 'DELETE') {
      objects.delete(key);
      res.statusCode = 204;
      return res.end();
    }
    throw new S3Error(405, 'MethodNotAllowed', 'The specified method is not allowed against this resource.', {
      Method: method,
      ResourceType: 'OBJECT',
    });
  }

  const server = http.createServer((req, res) => {
    const requestId = randomBytes(8).toString('hex').toUpperCase();
    res.setHeader('x-amz-request-id', requestId);
    res.setHeader('server', 'FakeS3');
    const method = req.method ?? 'GET';
    const resource = (req.url ?? '/').split('?')[0]!;
    handle(req, res).then(
      () => log.push(`${method} ${resource} ${res.statusCode}`),
      (error: unknown) => {
        const s3Error =
          error instanceof S3Error ? error : new S3Error(500, 'InternalError', `We encountered an internal error: ${String(error)}`);
        log.push(`${method} ${resource} ${s3Error.status} ${s3Error.code}`);
        sendError(res, method, resource, s3Error, requestId);
      },
    );
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const port = (server.address() as AddressInfo).port;

  return {
    endpoint: `http://127.0.0.1:${port}`,
    bucket,
    region,
    accessKeyId,
    secretAccessKey,
    objects,
    openUploads: () => uploads.size,
    log,
    setNow(date) {
      fixedNow = date;
    },
    async close() {
      // Clients keep connections alive; end them so close() does not wait on idle sockets.
      const closed = new Promise<void>((resolve, reject) => server.close((error) => (error ? reject(error) : resolve())));
      server.closeAllConnections();
      await closed;
    },
  };
}
