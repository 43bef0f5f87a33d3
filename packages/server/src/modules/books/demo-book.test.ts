import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/test-app.js';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

describe('first start', () => {
  it('publishes one original book made of the demo articles and puts it on existing shelves, once', async () => {
    const reader = await t.createUser();
    await t.app.seedDemoContent('http://localhost/api/demo/feed.xml');
    const library = (await t.call('book.library', {})).result!.list;
    expect(library).toHaveLength(1);
    const book = library[0]!;
    expect(book).toMatchObject({ title: 'Changdu Stories: A First Reader', status: 'published' });
    expect(book.chapter_count).toBeGreaterThan(3);
    const shelf = (await t.call('book.shelf', {}, { token: reader.token })).result!.list;
    expect(shelf.map((e) => e.book.id)).toEqual([book.id]);
    const chapter = (await t.call('book.chapter', { id: book.id, chapter: 0 })).result!;
    expect(chapter.paragraphs[0]!.sentences.length).toBeGreaterThan(0);
    await t.app.seedDemoContent('http://localhost/api/demo/feed.xml');
    expect((await t.call('book.library', {})).result!.list).toHaveLength(1);
  });
});
