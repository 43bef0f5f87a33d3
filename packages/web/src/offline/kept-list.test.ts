import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { KEPT } from './caches';
import { fakeCaches } from '../test/fake-caches';
import { formatBytes, keptArticles, removeKept } from './kept-list';

const show = (id: number, title: string, image: string) =>
  JSON.stringify({ status: { code: '200' }, result: { id, title, title_zh: `${title}（中文）`, cover: image } });

let kept: ReturnType<typeof fakeCaches>;

beforeEach(async () => {
  kept = fakeCaches();
  await kept.put(KEPT.pages, '/article/7', '<html><h1>Seven</h1>'.padEnd(2048, ' '), { date: 'Mon, 01 Dec 2025 08:00:00 GMT' });
  await kept.put(KEPT.data, '/reader/article/7/show', show(7, 'Two Towns Keep a River', '/api/image/a.jpg'));
  await kept.put(KEPT.data, '/reader/article/7/notes', '{"result":{"list":[]}}');
  await kept.put(KEPT.packs, '/api/english/pack/7', 'x'.repeat(4096));
  await kept.put(KEPT.images, '/api/image/a.jpg', 'i'.repeat(10_000));
  await kept.put(KEPT.images, '/api/image/shared.jpg', 's'.repeat(5_000));
  // Another article, kept later, sharing an image; its answer was not kept, only its drawn page.
  await kept.put(KEPT.pages, '/article/9', '<html><title>x</title><h1>A Lighthouse &amp; Its Keeper</h1></html>', {
    date: 'Tue, 02 Dec 2025 08:00:00 GMT',
  });
  await kept.put(KEPT.data, '/reader/article/9/show', show(9, 'A Lighthouse', '/api/image/shared.jpg'));
  await kept.put(KEPT.data, '/reader/article/7/show?x', show(7, 'Two Towns Keep a River', '/api/image/shared.jpg'));
  // Not an article's: the word book.
  await kept.put(KEPT.data, '/reader/myword', '{"result":{"list":[]}}');
});
afterEach(() => vi.unstubAllGlobals());

describe('the kept articles', () => {
  it('lists each kept page, newest first, with its title and the bytes its page, answers, pack and images take', async () => {
    const list = await keptArticles();
    expect(list.map((a) => a.id)).toEqual([9, 7]);
    const seven = list[1]!;
    expect(seven).toMatchObject({ title: 'Two Towns Keep a River', title_zh: 'Two Towns Keep a River（中文）' });
    expect(seven.bytes).toBeGreaterThan(2048 + 4096 + 10_000 + 5_000);
    expect(seven.bytes).toBeLessThan(2048 + 4096 + 10_000 + 5_000 + 1_000);
  });

  it('takes the drawn page’s heading when the article’s answer was not kept', async () => {
    await removeKept(9);
    await kept.put(KEPT.pages, '/article/9', '<html><h1>A Lighthouse &amp; Its Keeper</h1></html>');
    expect((await keptArticles()).find((a) => a.id === 9)?.title).toBe('A Lighthouse & Its Keeper');
  });

  it('removes one article’s page, answers, pack and the images no other kept article names', async () => {
    await removeKept(7);
    expect((await keptArticles()).map((a) => a.id)).toEqual([9]);
    expect(kept.urls(KEPT.data).sort()).toEqual(['/reader/article/9/show', '/reader/myword']);
    expect(kept.urls(KEPT.packs)).toEqual([]);
    expect(kept.urls(KEPT.images)).toEqual(['/api/image/shared.jpg']);
  });

  it('shows sizes as a reader reads them', () => {
    expect(formatBytes(300)).toBe('1 KB');
    expect(formatBytes(36 * 1024)).toBe('36 KB');
    expect(formatBytes(1.25 * 1024 * 1024)).toBe('1.3 MB');
  });
});
