import { createHash } from 'node:crypto';
import { signParams } from '@changdu/contract';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { importEpub, uploadEpub } from '../../../test/books.js';
import { buildEpub } from '../../../test/epub-builder.js';
import { startFakeWeb, type FakeWeb } from '../../../test/fake-web.js';
import { createTestApp, type TestApp } from '../../../test/test-app.js';
import { MINUTE } from '../../lib/clock.js';

let t: TestApp;
let web: FakeWeb;
type U = Awaited<ReturnType<TestApp['createUser']>>;
let alice: U;
let bob: U;
let manager: U;
let epub3: Buffer;
let epub2: Buffer;

const sha = (b: Buffer) => createHash('sha256').update(b).digest('hex');

beforeAll(async () => {
  web = await startFakeWeb();
  t = await createTestApp({ env: { FETCH_ALLOW_PRIVATE: `127.0.0.1:${web.port}` } });
  alice = await t.createUser();
  bob = await t.createUser();
  manager = await t.createUser({ role: 'manager' });
  epub3 = await buildEpub({ version: 3, title: 'Harbour Tales', images: true });
  epub2 = await buildEpub({ version: 2, title: 'Old Harbour', images: true });
});
afterAll(async () => {
  await t.close();
  await web.close();
});
beforeEach(() => web.reset());

const upload = (user: U, data: Buffer) => uploadEpub(t, user.token, data);
const importBook = (user: U, link: string, digest: string) => importEpub(t, user.token, link, digest);

const count = async (table: 'books' | 'book_chapters' | 'book_shelf') =>
  Number(
    (
      await t.db.kysely
        .selectFrom(table)
        .select((eb) => eb.fn.countAll().as('n'))
        .executeTakeFirstOrThrow()
    ).n,
  );

describe('importing', () => {
  let bookId: number;

  it('imports an uploaded EPUB 3 as a job with progress, onto the uploader’s shelf, private', async () => {
    const up = await upload(alice, epub3);
    const { book_id, task } = await importBook(alice, up.link, up.digest);
    expect(task).toMatchObject({ status: 'done', progress: 100, link: `/book/${book_id}/show` });
    bookId = book_id!;
    const show = await t.call('book.show', { id: bookId }, { token: alice.token });
    expect(show.result).toMatchObject({
      title: 'Harbour Tales',
      author: 'Test Author',
      chapter_count: 2,
      status: 'private',
      uploaded_by_me: true,
    });
    expect(show.result!.cover).toMatch(/^\/api\/image\/book-[a-f0-9]{16}-[a-f0-9]{12}\.webp$/);
    expect(show.result!.toc.map((l) => [l.title, l.chapter, l.depth])).toEqual([
      ['The Harbour', 0, 0],
      ['Morning', 0, 1],
      ['Evening', 0, 1],
      ['The Storm', 1, 0],
    ]);
    expect(show.result!.chapters[0]!.level_words).toHaveProperty('C4');
    // The cover is served like any image.
    const img = await t.app.inject({ method: 'GET', url: `${show.result!.cover!}?w=100` });
    expect(img.statusCode).toBe(200);
    // The chapter has the article structure, with the figure pointing at a served image.
    const ch = await t.call('book.chapter', { id: bookId, chapter: 0 }, { token: alice.token });
    expect(ch.result!.paragraphs.find((p) => p.text.startsWith('The little boat'))!.sentences).toHaveLength(2);
    expect(ch.result!.paragraphs.some((p) => p.kind === 'figure' && p.html.includes('/api/image/book-'))).toBe(true);
    const shelf = await t.call('book.shelf', {}, { token: alice.token });
    expect(shelf.result!.list.map((e) => e.book.id)).toEqual([bookId]);
  });

  it('is private to its uploader until a manager publishes it', async () => {
    expect((await t.call('book.show', { id: bookId }, { token: bob.token })).http).toBe(404);
    expect((await t.call('book.chapter', { id: bookId, chapter: 0 })).http).toBe(404);
    expect((await t.call('book.library', {})).result!.list).toEqual([]);
    expect((await t.call('book.publish', { id: bookId }, { token: alice.token })).http).toBe(403);
    const pub = await t.call('book.publish', { id: bookId }, { token: manager.token });
    expect(pub.result).toMatchObject({ status: 'published' });
    expect((await t.call('book.library', {})).result!.list.map((b) => b.id)).toEqual([bookId]);
    const managed = (await t.call('book.manage', {}, { token: manager.token })).result!.list;
    expect(managed.map((b) => [b.id, b.uploader])).toEqual([[bookId, alice.user.username]]);
    expect((await t.call('book.chapter', { id: bookId, chapter: 1 })).code).toBe('200');
    await t.call('book.publish', { id: bookId, cancel: true }, { token: manager.token });
    expect((await t.call('book.library', {})).result!.list).toEqual([]);
  });

  it('de-duplicates by digest: the same file uploaded by another reader is the same book, on their shelf', async () => {
    const books = await count('books');
    const up = await upload(bob, epub3);
    const { book_id, task } = await importBook(bob, up.link, up.digest);
    expect(book_id).toBe(bookId);
    expect(task?.result).toMatchObject({ duplicate: true });
    expect(await count('books')).toBe(books);
    expect((await t.call('book.show', { id: bookId }, { token: bob.token })).result!.uploaded_by_me).toBe(false);
  });

  it('never hands out a private book for its digest alone', async () => {
    const carol = await t.createUser();
    const up = await upload(carol, epub2);
    // Carol claims Alice's book's digest for another file: the job reads the file and refuses.
    const { task } = await importBook(carol, up.link, sha(epub3));
    expect(task).toMatchObject({ status: 'failed' });
    expect(task!.message).toContain('SHA-256');
    expect((await t.call('book.show', { id: bookId }, { token: carol.token })).http).toBe(404);
  });

  it('imports an EPUB 2 from a web address through the guarded fetcher', async () => {
    web.set('/books/old.epub', epub2, 'application/epub+zip');
    const { book_id, task } = await importBook(alice, `${web.origin}/books/old.epub`, sha(epub2));
    expect(task?.status, task?.message ?? '').toBe('done');
    const show = await t.call('book.show', { id: book_id! }, { token: alice.token });
    expect(show.result).toMatchObject({ title: 'Old Harbour', chapter_count: 2 });
  });

  it('refuses internal addresses and another reader’s upload link', async () => {
    const { task } = await importBook(alice, 'http://127.0.0.1:1/x.epub', sha(epub2).replace(/^./, '0'));
    expect(task?.status).toBe('failed');
    expect(task?.message).toContain('内网');
    const up = await upload(alice, epub3);
    // Refused at once, before any task: the upload is not bob's to take.
    const stolen = await t.call('book.uploadByLink', { link: up.link, digest: up.digest }, { token: bob.token });
    expect(stolen).toMatchObject({ http: 403, msg: '这个文件不是你上传的' });
  });

  it('refuses a hostile file and leaves nothing behind', async () => {
    const before = { books: await count('books'), chapters: await count('book_chapters') };
    const hostile = await buildEpub({ version: 3, chapters: [{ title: 'x', body: '<p>Hi.</p><script>alert(1)</script>' }], images: true });
    const up = await upload(alice, hostile);
    const { task } = await importBook(alice, up.link, up.digest);
    expect(task).toMatchObject({ status: 'failed' });
    expect(task!.message).toContain('脚本');
    expect({ books: await count('books'), chapters: await count('book_chapters') }).toEqual(before);
    // The upload is deleted: importing it again finds nothing, at once.
    const again = await t.call('book.uploadByLink', { link: up.link, digest: up.digest }, { token: alice.token });
    expect(again).toMatchObject({ http: 404, msg: '上传的文件不存在或已过期，请重新上传' });
  });
});

describe('the shelf, positions and notes', () => {
  let bookId: number;
  let uuid: string;
  let para: string;
  beforeAll(async () => {
    const data = await buildEpub({ version: 3, title: 'Shelf Book' });
    const up = await upload(alice, data);
    bookId = (await importBook(alice, up.link, up.digest)).book_id!;
    const show = await t.call('book.show', { id: bookId }, { token: alice.token });
    uuid = show.result!.uuid;
    await t.call('book.publish', { id: bookId }, { token: manager.token });
    para = (await t.call('book.chapter', { id: bookId, chapter: 1 }, { token: alice.token })).result!.paragraphs[1]!.id;
  });

  it('adds by uuid, removes, and lists last read first', async () => {
    const dave = await t.createUser();
    const added = await t.call('book.add', { book_uuid: uuid }, { token: dave.token });
    expect(added.result).toMatchObject({ book: { id: bookId }, pos: null, progress: 0 });
    expect((await t.call('book.shelfEntry', { id: bookId }, { token: dave.token })).code).toBe('200');
    expect((await t.call('book.remove', { id: bookId }, { token: dave.token })).code).toBe('200');
    expect((await t.call('book.shelfEntry', { id: bookId }, { token: dave.token })).http).toBe(404);
    expect((await t.call('book.add', { book_uuid: 'nope' }, { token: dave.token })).http).toBe(404);
  });

  it('keeps the newest position by the device’s time: a stale write never moves it back', async () => {
    const at = (min: number) => new Date(t.clock.now().getTime() - min * MINUTE).toISOString();
    const newer = await t.call(
      'book.pos',
      { id: bookId, pos: { chapter: 1, paragraph: para, sentence: `${para}-s1`, fraction: 0.5, at: at(1) } },
      { token: alice.token },
    );
    expect(newer.result).toMatchObject({ moved: true, progress: 0.75, pos: { chapter: 1, paragraph: para, fraction: 0.5 } });
    const stale = await t.call(
      'book.pos',
      { id: bookId, pos: { chapter: 0, paragraph: null, sentence: null, fraction: 0.1, at: at(5) } },
      { token: alice.token },
    );
    expect(stale.result).toMatchObject({ moved: false, pos: { chapter: 1, paragraph: para } });
    const entry = await t.call('book.shelfEntry', { id: bookId }, { token: alice.token });
    expect(entry.result!.pos).toMatchObject({ chapter: 1, paragraph: para, sentence: `${para}-s1`, fraction: 0.5 });
    const badChapter = await t.call(
      'book.pos',
      { id: bookId, pos: { chapter: 9, paragraph: null, sentence: null, fraction: 0 } },
      { token: alice.token },
    );
    expect(badChapter.http).toBe(400);
  });

  it('notes are anchored to a chapter and paragraph id, and only their owner sees or deletes them', async () => {
    const add = await t.call(
      'book.noteAdd',
      { id: bookId, note_uuid: 'n-1', chapter: 1, text: 'storm', comment: 'nice', root: para, color: 'green', data: { start: 0, end: 5 } },
      { token: alice.token },
    );
    expect(add.result).toMatchObject({ chapter: 1, root: para, color: 'green', data: { start: 0, end: 5 } });
    const wrongRoot = await t.call(
      'book.noteAdd',
      { id: bookId, note_uuid: 'n-2', chapter: 0, text: 'x', root: para },
      { token: alice.token },
    );
    expect(wrongRoot.http).toBe(400);
    expect((await t.call('book.notesMine', { id: bookId }, { token: bob.token })).result!.list).toEqual([]);
    expect((await t.call('book.noteDelete', { id: bookId, note_uuid: 'n-1' }, { token: bob.token })).http).toBe(404);
    expect((await t.call('book.notesMine', { id: bookId }, { token: alice.token })).result!.list).toHaveLength(1);
    expect((await t.call('book.noteDelete', { id: bookId, note_uuid: 'n-1' }, { token: alice.token })).code).toBe('200');
    expect((await t.call('book.notesMine', { id: bookId }, { token: alice.token })).result!.list).toEqual([]);
  });

  it('credits reading time with a signed token, never more than has passed', async () => {
    const { t: token } = (await t.call('book.historyToken', { id: bookId }, { token: alice.token })).result!;
    t.clock.advance(MINUTE);
    const report = (spent: number) => {
      const sign = signParams({ id: bookId, spent_time: spent, t: token }, t.clock.now().getTime());
      return t.call('book.history', { id: bookId, spent_time: spent, t: token }, { token: alice.token, headers: { 'x-bb-sign': sign } });
    };
    const ok = await report(50);
    expect(ok.result).toMatchObject({ credited: 50 });
    t.clock.advance(1000);
    expect((await report(600)).http).toBe(400);
    const today = await t.call('history.today', {}, { token: alice.token });
    expect(today.result!.seconds).toBeGreaterThanOrEqual(50);
  });
});
