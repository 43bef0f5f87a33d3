import { PNG } from 'pngjs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { importEpub, uploadEpub } from '../../../test/books.js';
import { buildEpub } from '../../../test/epub-builder.js';
import { createTestApp, type TestApp } from '../../../test/test-app.js';

let t: TestApp;
type U = Awaited<ReturnType<TestApp['createUser']>>;
let alice: U;
let bob: U;

const PNG_SIGNATURE = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);

const HARD = {
  title: 'The Lighthouse',
  body: `<h1>The Lighthouse</h1><p>An unprecedented storm came in the night.</p><p id="later">They tried to mitigate the damage before dawn.</p>`,
  sections: [{ title: 'Later', anchor: 'later' }],
};

beforeAll(async () => {
  t = await createTestApp({ env: { PUBLIC_URL: 'https://changdu.example' } });
  alice = await t.createUser();
  bob = await t.createUser();
}, 60_000);
afterAll(() => t?.close());

async function importFor(user: U, data: Buffer): Promise<number> {
  const up = await uploadEpub(t, user.token, data);
  const { book_id, task } = await importEpub(t, user.token, up.link, up.digest);
  expect(task?.status, task?.message ?? '').toBe('done');
  return book_id!;
}

async function get(url: string, token?: string) {
  const res = await t.app.inject({ method: 'GET', url, headers: token ? { authorization: `Bearer ${token}` } : {} });
  return { status: res.statusCode, type: String(res.headers['content-type']), cache: res.headers['cache-control'], bytes: res.rawPayload };
}

describe.each([2, 3] as const)('a table of contents pointing into a chapter (EPUB %i)', (version) => {
  it('opens each section at the paragraph its fragment names', async () => {
    const id = await importFor(alice, await buildEpub({ version, title: `Anchors ${version}` }));
    const show = (await t.call('book.show', { id }, { token: alice.token })).result!;
    const chapter = (await t.call('book.chapter', { id, chapter: 0 }, { token: alice.token })).result!;
    const idOf = (text: string) => chapter.paragraphs.find((p) => p.text === text)!.id;
    expect(show.toc.map((l) => [l.title, l.chapter, l.paragraph])).toEqual([
      ['The Harbour', 0, null],
      ['Morning', 0, idOf('Morning')],
      ['Evening', 0, idOf('Evening')],
      ['The Storm', 1, null],
    ]);
  });
});

describe('word marks in book text', () => {
  let id: number;
  beforeAll(async () => {
    id = await importFor(alice, await buildEpub({ version: 3, title: 'Hard Words', chapters: [HARD] }));
  });

  it('lists a chapter’s words beyond the level, as for articles, to those who may read the book', async () => {
    const c4 = await t.call('book.levelWords', { id, chapter: 0, level: 'C4' }, { token: alice.token });
    expect(c4.result!.list.map((w) => w.word)).toEqual(['unprecedented', 'mitigate']);
    expect(c4.result!.list[1]).toMatchObject({ meaning: expect.stringMatching(/减轻|缓和/) });
    // A private book is not there for others, and a bad level or chapter is a plain 4xx.
    expect((await t.call('book.levelWords', { id, chapter: 0, level: 'C4' }, { token: bob.token })).http).toBe(404);
    expect((await t.call('book.levelWords', { id, chapter: 0, level: 'B2' as never }, { token: alice.token })).msg).toContain('级别');
    expect((await t.call('book.levelWords', { id, chapter: 5, level: 'C4' }, { token: alice.token })).http).toBe(404);
  });

  it('lists my word-book words found in the chapter, with the forms they take there', async () => {
    await t.call('words.add', { word: 'mitigate' }, { token: alice.token });
    await t.call('words.add', { word: 'harbour' }, { token: alice.token });
    const mine = await t.call('book.chapterWords', { id, chapter: 0 }, { token: alice.token });
    expect(mine.result!.list.map((w) => [w.word, w.forms])).toEqual([['mitigate', ['mitigate']]]);
    await t.call('words.add', { word: 'storm' }, { token: bob.token });
    expect((await t.call('book.chapterWords', { id, chapter: 0 }, { token: bob.token })).http).toBe(404);
    expect((await t.call('book.chapterWords', { id, chapter: 0 })).http).toBe(401);
  });
});

describe('the share image', () => {
  let id: number;
  let root: string;
  beforeAll(async () => {
    id = await importFor(alice, await buildEpub({ version: 3, title: 'Share Me', images: true }));
    root = (await t.call('book.chapter', { id, chapter: 1 }, { token: alice.token })).result!.paragraphs[1]!.id;
  });

  it('is a 750×1334 PNG, private to whoever may read the book', async () => {
    const res = await get(`/reader/book/${id}/share_image`, alice.token);
    expect(res.status).toBe(200);
    expect(res.type).toBe('image/png');
    expect(res.cache).toBe('private, no-store');
    expect(res.bytes.subarray(0, 8).equals(PNG_SIGNATURE)).toBe(true);
    expect(res.bytes.length).toBeGreaterThan(20_000);
    const image = PNG.sync.read(res.bytes);
    expect([image.width, image.height]).toEqual([750, 1334]);
    expect((await get(`/reader/book/${id}/share_image`, bob.token)).status).toBe(404);
    expect((await get(`/reader/book/${id}/share_image`)).status).toBe(404);
  });

  it('quotes my highlight when asked, and only mine', async () => {
    await t.call(
      'book.noteAdd',
      { id, note_uuid: 'share-note', chapter: 1, text: 'By dawn the storm had passed', root },
      { token: alice.token },
    );
    const plain = await get(`/reader/book/${id}/share_image`, alice.token);
    const quoted = await get(`/reader/book/${id}/share_image?note_uuid=share-note`, alice.token);
    expect(quoted.status).toBe(200);
    expect(quoted.bytes.equals(plain.bytes)).toBe(false);
    await t.call('book.add', { book_uuid: (await t.call('book.show', { id }, { token: alice.token })).result!.uuid }, { token: bob.token });
    expect((await get(`/reader/book/${id}/share_image?note_uuid=share-note`, bob.token)).status).toBe(404);
  });
});

describe('book notes in 我的笔记', () => {
  it('lists the books I noted, last noted first, each with my notes in chapter order; others see none of them', async () => {
    const carol = await t.createUser();
    const first = await importFor(carol, await buildEpub({ version: 3, title: 'Noted One' }));
    const second = await importFor(carol, await buildEpub({ version: 2, title: 'Noted Two' }));
    const para = async (book: number, chapter: number) =>
      (await t.call('book.chapter', { id: book, chapter }, { token: carol.token })).result!.paragraphs[1]!.id;
    const note = async (book: number, chapter: number, uuid: string, text: string) =>
      expect(
        (
          await t.call(
            'book.noteAdd',
            { id: book, note_uuid: uuid, chapter, text, root: await para(book, chapter) },
            { token: carol.token },
          )
        ).code,
      ).toBe('200');
    await note(first, 1, 'one-b', 'The wind rose');
    await note(first, 0, 'one-a', 'The little boat');
    t.clock.advance(1000);
    await note(second, 0, 'two-a', 'Every morning');
    const noted = (await t.call('book.notedBooks', {}, { token: carol.token })).result!;
    expect(noted.next_offset).toBeNull();
    expect(noted.list.map((b) => [b.book.title, b.note_count, b.notes.map((n) => [n.chapter, n.text])])).toEqual([
      ['Noted Two', 1, [[0, 'Every morning']]],
      [
        'Noted One',
        2,
        [
          [0, 'The little boat'],
          [1, 'The wind rose'],
        ],
      ],
    ]);
    expect((await t.call('book.notedBooks', {}, { token: bob.token })).result!.list.map((b) => b.book.id)).not.toContain(first);
  });
});
