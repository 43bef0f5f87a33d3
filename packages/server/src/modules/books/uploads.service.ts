import { createHash, randomBytes } from 'node:crypto';
import type { Readable } from 'node:stream';
import { UPLOAD_TOKEN_MINUTES, uploadKinds, type UploadKind, type UploadToken, type UploadedFile } from '@changdu/contract';
import type { UserActor } from '../../lib/actor.js';
import { MINUTE } from '../../lib/clock.js';
import { Conflict, Forbidden, Invalid } from '../../lib/errors.js';
import type { SignedTokens } from '../../lib/signed-token.js';
import type { Storage } from '../../providers/storage/index.js';


const PURPOSE = 'upload';
const TTL = UPLOAD_TOKEN_MINUTES * MINUTE;
/** `upload:` + the storage key: the link of an uploaded file, as `upload_by_link` takes it. */
export const UPLOAD_LINK_PREFIX = 'upload:';
const UPLOAD_KEY = /^uploads\/(\d+)\/[a-f0-9]{24}\.(epub|pdf)$/;

interface UploadClaims extends Record<string, unknown> {
  /** Uploader's user id. */
  u: number;
  /** Storage key. */
  k: string;
  kind: UploadKind;
}

const megabytes = (bytes: number) => `${Math.round(bytes / 1024 / 1024)} MB`;

export function kindOfName(name: string): UploadKind {
  const lower = name.toLowerCase();
  const kind = (Object.keys(uploadKinds) as UploadKind[]).find((k) => lower.endsWith(uploadKinds[k].ext));
  if (!kind) throw new Invalid('只能上传 .epub 或 .pdf 文件');
  return kind;
}

/**
 * Whether the first bytes are what the kind says. An EPUB is a ZIP whose first entry is the
 * uncompressed `mimetype` file holding `application/epub+zip` (OCF 3.0 §4.3); a PDF starts with `%PDF-`.
 */
export function looksLike(kind: UploadKind, head: Buffer): boolean {
  if (kind === 'pdf') return head.subarray(0, 5).toString('latin1') === '%PDF-';
  if (head.length < 4 || head.readUInt32LE(0) !== 0x04034b50) return false;
  // A ZIP, and when the mimetype entry is where OCF puts it, it must say EPUB.
  const name = head.subarray(30, 38).toString('latin1');
  if (name !== 'mimetype') return true;
  const nameLength = head.readUInt16LE(26);
  const extra = head.readUInt16LE(28);
  const start = 30 + nameLength + extra;
  return head
    .subarray(start, start + 20)
    .toString('latin1')
    .startsWith('application/epub+zip');
}

export function wrongType(kind: UploadKind): Invalid {
  return new Invalid(`文件内容不是 ${uploadKinds[kind].label}，请检查后重新选择`);
}

export function tooLarge(kind: UploadKind): Invalid {
  return new Invalid(`文件太大，${uploadKinds[kind].label}最大 ${megabytes(uploadKinds[kind].maxBytes)}`);
}

/** The storage key of an uploaded file's link, when it is the caller's own upload; null for other links. */
export function ownUploadKey(link: string, userId: number): string | null {
  if (!link.startsWith(UPLOAD_LINK_PREFIX)) return null;
  const key = link.slice(UPLOAD_LINK_PREFIX.length);
  const m = UPLOAD_KEY.exec(key);
  if (!m) throw new Invalid('上传文件的链接格式不正确');
  if (Number(m[1]) !== userId) throw new Forbidden('这个文件不是你上传的');
  return key;
}

/**
 * Upload tokens (`GET /auth/upload_token`) and the server's own upload address. A token lets
 * one user put one file under one server-chosen key, for a short time; with a bucket the
 * browser PUTs straight to it with a presigned URL whose size and type are signed in.
 */
export function uploadsService(deps: { storage: Storage; signed: SignedTokens; bucket: boolean }) {
  const { storage, signed } = deps;

  return {
    issue(actor: UserActor, input: { key: string; size?: number | undefined }): Promise<UploadToken> {
      return (async () => {
        const kind = kindOfName(input.key);
        const spec = uploadKinds[kind];
        if (input.size !== undefined && input.size > spec.maxBytes) throw tooLarge(kind);
        const key = `uploads/${actor.user.id}/${randomBytes(12).toString('hex')}${spec.ext}`;
        const { token, expiresAt } = signed.issue(PURPOSE, { u: actor.user.id, k: key, kind } satisfies UploadClaims, TTL);
        let uploadUrl = `/api/upload?token=${encodeURIComponent(token)}`;
        const headers: Record<string, string> = { 'content-type': spec.contentType };
        if (deps.bucket) {
          if (input.size === undefined) throw new Invalid('请提供文件大小（size）');
          const url = await storage.uploadUrl(key, { expiresInSec: TTL / 1000, contentType: spec.contentType, contentLength: input.size });
          if (url) uploadUrl = url;
        }
        return {
          key,
          link: `${UPLOAD_LINK_PREFIX}${key}`,
          kind,
          upload_url: uploadUrl,
          method: 'PUT',
          headers,
          max_bytes: spec.maxBytes,
          expires_at: expiresAt.toISOString(),
        };
      })();
    },

    /**
     * Receives an upload: the token is checked first, the declared size before any byte is read,
     * then the bytes are counted (reading stops at the limit), their type is checked on the first
     * bytes, and SHA-256 is computed as they arrive. Nothing is stored unless all pass. A refusal
     * leaves the rest of the body unread and the stream open: the route answers, then closes.
     */
    async receive(token: string | undefined, body: Readable, declaredLength: number | null): Promise<UploadedFile> {
      const claims = signed.verify<UploadClaims>(PURPOSE, token ?? '', '上传许可无效或已过期，请重新选择文件');
      const kind = claims.kind;
      const spec = uploadKinds[kind];
      if (declaredLength !== null && declaredLength > spec.maxBytes) throw tooLarge(kind);
      if (await storage.head(claims.k)) throw new Conflict('这个上传许可已经用过了，请重新选择文件');
      const hash = createHash('sha256');
      const chunks: Buffer[] = [];
      let size = 0;
      let checked = false;
      // Leaving the loop early must not destroy the request: that would reset the connection
      // before the refusal is written.
      for await (const chunk of body.iterator({ destroyOnReturn: false }) as AsyncIterable<Buffer>) {
        size += chunk.length;
        if (size > spec.maxBytes) throw tooLarge(kind);
        chunks.push(chunk);
        hash.update(chunk);
        if (!checked && size >= 64) {
          if (!looksLike(kind, Buffer.concat(chunks))) throw wrongType(kind);
          checked = true;
        }
      }
      const data = Buffer.concat(chunks);
      if (size === 0) throw new Invalid('文件是空的');
      if (!checked && !looksLike(kind, data)) throw wrongType(kind);
      await storage.put(claims.k, data, { contentType: spec.contentType });
      return { key: claims.k, link: `${UPLOAD_LINK_PREFIX}${claims.k}`, size, digest: hash.digest('hex') };
    },
  };
}

export type UploadsService = ReturnType<typeof uploadsService>;
