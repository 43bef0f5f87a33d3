import { createHash, randomUUID } from 'node:crypto';
import { uploadKinds, type Paragraph } from '@changdu/contract';
import { transaction } from '../../db/client.js';
import { importBookKind } from '../../jobs/kinds.js';
import { Conflict, Invalid, NotFound } from '../../lib/errors.js';
import { FetchError } from '../../providers/fetch/fetcher.js';
import { levelOf, measure } from '../articles/index.js';
import { chapterRow, flattenToc } from './book-views.js';
import type { BooksRepo } from './books.repo.js';
import type { UserActor } from '../../lib/actor.js';
import type { BooksDeps } from './books.types.js';
import { IMAGE_SCHEME, parseEpub, type ParsedEpub } from './epub.js';
import { looksLike, ownUploadKey, tooLarge, wrongType } from './uploads.service.js';

type Progress = (percent: number, message?: string) => Promise<void>;

export interface ImportInput {
  user_id: number | null;
  link: string;
  /** SHA-256 the caller expects (the file must match it), or null: the file's own is used. */
  digest: string | null;
}

/** Images in chapter HTML point at `epub-image:<path>` until stored; this swaps in the served URL. */
function withImageUrls(paragraphs: Paragraph[], names: Map<string, string>): Paragraph[] {
  return paragraphs
    .map((p) => {
      if (!p.html.includes(IMAGE_SCHEME)) return p;
      const html = p.html.replace(/src="epub-image:([^"]+)"/g, (_m, file: string) => {
        const name = names.get(file.replace(/&amp;/g, '&'));
        return name ? `src="/api/image/${name}?w=800"` : 'src=""';
      });
      return { ...p, html };
    })
    .filter((p) => p.kind !== 'figure' || /src="\/api\/image\//.test(p.html));
}

/** Bringing books in: the import job (upload or link), the demo book, and adding a published book by digest. */
export function bookImports(deps: BooksDeps, repo: BooksRepo) {
  const { db, clock, storage, fetcher, dict, images } = deps;
  const now = () => clock.now().toISOString();

  async function bytesOf(input: ImportInput, progress: Progress): Promise<{ data: Buffer; uploadKey: string | null; source: string }> {
    const max = uploadKinds.epub.maxBytes;
    if (input.user_id !== null) {
      const key = ownUploadKey(input.link, input.user_id);
      if (key) {
        if (!key.endsWith('.epub')) throw new Invalid('只能导入 EPUB 文件');
        await progress(5, '正在读取上传的文件');
        const data = await storage.get(key);
        if (!data) throw new NotFound('上传的文件不存在或已过期，请重新上传');
        if (data.length > max) throw tooLarge('epub');
        return { data, uploadKey: key, source: 'upload' };
      }
    }
    if (!/^https?:\/\//i.test(input.link)) throw new Invalid('链接必须是上传得到的 upload: 链接或 http(s) 网址');
    await progress(5, '正在下载');
    try {
      const res = await fetcher.get(input.link, { accept: 'application/epub+zip, */*', limits: { maxBytes: max, timeoutMs: 60_000 } });
      return { data: res.body, uploadKey: null, source: res.url };
    } catch (error) {
      if (error instanceof FetchError) throw new Invalid(`下载失败：${error.message}`);
      throw error;
    }
  }

  async function storeImages(book: ParsedEpub, prefix: string, stored: string[]): Promise<Map<string, string>> {
    const names = new Map<string, string>();
    for (const image of book.images.values()) {
      const name = `${prefix}-${createHash('sha256').update(image.data).digest('hex').slice(0, 12)}.webp`;
      if (!names.has(image.path)) {
        await images.store(name, image.data);
        stored.push(name);
        names.set(image.path, name);
      }
    }
    return names;
  }

  return {
    /**
     * The import job: reads the file (an own upload or a web address through the guarded
     * fetcher), checks it is the EPUB the digest names, and either adds the existing book to the
     * caller's shelf or parses, measures and stores a new one. Fails leaving nothing behind:
     * stored images are removed, and an upload that is not a book is deleted.
     */
    async importBook(input: ImportInput, progress: Progress): Promise<{ book_id: number; duplicate: boolean }> {
      const { data, uploadKey, source } = await bytesOf(input, progress);
      const dropUpload = async () => {
        if (uploadKey) await deps.uploads.release(uploadKey);
      };
      try {
        if (!looksLike('epub', data)) throw wrongType('epub');
        const digest = createHash('sha256').update(data).digest('hex');
        if (input.digest !== null && digest !== input.digest) throw new Invalid('文件的 SHA-256 与 digest 不一致，请重新上传');
        const existing = await repo.byDigest(digest);
        if (existing) {
          if (input.user_id !== null) await repo.addToShelf(input.user_id, existing.id, now());
          await dropUpload();
          await progress(100, '这本书已经在书库中，已加入你的书架');
          return { book_id: existing.id, duplicate: true };
        }
        await progress(15, '正在解析电子书');
        const parsed = await parseEpub(data);
        await progress(40, `共 ${parsed.chapters.length} 章，正在分析难度`);
        const uuid = randomUUID();
        const stored: string[] = [];
        let fileKey: string | null = null;
        try {
          const names = await storeImages(parsed, `book-${digest.slice(0, 16)}`, stored);
          const chapters = parsed.chapters.map((c, idx) => {
            const paragraphs = withImageUrls(c.paragraphs, names);
            return { ...chapterRow(idx, c.title, paragraphs, dict), text: paragraphs.map((p) => p.text).join('\n\n') };
          });
          await progress(80, '正在保存');
          const whole = measure(chapters.map((c) => c.text).join('\n\n'), dict);
          fileKey = `books/${uuid}.epub`;
          await storage.put(fileKey, data);
          const at = now();
          const bookId = await transaction(db, async () => {
            const id = await repo.insert(
              {
                uuid,
                digest,
                title: parsed.title,
                author: parsed.author,
                language: parsed.language,
                description: parsed.description,
                cover: parsed.cover ? (names.get(parsed.cover) ?? null) : null,
                toc: JSON.stringify(flattenToc(parsed.toc)),
                chapter_count: chapters.length,
                word_count: whole.words,
                level: levelOf(whole),
                file_key: fileKey,
                source,
                status: 'private',
                uploaded_by: input.user_id,
                published_at: null,
                created_at: at,
                updated_at: at,
              },
              chapters.map(({ text: _text, ...c }) => c),
            );
            if (id !== null && input.user_id !== null) await repo.addToShelf(input.user_id, id, at);
            return id;
          });
          if (bookId === null) {
            // Another import of the same file won the race: that one is the book.
            const winner = await repo.byDigest(digest);
            if (!winner) throw new Conflict('导入冲突，请重试');
            throw Object.assign(new Error('duplicate'), { winner: winner.id });
          }
          await dropUpload();
          await progress(100, `导入完成：《${parsed.title}》`);
          return { book_id: bookId, duplicate: false };
        } catch (error) {
          for (const name of stored) await images.remove(name);
          if (fileKey) await storage.delete(fileKey);
          const winner = (error as { winner?: number }).winner;
          if (winner !== undefined) {
            if (input.user_id !== null) await repo.addToShelf(input.user_id, winner, now());
            await dropUpload();
            return { book_id: winner, duplicate: true };
          }
          throw error;
        }
      } catch (error) {
        // A file that is not a book is of no use to anyone: it goes.
        if (error instanceof Invalid) await dropUpload();
        throw error;
      }
    },

    /**
     * First start: one original book made from the demo articles (never a copy of a published
     * book), published to the library and put on every existing reader's shelf, so neither is
     * empty. Does nothing when any book exists. Answers the book id, or null.
     */
    async seedDemoBook(demo: {
      title: string;
      author: string;
      description: string;
      chapters: { title: string; paragraphs: Paragraph[] }[];
    }) {
      if ((await repo.any()) || demo.chapters.length === 0) return null;
      const chapters = demo.chapters.map((c, idx) => chapterRow(idx, c.title, c.paragraphs, dict));
      const text = demo.chapters.flatMap((c) => c.paragraphs.map((p) => p.text)).join('\n\n');
      const whole = measure(text, dict);
      const at = now();
      return transaction(db, async () => {
        const id = await repo.insert(
          {
            uuid: randomUUID(),
            digest: createHash('sha256').update(`demo-book:${text}`).digest('hex'),
            title: demo.title,
            author: demo.author,
            language: 'en',
            description: demo.description,
            cover: null,
            toc: JSON.stringify(demo.chapters.map((c, i) => ({ title: c.title, chapter: i, anchor: null, paragraph: null, depth: 0 }))),
            chapter_count: chapters.length,
            word_count: whole.words,
            level: levelOf(whole),
            file_key: null,
            source: 'demo',
            status: 'published',
            uploaded_by: null,
            published_at: at,
            created_at: at,
            updated_at: at,
          },
          chapters,
        );
        if (id === null) return null;
        for (const userId of await deps.users.allIds()) await repo.addToShelf(userId, id, at);
        return id;
      });
    },

    /** The book already in the library by digest, added to the shelf at once when published; else null (import as a job). */
    /**
     * A reader's import of an own upload or a web address. A published book with the same digest is
     * public anyway: on the shelf at once, with no import. Anything else is proved by reading the
     * file in the import task (a private book is never handed out for a digest alone). Taking the
     * upload and queueing its import are one write: a failed enqueue leaves the upload pending.
     */
    async importByLink(actor: UserActor, input: { link: string; digest?: string | null }) {
      const userId = actor.user.id;
      const done = await transaction(db, async () => {
        const held = await deps.uploads.hold(userId, input.link);
        const existing = input.digest ? await repo.byDigest(input.digest) : undefined;
        if (existing?.status === 'published') {
          await repo.addToShelf(userId, existing.id, now());
          return { task_id: null, book_id: existing.id, held };
        }
        const task = await deps.jobs.enqueue(
          importBookKind,
          { user_id: userId, link: input.link, digest: input.digest ?? null },
          { createdBy: userId },
        );
        return { task_id: task.id, book_id: null, held: null };
      });
      // The file is of no use once the book is on the shelf; removed after the commit (storage is no transaction's).
      if (done.held) await deps.uploads.release(done.held);
      return { task_id: done.task_id, book_id: done.book_id };
    },
  };
}
