import type yauzl from 'yauzl';
import { Invalid } from '../../lib/errors.js';
import { loadOnce } from '../../lib/load-once.js';

const loadYauzl = loadOnce(() => import('yauzl').then((m) => m.default));

/** Caps on what an EPUB may unpack to; a file beyond any of them is refused as a whole. */
export const EPUB_LIMITS = {
  /** Entries in the ZIP. */
  maxEntries: 3000,
  /** One entry, uncompressed. */
  maxEntryBytes: 32 * 1024 * 1024,
  /** Everything, uncompressed. */
  maxTotalBytes: 256 * 1024 * 1024,
  /** Uncompressed / compressed of an entry bigger than 1 MB (text compresses about 3–10×; bombs 1000×). */
  maxRatio: 100,
  /** One image file. */
  maxImageBytes: 10 * 1024 * 1024,
  /** Width × height of one image. */
  maxImagePixels: 40_000_000,
  /** Chapters in the spine. */
  maxChapters: 1000,
};

/** A refusal whose message the uploader reads as is. */
export class EpubError extends Invalid {}

async function openZip(data: Buffer): Promise<yauzl.ZipFile> {
  const { fromBuffer } = await loadYauzl();
  return new Promise((resolve, reject) => {
    fromBuffer(data, { lazyEntries: true, validateEntrySizes: true, strictFileNames: true }, (err, zip) => {
      if (err || !zip) reject(zipError(err));
      else resolve(zip);
    });
  });
}

function zipError(err: unknown): EpubError {
  const message = err instanceof Error ? err.message : '';
  if (/relative path|absolute path|backslash/i.test(message)) return new EpubError('文件中含有越出书本目录的路径，已拒绝导入');
  if (err instanceof EpubError) return err;
  return new EpubError('文件不是有效的 EPUB（ZIP 结构损坏）');
}

/** Every entry's bytes, with the caps checked on the directory and again on the bytes read. */
export async function readEntries(data: Buffer): Promise<Map<string, Buffer>> {
  const zip = await openZip(data);
  if (zip.entryCount > EPUB_LIMITS.maxEntries) {
    zip.close();
    throw new EpubError(`文件中的条目太多（超过 ${EPUB_LIMITS.maxEntries} 个），已拒绝导入`);
  }
  const files = new Map<string, Buffer>();
  let total = 0;
  const bomb = () => new EpubError('文件解压后体积异常（疑似压缩炸弹），已拒绝导入');
  return new Promise((resolve, reject) => {
    let done = false;
    const fail = (error: unknown) => {
      if (done) return;
      done = true;
      zip.close();
      reject(error instanceof EpubError ? error : zipError(error));
    };
    zip.on('error', fail);
    zip.on('end', () => {
      if (done) return;
      done = true;
      resolve(files);
    });
    zip.on('entry', (entry: yauzl.Entry) => {
      if (done) return;
      if (entry.fileName.endsWith('/')) {
        zip.readEntry();
        return;
      }
      const declared = entry.uncompressedSize;
      if (declared > EPUB_LIMITS.maxEntryBytes || total + declared > EPUB_LIMITS.maxTotalBytes) return fail(bomb());
      if (declared > 1024 * 1024 && declared / Math.max(1, entry.compressedSize) > EPUB_LIMITS.maxRatio) return fail(bomb());
      zip.openReadStream(entry, (err, stream) => {
        if (err || !stream) return fail(err);
        const chunks: Buffer[] = [];
        let size = 0;
        stream.on('data', (chunk: Buffer) => {
          size += chunk.length;
          // The directory can lie; the bytes cannot.
          if (size > EPUB_LIMITS.maxEntryBytes || total + size > EPUB_LIMITS.maxTotalBytes) {
            stream.destroy();
            fail(bomb());
            return;
          }
          chunks.push(chunk);
        });
        stream.on('error', fail);
        stream.on('end', () => {
          if (done) return;
          total += size;
          files.set(entry.fileName, Buffer.concat(chunks));
          zip.readEntry();
        });
      });
    });
    zip.readEntry();
  });
}
