import { randomBytes } from 'node:crypto';
import { createWriteStream } from 'node:fs';
import fs from 'node:fs/promises';
import path from 'node:path';
import type { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';

/** What `head` knows about a stored file. */
export interface StoredObject {
  size: number;
  contentType: string;
}

export interface PutOptions {
  /** Defaults to a type guessed from the key's extension. */
  contentType?: string;
}

export interface UrlOptions {
  /** 1 s to 7 days, the most a SigV4 presigned URL may live. */
  expiresInSec: number;
  /** Makes the browser save the file under this name (any language) instead of showing it. */
  downloadName?: string;
}

/**
 * Where files live (covers, resized images, books, audio, PDFs, posters): a local folder by
 * default, or an S3-compatible bucket that several processes share. Keys are lower-case
 * relative paths such as `images/cover-ab12.webp`.
 */
export interface Storage {
  put(key: string, data: Buffer, options?: PutOptions): Promise<void>;
  /**
   * Stores what `source` yields, holding only a bounded part of it in memory whatever its length
   * (a generated MP3 of an hour). The file appears whole or not at all; answers its size.
   */
  putStream(key: string, source: Readable, options?: PutOptions): Promise<{ size: number }>;
  /** The file's bytes, or null when there is none. */
  get(key: string): Promise<Buffer | null>;
  head(key: string): Promise<StoredObject | null>;
  /** Removing a file that does not exist is not an error (as on S3). */
  delete(key: string): Promise<void>;
  /** An address the browser can download from directly, or null when the server must stream the file itself. */
  url(key: string, options: UrlOptions): Promise<string | null>;
  /**
   * An address the browser can PUT exactly this file to directly (size and type are signed in),
   * or null when uploads must go through the server (the local folder).
   */
  uploadUrl(key: string, options: UploadUrlOptions): Promise<string | null>;
}

export interface UploadUrlOptions {
  expiresInSec: number;
  contentType: string;
  /** The exact size in bytes; the bucket refuses any other. */
  contentLength: number;
}

export class UnsafeKeyError extends Error {}

/** An outside store failed (not a missing file, which is null). */
export class StorageError extends Error {}

export const MAX_URL_EXPIRY_SEC = 7 * 24 * 3600;

const SAFE_KEY = /^[a-z0-9][a-z0-9/_.-]*$/;

/**
 * Keys are checked the same way for every backend, so a key that works on the local folder in
 * development cannot fail on S3 in production, and no key can climb out of the folder.
 */
export function assertSafeKey(key: string): void {
  if (key.length > 512 || !SAFE_KEY.test(key) || key.includes('..') || key.includes('//') || key.endsWith('/')) {
    throw new UnsafeKeyError(`unsafe storage key ${JSON.stringify(key)}`);
  }
}

export function assertUrlOptions(options: UrlOptions): void {
  const s = options.expiresInSec;
  if (!Number.isInteger(s) || s < 1 || s > MAX_URL_EXPIRY_SEC) {
    throw new RangeError(`expiresInSec must be a whole number from 1 to ${MAX_URL_EXPIRY_SEC}, got ${s}`);
  }
}

const TYPES: Record<string, string> = {
  '.webp': 'image/webp',
  '.png': 'image/png',
  '.jpg': 'image/jpeg',
  '.jpeg': 'image/jpeg',
  '.gif': 'image/gif',
  '.svg': 'image/svg+xml',
  '.mp3': 'audio/mpeg',
  '.m4a': 'audio/mp4',
  '.ogg': 'audio/ogg',
  '.wav': 'audio/wav',
  '.pdf': 'application/pdf',
  '.epub': 'application/epub+zip',
  '.txt': 'text/plain; charset=utf-8',
  '.html': 'text/html; charset=utf-8',
  '.json': 'application/json',
};

/** The content type a key's extension implies; both backends use it when the caller gives none. */
export function contentTypeFor(key: string): string {
  return TYPES[path.extname(key)] ?? 'application/octet-stream';
}

/** The download header for a stored file's name (one implementation, in lib/). */
export { attachment as attachmentDisposition } from '../../lib/content-disposition.js';

const MISSING = new Set(['ENOENT', 'ENOTDIR', 'EISDIR']);

function isMissing(error: unknown): boolean {
  return MISSING.has((error as NodeJS.ErrnoException).code ?? '');
}

/**
 * Files in a folder. A content type that the extension does not imply is kept beside the
 * file under `.types/` (no key can start with a dot, so it never meets a key).
 */
export function localStorage(root: string): Storage {
  const file = (key: string) => {
    assertSafeKey(key);
    return path.join(root, key);
  };
  const typeFile = (key: string) => path.join(root, '.types', key);
  const forgetType = async (key: string) => {
    try {
      await fs.unlink(typeFile(key));
    } catch (error) {
      if (!isMissing(error)) throw error;
    }
  };

  // Write then rename, so a reader never sees half a file; the random name keeps two
  // concurrent writers of one key (in one process or several) off each other's temp file.
  async function writeAtomically(target: string, data: Buffer | string) {
    await fs.mkdir(path.dirname(target), { recursive: true });
    const temp = `${target}.${process.pid}-${randomBytes(4).toString('hex')}.tmp`;
    try {
      await fs.writeFile(temp, data);
      await fs.rename(temp, target);
    } catch (error) {
      await fs.rm(temp, { force: true });
      throw error;
    }
  }

  const keepType = async (key: string, type: string | undefined) => {
    if (type && type !== contentTypeFor(key)) await writeAtomically(typeFile(key), type);
    else await forgetType(key);
  };

  return {
    async put(key, data, options = {}) {
      const target = file(key);
      await keepType(key, options.contentType);
      await writeAtomically(target, data);
    },
    async putStream(key, source, options = {}) {
      const target = file(key);
      await fs.mkdir(path.dirname(target), { recursive: true });
      const temp = `${target}.${process.pid}-${randomBytes(4).toString('hex')}.tmp`;
      try {
        await pipeline(source, createWriteStream(temp));
        await keepType(key, options.contentType);
        await fs.rename(temp, target);
        return { size: (await fs.stat(target)).size };
      } catch (error) {
        source.destroy();
        await fs.rm(temp, { force: true });
        throw error;
      }
    },
    async get(key) {
      try {
        return await fs.readFile(file(key));
      } catch (error) {
        if (isMissing(error)) return null;
        throw error;
      }
    },
    async head(key) {
      const target = file(key);
      let size: number;
      try {
        const stat = await fs.stat(target);
        if (!stat.isFile()) return null;
        size = stat.size;
      } catch (error) {
        if (isMissing(error)) return null;
        throw error;
      }
      let contentType = contentTypeFor(key);
      try {
        contentType = (await fs.readFile(typeFile(key), 'utf8')) || contentType;
      } catch (error) {
        if (!isMissing(error)) throw error;
      }
      return { size, contentType };
    },
    async delete(key) {
      try {
        await fs.unlink(file(key));
      } catch (error) {
        if (!isMissing(error)) throw error;
      }
      await forgetType(key);
    },
    async url(key, options) {
      assertSafeKey(key);
      assertUrlOptions(options);
      return null;
    },
    async uploadUrl(key, options) {
      assertSafeKey(key);
      assertUrlOptions(options);
      return null;
    },
  };
}
