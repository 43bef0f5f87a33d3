import { signParams } from '@changdu/contract';
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import type * as Repo from './books.repo.js';
import { createTestApp, type TestApp } from '../../../test/test-app.js';
import { MINUTE } from '../../lib/clock.js';

/** The repo write that fails next (the disk filling up, the connection dropping), or none. */
const failing = vi.hoisted(() => ({ write: null as 'setPos' | 'addSeconds' | null }));

vi.mock('./books.repo.js', async (importOriginal) => {
  const real = await importOriginal<typeof Repo>();
  return {
    ...real,
    booksRepo: (...args: Parameters<typeof real.booksRepo>) => {
      const repo = real.booksRepo(...args);
      const failOn =
        <A extends unknown[], R>(name: NonNullable<typeof failing.write>, write: (...a: A) => Promise<R>) =>
        (...a: A): Promise<R> =>
          failing.write === name ? Promise.reject(new Error(`${name} failed`)) : write(...a);
      return { ...repo, setPos: failOn('setPos', repo.setPos), addSeconds: failOn('addSeconds', repo.addSeconds) };
    },
  };
});

let t: TestApp;
let bookId: number;
beforeAll(async () => {
  t = await createTestApp();
  await t.app.seedDemoContent('http://localhost/api/demo/feed.xml');
  bookId = (await t.call('book.library', {})).result!.list[0]!.id;
});
afterAll(() => t.close());
beforeEach(() => {
  failing.write = null;
});

const onShelf = async (token: string) => (await t.call('book.shelf', {}, { token })).result!.list.map((e) => e.book.id);

describe('a book’s reading writes are one transaction each', () => {
  it('saving a position that fails leaves the book off the shelf, and saves it all once it works', async () => {
    const reader = await t.createUser();
    const pos = { id: bookId, pos: { chapter: 1, fraction: 0.5, paragraph: null, sentence: null } };
    failing.write = 'setPos';
    expect((await t.call('book.pos', pos, { token: reader.token })).http).toBe(500);
    expect(await onShelf(reader.token)).toEqual([]);
    failing.write = null;
    expect((await t.call('book.pos', pos, { token: reader.token })).result).toMatchObject({ moved: true });
    expect(await onShelf(reader.token)).toEqual([bookId]);
  });

  it('a reading report that fails credits no time to the day and puts nothing on the shelf', async () => {
    const reader = await t.createUser();
    const { t: token } = (await t.call('book.historyToken', { id: bookId }, { token: reader.token })).result!;
    t.clock.advance(MINUTE);
    const report = (spent: number) => {
      const params = { id: bookId, spent_time: spent, t: token };
      return t.call('book.history', params, { token: reader.token, headers: { 'x-bb-sign': signParams(params, t.clock.now().getTime()) } });
    };
    failing.write = 'addSeconds';
    expect((await report(40)).http).toBe(500);
    expect((await t.call('history.today', {}, { token: reader.token })).result!.seconds).toBe(0);
    expect(await onShelf(reader.token)).toEqual([]);
    failing.write = null;
    // Nothing of the failed report was kept: the same seconds count now, once.
    expect((await report(40)).result).toEqual({ credited: 40, read_seconds: 40 });
    expect((await t.call('history.today', {}, { token: reader.token })).result!.seconds).toBe(40);
  });
});
