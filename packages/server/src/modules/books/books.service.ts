import { createHash, randomUUID } from 'node:crypto';
import {
  examLevels,
  type ArticleLevel,
  type BookCard,
  type BookDetail,
  type BookNote,
  type BookPos,
  type ExamLevel,
  type Paragraph,
  type ShelfEntry,
  type TocLine,
} from '@changdu/contract';
import { transaction, type Db } from '../../db/client.js';
import type { Actor } from '../../lib/actor.js';
import type { Clock } from '../../lib/clock.js';
import { Conflict, Invalid, NotFound } from '../../lib/errors.js';
import { pageOf } from '../../lib/page.js';
import { FetchError, type Fetcher } from '../../providers/fetch/fetcher.js';
import type { Storage } from '../../providers/storage/index.js';
import { levelOf, levelWords, measure } from '../articles/index.js';
import type { Ecdict } from '../dictionary/index.js';
import type { HistoryService } from '../history/index.js';
import { IMAGE_SCHEME, parseEpub, type ParsedEpub, type TocItem } from './epub.js';
import { booksRepo, type BookNoteRow, type BookRow, type ShelfRow } from './books.repo.js';
import { looksLike, ownUploadKey, tooLarge, wrongType } from './uploads.service.js';
import { uploadKinds } from '@changdu/contract';

type UserActor = Extract<Actor, { kind: 'user' }>;
type Progress = (percent: number, message?: string) => Promise<void>;

const PAGE = 20;
const MAX_NOTE_DATA = 2048;

/** Stores a book's images (normalised to WebP under `images/`); `remove` undoes a failed import. */
export interface BookImages {
  store(name: string, data: Buffer): Promise<string>;
  remove(name: string): Promise<void>;
}

export interface BooksDeps {
  db: Db;
  clock: Clock;
  storage: Storage;
  fetcher: Fetcher;
  dict: Ecdict;
  images: BookImages;
  history: Pick<HistoryService, 'issueBook' | 'reportBook'>;
}

const coverUrl = (name: string | null) => (name ? `/api/image/${name}` : null);

export function toCard(row: BookRow): BookCard {
  return {
    id: row.id,
    uuid: row.uuid,
    title: row.title,
    author: row.author,
    language: row.language,
    cover: coverUrl(row.cover),
    level: row.level as ArticleLevel,
    word_count: row.word_count,
    chapter_count: row.chapter_count,
    status: row.status as BookCard['status'],
    published_at: row.published_at,
    created_at: row.created_at,
  };
}

function toEntry(row: Pick<ShelfRow, 'pos' | 'progress' | 'read_seconds' | 'added_at' | 'last_read_at'>): Omit<ShelfEntry, 'book'> {
  return {
    pos: row.pos ? (JSON.parse(row.pos) as BookPos) : null,
    progress: row.progress,
    read_seconds: row.read_seconds,
    added_at: row.added_at,
    last_read_at: row.last_read_at,
  };
}

function toNote(row: BookNoteRow): BookNote {
  return {
    id: row.id,
    note_uuid: row.note_uuid,
    book_id: row.book_id,
    chapter: row.chapter,
    text: row.text,
    comment: row.comment,
    root: row.root,
    tag: row.tag,
    color: row.color as BookNote['color'],
    data: JSON.parse(row.data) as unknown,
    created_at: row.created_at,
    updated_at: row.updated_at,
  };
}

export function flattenToc(items: TocItem[], depth = 0, out: TocLine[] = []): TocLine[] {
  for (const t of items) {
    out.push({ title: t.title, chapter: t.chapter, anchor: t.anchor, depth });
    flattenToc(t.children, depth + 1, out);
  }
  return out;
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

/** A chapter's level and, for each exam level, how many distinct words lie beyond it. */
export function chapterMetrics(paragraphs: Paragraph[], dict: Ecdict) {
  const text = paragraphs
    .filter((p) => p.kind !== 'figure')
    .map((p) => p.text)
    .join('\n\n');
  const metrics = measure(text, dict);
  const counts = Object.fromEntries(examLevels.map((l) => [l, levelWords(paragraphs, l, dict).length])) as Record<ExamLevel, number>;
  return { words: metrics.words, level: levelOf(metrics), levelWords: counts, metrics };
}

export interface ImportInput {
  user_id: number | null;
  link: string;
  /** SHA-256 the caller expects (the file must match it), or null: the file's own is used. */
  digest: string | null;
}

export function booksService(deps: BooksDeps) {
  const { db, clock, storage, fetcher, dict, images } = deps;
  const repo = booksRepo(db);
  const now = () => clock.now().toISOString();

  /** Who may open a book: published ones anyone; private ones their uploader, readers with it on their shelf, managers. */
  async function readable(actor: Actor, bookId: number): Promise<BookRow> {
    const book = await repo.byId(bookId);
    if (!book) throw new NotFound('这本书不存在');
    if (book.status === 'published') return book;
    if (actor.kind === 'user') {
      if (actor.role === 'manager' || actor.role === 'super') return book;
      if (book.uploaded_by === actor.user.id) return book;
      if (await repo.entry(actor.user.id, bookId)) return book;
    }
    throw new NotFound('这本书不存在');
  }

  async function shelfEntry(userId: number, book: BookRow): Promise<ShelfEntry> {
    const row = await repo.entry(userId, book.id);
    if (!row) throw new NotFound('这本书不在你的书架上');
    return { book: toCard(book), ...toEntry(row) };
  }

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
    readable,

    /**
     * The import job: reads the file (an own upload or a web address through the guarded
     * fetcher), checks it is the EPUB the digest names, and either adds the existing book to the
     * caller's shelf or parses, measures and stores a new one. Fails leaving nothing behind:
     * stored images are removed, and an upload that is not a book is deleted.
     */
    async importBook(input: ImportInput, progress: Progress): Promise<{ book_id: number; duplicate: boolean }> {
      const { data, uploadKey, source } = await bytesOf(input, progress);
      const dropUpload = async () => {
        if (uploadKey) await storage.delete(uploadKey);
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
            const m = chapterMetrics(paragraphs, dict);
            return {
              idx,
              title: c.title,
              content: JSON.stringify(paragraphs),
              word_count: m.words,
              level: m.level,
              level_words: JSON.stringify(m.levelWords),
              text: paragraphs.map((p) => p.text).join('\n\n'),
            };
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
      const any = await db.kysely.selectFrom('books').select('id').limit(1).executeTakeFirst();
      if (any || demo.chapters.length === 0) return null;
      const chapters = demo.chapters.map((c, idx) => {
        const m = chapterMetrics(c.paragraphs, dict);
        return {
          idx,
          title: c.title,
          content: JSON.stringify(c.paragraphs),
          word_count: m.words,
          level: m.level,
          level_words: JSON.stringify(m.levelWords),
        };
      });
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
            toc: JSON.stringify(demo.chapters.map((c, i) => ({ title: c.title, chapter: i, anchor: null, depth: 0 }))),
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
        const users = await db.kysely.selectFrom('users').select('id').execute();
        for (const u of users) await repo.addToShelf(u.id, id, at);
        return id;
      });
    },

    /** The book already in the library by digest, added to the shelf at once when published; else null (import as a job). */
    async addIfPublished(actor: UserActor, digest: string): Promise<number | null> {
      const existing = await repo.byDigest(digest);
      if (!existing || existing.status !== 'published') return null;
      await repo.addToShelf(actor.user.id, existing.id, now());
      return existing.id;
    },

    async library(offset: number) {
      const rows = await repo.published(offset, PAGE + 1);
      return pageOf(rows.map(toCard), offset, PAGE);
    },

    async manage(status: string | undefined, offset: number) {
      const rows = await repo.all(status, offset, PAGE + 1);
      return pageOf(
        rows.map((r) => ({ ...toCard(r), uploader: r.uploader })),
        offset,
        PAGE,
      );
    },

    async publish(bookId: number, cancel: boolean) {
      const book = await repo.byId(bookId);
      if (!book) throw new NotFound('这本书不存在');
      const at = now();
      if (cancel) await repo.setStatus(bookId, 'private', null, at);
      else if (book.status !== 'published') await repo.setStatus(bookId, 'published', at, at);
      return toCard((await repo.byId(bookId))!);
    },

    async show(actor: Actor, bookId: number): Promise<BookDetail> {
      const book = await readable(actor, bookId);
      const infos = await repo.chapterInfos(bookId);
      const entry = actor.kind === 'user' ? await repo.entry(actor.user.id, bookId) : undefined;
      return {
        ...toCard(book),
        description: book.description,
        toc: JSON.parse(book.toc) as TocLine[],
        chapters: infos.map((c) => ({
          index: c.idx,
          title: c.title,
          word_count: c.word_count,
          level: c.level as ArticleLevel,
          level_words: JSON.parse(c.level_words) as Record<ExamLevel, number>,
        })),
        mine: entry ? toEntry(entry) : null,
        uploaded_by_me: actor.kind === 'user' && book.uploaded_by === actor.user.id,
      };
    },

    async chapter(actor: Actor, bookId: number, index: number) {
      const book = await readable(actor, bookId);
      const c = await repo.chapter(bookId, index);
      if (!c) throw new NotFound('这一章不存在');
      return {
        book_id: bookId,
        chapter_count: book.chapter_count,
        index: c.idx,
        title: c.title,
        word_count: c.word_count,
        level: c.level as ArticleLevel,
        level_words: JSON.parse(c.level_words) as Record<ExamLevel, number>,
        paragraphs: JSON.parse(c.content) as Paragraph[],
      };
    },

    async shelf(actor: UserActor, offset: number) {
      const rows = await repo.shelf(actor.user.id, offset, PAGE + 1);
      return pageOf(
        rows.map((r) => ({ book: toCard(r), ...toEntry(r) })),
        offset,
        PAGE,
      );
    },

    async entry(actor: UserActor, bookId: number) {
      const book = await readable(actor, bookId);
      return shelfEntry(actor.user.id, book);
    },

    async add(actor: UserActor, uuid: string) {
      const found = await repo.byUuid(uuid);
      if (!found) throw new NotFound('这本书不存在');
      const book = await readable(actor, found.id);
      await repo.addToShelf(actor.user.id, book.id, now());
      return shelfEntry(actor.user.id, book);
    },

    async remove(actor: UserActor, bookId: number) {
      if ((await repo.removeFromShelf(actor.user.id, bookId)) === 0) throw new NotFound('这本书不在你的书架上');
      return { ok: true as const };
    },

    /**
     * Saves a reading position. `at` (the device's time, never later than now) orders writes:
     * a stale write from another device never moves the position back. Reading puts the book on
     * the shelf if it was not there.
     */
    async setPos(
      actor: UserActor,
      bookId: number,
      pos: {
        chapter: number;
        fraction: number;
        paragraph?: string | null | undefined;
        sentence?: string | null | undefined;
        at?: string | undefined;
      },
    ) {
      const book = await readable(actor, bookId);
      if (pos.chapter >= book.chapter_count) throw new Invalid('章节不存在');
      const nowDate = clock.now();
      const given = pos.at ? new Date(pos.at) : nowDate;
      const at = (given.getTime() > nowDate.getTime() ? nowDate : given).toISOString();
      const stored: BookPos = {
        chapter: pos.chapter,
        paragraph: pos.paragraph ?? null,
        sentence: pos.sentence ?? null,
        fraction: pos.fraction,
        at,
      };
      const progress = Math.min(1, Math.round(((pos.chapter + pos.fraction) / book.chapter_count) * 1000) / 1000);
      await repo.addToShelf(actor.user.id, bookId, nowDate.toISOString());
      const moved = await repo.setPos(actor.user.id, bookId, JSON.stringify(stored), at, progress, nowDate.toISOString());
      return { ...(await shelfEntry(actor.user.id, book)), moved };
    },

    async notes(actor: UserActor, bookId: number) {
      await readable(actor, bookId);
      return { list: (await repo.myNotes(actor.user.id, bookId)).map(toNote) };
    },

    async addNote(
      actor: UserActor,
      bookId: number,
      input: {
        note_uuid: string;
        chapter: number;
        text: string;
        comment: string;
        root: string;
        tag?: string | undefined;
        color: BookNote['color'];
        data?: Record<string, unknown> | undefined;
      },
    ) {
      await readable(actor, bookId);
      const chapter = await repo.chapter(bookId, input.chapter);
      if (!chapter) throw new Invalid('章节不存在');
      if (!(JSON.parse(chapter.content) as Paragraph[]).some((p) => p.id === input.root)) throw new Invalid('划线位置不在这一章里');
      const data = JSON.stringify(input.data ?? {});
      if (data.length > MAX_NOTE_DATA) throw new Invalid('位置数据太大');
      const at = now();
      const id = await repo.upsertNote({
        user_id: actor.user.id,
        book_id: bookId,
        note_uuid: input.note_uuid,
        chapter: input.chapter,
        text: input.text,
        comment: input.comment,
        root: input.root,
        tag: input.tag ?? null,
        color: input.color,
        data,
        created_at: at,
        updated_at: at,
      });
      if (id === null) throw new Conflict('这个笔记标识已用于另一本书');
      return toNote(await repo.noteById(id));
    },

    async deleteNote(actor: UserActor, bookId: number, uuid: string) {
      const n = await repo.deleteNote(actor.user.id, bookId, uuid);
      if (n === 0) throw new NotFound('笔记不存在');
      return { ok: true as const };
    },

    async historyToken(actor: UserActor, bookId: number) {
      await readable(actor, bookId);
      return deps.history.issueBook(actor, bookId);
    },

    async reportHistory(actor: UserActor, input: { id: number; spent_time: number; t: string }, signature: string | null) {
      await readable(actor, input.id);
      const { credited } = await deps.history.reportBook(actor, input, signature);
      await repo.addToShelf(actor.user.id, input.id, now());
      await repo.addSeconds(actor.user.id, input.id, credited, now());
      const entry = await repo.entry(actor.user.id, input.id);
      return { credited, read_seconds: entry?.read_seconds ?? credited };
    },
  };
}

export type BooksService = ReturnType<typeof booksService>;
