import { createHash, randomBytes } from 'node:crypto';
import type { Readable } from 'node:stream';
import { UPLOAD_TOKEN_MINUTES, uploadKinds, type UploadKind, type UploadToken, type UploadedFile } from '@changdu/contract';
import type { UserActor } from '../../lib/actor.js';
import type { Db } from '../../db/client.js';
import { MINUTE, type Clock } from '../../lib/clock.js';
import { Conflict, Forbidden, Invalid, NotFound } from '../../lib/errors.js';
import type { SignedTokens } from '../../lib/signed-token.js';
import type { Storage } from '../../providers/storage/index.js';
import { uploadsRepo } from './uploads.repo.js';


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

/** How long an import holds the upload it took: one still unfinished by then failed for good. */
const CLAIM_HOLD = 24 * 60 * MINUTE;
/** Expired uploads removed per run of the job; the next run takes the rest. */
const EXPIRE_BATCH = 500;

export interface UploadsDeps {
  db: Db;
  clock: Clock;
  storage: Storage;
  signed: SignedTokens;
  bucket: boolean;
  /** The most bytes one reader may have uploaded and not yet imported (`UPLOAD_PENDING_MAX_MB`). */
  pendingMaxBytes: number;
}

/**
 * Upload tokens (`GET /auth/upload_token`) and the server's own upload address. A token lets
 * one user put one file under one server-chosen key, for a short time; with a bucket the
 * browser PUTs straight to it with a presigned URL whose size and type are signed in.
 *
 * Each token's file has an `uploads` row from the token on. Until an import takes it, the file is
 * pending: it counts against the reader's cap, and once its time is up (a token's lifetime after
 * the bytes arrived; with a bucket, where arrival is not seen, two lifetimes after the token) the
 * `uploads.expire` job removes file and row. An import holds its file for a day, then releases it.
 */
export function uploadsService(deps: UploadsDeps) {
  const { storage, signed, clock } = deps;
  const repo = uploadsRepo(deps.db);
  const at = (offsetMs = 0) => new Date(clock.now().getTime() + offsetMs).toISOString();

  return {
    async issue(actor: UserActor, input: { key: string; size?: number | undefined }): Promise<UploadToken> {
      const kind = kindOfName(input.key);
      const spec = uploadKinds[kind];
      if (input.size !== undefined && input.size > spec.maxBytes) throw tooLarge(kind);
      if (deps.bucket && input.size === undefined) throw new Invalid('请提供文件大小（size）');
      // The token may bring this much: the size given (the upload is held to it), else the kind's limit.
      const bytes = input.size ?? spec.maxBytes;
      const pending = await repo.pendingBytes(actor.user.id, at());
      if (pending + bytes > deps.pendingMaxBytes) {
        throw new Conflict(
          `待导入的上传已达上限（${megabytes(deps.pendingMaxBytes)}）：请先导入已上传的文件，未导入的文件会在 ${UPLOAD_TOKEN_MINUTES} 分钟后自动清除`,
        );
      }
      const key = `uploads/${actor.user.id}/${randomBytes(12).toString('hex')}${spec.ext}`;
      const { token, expiresAt } = signed.issue(PURPOSE, { u: actor.user.id, k: key, kind } satisfies UploadClaims, TTL);
      let uploadUrl = `/api/upload?token=${encodeURIComponent(token)}`;
      const headers: Record<string, string> = { 'content-type': spec.contentType };
      if (deps.bucket) {
        const url = await storage.uploadUrl(key, { expiresInSec: TTL / 1000, contentType: spec.contentType, contentLength: bytes });
        if (url) uploadUrl = url;
      }
      await repo.insert({
        key,
        user_id: actor.user.id,
        kind,
        bytes,
        received_at: null,
        claimed_at: null,
        // Until the token runs out to arrive, then a token's lifetime to be imported.
        expires_at: new Date(expiresAt.getTime() + TTL).toISOString(),
        created_at: at(),
      });
      return {
        key,
        link: `${UPLOAD_LINK_PREFIX}${key}`,
        kind,
        upload_url: uploadUrl,
        method: 'PUT',
        headers,
        max_bytes: bytes,
        expires_at: expiresAt.toISOString(),
      };
    },

    /**
     * An import takes the caller's own upload (`upload:` link): it is no longer pending and is
     * kept for the import. Answers its storage key; null for a link that is no upload. Another
     * reader's upload is refused; an expired or removed one is not found.
     */
    async hold(userId: number, link: string): Promise<string | null> {
      const key = ownUploadKey(link, userId);
      if (!key) return null;
      if (!(await repo.claim(key, userId, at(), at(CLAIM_HOLD)))) throw new NotFound('上传的文件不存在或已过期，请重新上传');
      return key;
    },

    /** The file's work is done (imported, or of no use): file and row go. */
    async release(key: string): Promise<void> {
      await storage.delete(key);
      await repo.remove(key);
    },

    /** The `uploads.expire` job: removes files never imported whose time is up (and their rows). */
    async expire(): Promise<{ removed: number }> {
      const now = at();
      let removed = 0;
      for (const { key } of await repo.expired(now, EXPIRE_BATCH)) {
        // The row first, and only while still expired: a file claimed meanwhile is kept.
        if (!(await repo.removeExpired(key, now))) continue;
        await storage.delete(key);
        removed++;
      }
      return { removed };
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
      const row = await repo.byKey(claims.k);
      if (!row) throw new Invalid('上传许可无效或已过期，请重新选择文件');
      if (row.received_at !== null || (await storage.head(claims.k))) throw new Conflict('这个上传许可已经用过了，请重新选择文件');
      // Held to the size the token was asked for: that is what counts against the reader's cap.
      const limit = Math.min(Number(row.bytes), spec.maxBytes);
      const over = () => (limit < spec.maxBytes ? new Invalid('文件比申请上传时给出的大小（size）大，请重新选择文件') : tooLarge(kind));
      if (declaredLength !== null && declaredLength > limit) throw over();
      const hash = createHash('sha256');
      const chunks: Buffer[] = [];
      let size = 0;
      let checked = false;
      // Leaving the loop early must not destroy the request: that would reset the connection
      // before the refusal is written.
      for await (const chunk of body.iterator({ destroyOnReturn: false }) as AsyncIterable<Buffer>) {
        size += chunk.length;
        if (size > limit) throw over();
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
      // The row before the file: once it says the bytes arrived (and when they expire), the job
      // cannot remove it while the file is being written; a row already removed refuses the file.
      if (!(await repo.received(claims.k, size, at(), at(TTL)))) throw new Invalid('上传许可无效或已过期，请重新选择文件');
      await storage.put(claims.k, data, { contentType: spec.contentType });
      return { key: claims.k, link: `${UPLOAD_LINK_PREFIX}${claims.k}`, size, digest: hash.digest('hex') };
    },
  };
}

export type UploadsService = ReturnType<typeof uploadsService>;
