import type { ArticleLevel, BookDetail, BookPos, ExamLevel, Paragraph, ShelfEntry } from '@changdu/contract';
import { transaction } from '../../db/client.js';
import type { Actor, UserActor } from '../../lib/actor.js';
import { can } from '../../lib/policy.js';
import { Invalid, NotFound } from '../../lib/errors.js';
import { pageOf } from '../../lib/page.js';
import { levelWords, type LevelWord } from '../articles/index.js';
import { bookImports } from './book-import.js';
import { bookNotes } from './book-notes.js';
import { bookShare } from './book-share.js';
import { levelCounts, toCard, toEntry, tocOf } from './book-views.js';
import { booksRepo, type BookRow } from './books.repo.js';
import type { BooksDeps, Readable } from './books.types.js';

export type { UserActor };
export type { BookImages, BooksDeps, Readable } from './books.types.js';

const PAGE = 20;
const LEVEL_CACHE_LIMIT = 500;

export function booksService(deps: BooksDeps) {
  const { db, clock, dict } = deps;
  const repo = booksRepo(db);
  const now = () => clock.now().toISOString();
  // Chapters never change once imported: their level words are cached by book, chapter and level.
  const levelCache = new Map<string, LevelWord[]>();

  const readable: Readable = async (actor, bookId) => {
    const book = await repo.byId(bookId);
    if (!book) throw new NotFound('这本书不存在');
    const subject = { kind: 'book' as const, status: book.status, uploaded_by: book.uploaded_by, shelved: false };
    if (can(actor, 'open', subject)) return book;
    // A private upload shared by its uuid opens for whoever put it on their shelf.
    if (actor.kind === 'user' && can(actor, 'open', { ...subject, shelved: Boolean(await repo.entry(actor.user.id, bookId)) })) return book;
    throw new NotFound('这本书不存在');
  };

  async function shelfEntry(userId: number, book: BookRow): Promise<ShelfEntry> {
    const row = await repo.entry(userId, book.id);
    if (!row) throw new NotFound('这本书不在你的书架上');
    return { book: toCard(book), ...toEntry(row) };
  }

  async function chapterRow(actor: Actor, bookId: number, index: number) {
    const book = await readable(actor, bookId);
    const c = await repo.chapter(bookId, index);
    if (!c) throw new NotFound('这一章不存在');
    return { book, c, paragraphs: JSON.parse(c.content) as Paragraph[] };
  }

  return {
    readable,
    ...bookImports(deps, repo),
    ...bookNotes(deps, repo, readable),
    ...bookShare(deps, repo, readable),

    async library(offset: number) {
      const rows = await repo.published(offset, PAGE + 1);
      return pageOf(rows.map(toCard), offset, PAGE);
    },

    async manage(status: string | undefined, offset: number) {
      const rows = await repo.all(status, offset, PAGE + 1);
      const names = await deps.users.namesOf(rows.flatMap((r) => (r.uploaded_by === null ? [] : [r.uploaded_by])));
      return pageOf(
        rows.map((r) => ({ ...toCard(r), uploader: r.uploaded_by === null ? null : (names.get(r.uploaded_by) ?? null) })),
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
        toc: tocOf(book),
        chapters: infos.map((c) => ({
          index: c.idx,
          title: c.title,
          word_count: c.word_count,
          level: c.level as ArticleLevel,
          level_words: levelCounts(c.level_words),
        })),
        mine: entry ? toEntry(entry) : null,
        uploaded_by_me: actor.kind === 'user' && book.uploaded_by === actor.user.id,
      };
    },

    async chapter(actor: Actor, bookId: number, index: number) {
      const { book, c, paragraphs } = await chapterRow(actor, bookId, index);
      return {
        book_id: bookId,
        chapter_count: book.chapter_count,
        index: c.idx,
        title: c.title,
        word_count: c.word_count,
        level: c.level as ArticleLevel,
        level_words: levelCounts(c.level_words),
        paragraphs,
      };
    },

    /** The chapter's words beyond `level`, as the article reader marks them. */
    async levelWords(actor: Actor, bookId: number, index: number, level: ExamLevel) {
      const { paragraphs } = await chapterRow(actor, bookId, index);
      const key = `${bookId}:${index}:${level}`;
      let list = levelCache.get(key);
      if (!list) {
        list = levelWords(paragraphs, level, dict);
        if (levelCache.size >= LEVEL_CACHE_LIMIT) levelCache.delete(levelCache.keys().next().value!);
        levelCache.set(key, list);
      }
      return { level, list };
    },

    /** My word-book words in the chapter, for the word-book underlines. */
    async chapterWords(actor: UserActor, bookId: number, index: number, offset: number, size: number) {
      const { paragraphs } = await chapterRow(actor, bookId, index);
      return deps.words.inParagraphs(actor.user.id, paragraphs, offset, size);
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
      // Shelved and placed together: a failed position leaves no half-made shelf entry.
      const moved = await transaction(db, async () => {
        await repo.addToShelf(actor.user.id, bookId, nowDate.toISOString());
        return repo.setPos(actor.user.id, bookId, JSON.stringify(stored), at, progress, nowDate.toISOString());
      });
      return { ...(await shelfEntry(actor.user.id, book)), moved };
    },

    async historyToken(actor: UserActor, bookId: number) {
      await readable(actor, bookId);
      return deps.history.issueBook(actor, bookId);
    },

    async reportHistory(actor: UserActor, input: { id: number; spent_time: number; t: string }, signature: string | null) {
      await readable(actor, input.id);
      // The day's credit (history) and the book's own seconds count together or not at all: a
      // report that failed halfway would otherwise be refused as a replay when sent again.
      const credited = await transaction(db, async () => {
        const { credited } = await deps.history.reportBook(actor, input, signature);
        await repo.addToShelf(actor.user.id, input.id, now());
        await repo.addSeconds(actor.user.id, input.id, credited, now());
        return credited;
      });
      const entry = await repo.entry(actor.user.id, input.id);
      return { credited, read_seconds: entry?.read_seconds ?? credited };
    },
  };
}

export type BooksService = ReturnType<typeof booksService>;
