import { createHash } from 'node:crypto';
import { loadSharp } from '../../lib/sharp.js';
import { NotFound } from '../../lib/errors.js';
import { FetchError, type Fetcher } from '../../providers/fetch/fetcher.js';
import type { Storage } from '../../providers/storage/storage.js';
import { placeholderSvg } from './placeholders.js';

const MAX_STORED_WIDTH = 1600;
const PLACEHOLDER = /^placeholder-(\d{1,2})\.webp$/;

/** Widths are snapped up to a multiple of 50 so the resize cache stays small. */
export function snapWidth(w: number): number {
  return Math.min(MAX_STORED_WIDTH, Math.ceil(w / 50) * 50);
}

/** Covers: downloaded once at ingest into storage, served resized by width and cached. */
export function imagesService(storage: Storage, fetcher: Fetcher) {
  return {
    /** Downloads an image, normalises it to WebP and answers its name (`cover-<hash>.webp`). */
    async storeCover(url: string): Promise<string> {
      const resource = await fetcher.get(url, { accept: 'image/*', limits: { maxBytes: 8 * 1024 * 1024 } });
      if (!resource.contentType.startsWith('image/')) throw new FetchError('封面地址不是图片', true);
      const name = `cover-${createHash('sha256').update(url).digest('hex').slice(0, 20)}.webp`;
      let webp: Buffer;
      try {
        webp = await (
          await loadSharp()
        )(resource.body)
          .rotate()
          .resize({ width: MAX_STORED_WIDTH, withoutEnlargement: true })
          .webp({ quality: 82 })
          .toBuffer();
      } catch {
        throw new FetchError('封面图片无法识别', true);
      }
      await storage.put(`images/${name}`, webp);
      return name;
    },

    /**
     * Stores an image read from a file (a book's), normalised to WebP under `name`
     * (`[a-z0-9-]+.webp`), so it is served like covers; refuses what sharp cannot read.
     */
    async storeImage(name: string, data: Buffer): Promise<void> {
      const webp = await (
        await loadSharp()
      )(data, { limitInputPixels: 40_000_000 })
        .rotate()
        .resize({ width: MAX_STORED_WIDTH, withoutEnlargement: true })
        .webp({ quality: 82 })
        .toBuffer();
      await storage.put(`images/${name}`, webp);
    },

    /** Removes a stored image (undoing a failed import). */
    async removeImage(name: string): Promise<void> {
      await storage.delete(`images/${name}`);
    },

    /** The image `name` at width `w` (WebP), from the resize cache when possible. */
    async render(name: string, w: number): Promise<Buffer> {
      const width = snapWidth(w);
      const cacheKey = `images/cache/${name.replace(/\.\w+$/, '')}-w${width}.webp`;
      const cached = await storage.get(cacheKey);
      if (cached) return cached;
      const placeholder = name.match(PLACEHOLDER);
      let source: Buffer | null;
      if (placeholder) {
        const n = Number(placeholder[1]);
        if (n < 1 || n > 26) throw new NotFound('图片不存在');
        source = Buffer.from(placeholderSvg(n));
      } else {
        source = await storage.get(`images/${name}`);
      }
      if (!source) throw new NotFound('图片不存在');
      const out = await (await loadSharp())(source).resize({ width, withoutEnlargement: !placeholder }).webp({ quality: 80 }).toBuffer();
      await storage.put(cacheKey, out);
      return out;
    },
  };
}

export type ImagesService = ReturnType<typeof imagesService>;
