import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { expect, test, type Page } from '@playwright/test';
import { buildEpub } from '../../server/test/epub-builder';
import { newReader } from './api';
import { screenshots, selectWords } from './helpers';

/** An EPUB built here, written to a file the upload page can pick. */
async function epubFile(name: string, spec: Parameters<typeof buildEpub>[0]): Promise<string> {
  const file = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'e2e-book-')), name);
  fs.writeFileSync(file, await buildEpub(spec));
  return file;
}

test('a reader uploads an EPUB, watches the import, taps a word, writes a note, leaves and comes back to the same place', async ({
  page,
  context,
  request,
  baseURL,
}) => {
  test.setTimeout(90_000);
  await newReader(request, context, baseURL!);
  // A book made here: EPUB 3 with a cover, a figure and a nested table of contents.
  const file = await epubFile('harbour-tales.epub', {
    version: 3,
    title: `Harbour Tales ${Date.now()}`,
    author: 'E2E Writer',
    images: true,
  });

  await page.goto('/book');
  await expect(page.getByText('书架还是空的')).toBeVisible();
  await page.getByRole('link', { name: '导入', exact: true }).click();
  await expect(page).toHaveURL(/\/book\/upload/);
  await page.getByTestId('epub-file').setInputFiles(file);

  // The import's progress bar, then the link to the book.
  await expect(page.getByRole('progressbar', { name: '导入电子书进度' })).toBeVisible();
  await page.getByRole('link', { name: '打开这本书' }).click();
  await expect(page.getByRole('heading', { name: /Harbour Tales/ })).toBeVisible();
  await expect(page.getByRole('list').getByRole('link', { name: 'Morning' })).toBeVisible();
  await page.getByRole('link', { name: '开始阅读' }).click();

  // The first book on a phone explains the tap zones, once.
  await expect(page.getByRole('heading', { name: 'The Harbour' }).first()).toBeVisible();
  const hint = page.getByRole('dialog', { name: '翻页说明' });
  await expect(hint.getByRole('list', { name: '点按区域' })).toContainText('上一页');
  await screenshots(page, 'book-tap-hint');
  await hint.getByRole('button', { name: '知道了' }).click();
  await expect(hint).toHaveCount(0);
  await page.reload();
  await expect(page.getByRole('heading', { name: 'The Harbour' }).first()).toBeVisible();
  await page.waitForTimeout(300);
  await expect(hint).toHaveCount(0);

  // Look a word up (a long press, which works wherever the word is): the same dictionary sheet as in articles.
  await longPress(page, await wordPoint(page, 'negotiated'));
  const sheet = page.getByRole('dialog', { name: 'negotiate' });
  await expect(sheet.getByRole('list', { name: '中文释义' })).toContainText('谈判');
  await page.keyboard.press('Escape');
  await expect(sheet).toHaveCount(0);

  // Select a sentence and write a note on it.
  await selectWords(page, 'little', 'harbour');
  await page.getByRole('toolbar', { name: '划线工具' }).getByRole('button', { name: '写笔记' }).click();
  const editor = page.getByRole('dialog', { name: '写笔记' });
  await editor.getByRole('textbox', { name: '笔记内容' }).fill('港口里的小船');
  await editor.getByRole('button', { name: '保存' }).click();
  await expect(page.locator('mark.hl[data-note]').first()).toContainText('little');

  // Move on to chapter 2; the place is saved as the reader goes.
  const saved = page.waitForResponse(
    (r) => /\/reader\/mybook\/\d+\/pos$/.test(r.url()) && (r.request().postDataJSON() as { pos: { chapter: number } }).pos.chapter === 1,
  );
  await page.getByRole('button', { name: '下一章' }).click();
  await expect(page.getByRole('heading', { name: 'The Storm' }).first()).toBeVisible();
  expect((await saved).ok()).toBe(true);

  // Leave, come back through the shelf: the reader opens where it was left.
  await page.goto('/book');
  await expect(page.getByText(/已读 \d+%/)).toBeVisible();
  await page.getByRole('link', { name: '继续' }).click();
  await expect(page.getByRole('heading', { name: 'The Storm' }).first()).toBeVisible();
  await expect(page.locator('[data-pid]').first()).toContainText('The Storm');

  // The note is still there in chapter 1.
  await page.getByRole('button', { name: '上一章' }).click();
  await expect(page.locator('mark.hl[data-note]').first()).toContainText('little');
});

/** A chapter long enough to page through, with a TOC section deep inside it. */
function longChapter() {
  const para = (i: number) =>
    `<p>Line ${i} of the long chapter: the keeper climbed the stairs and watched the ships pass in the night.</p>`;
  const before = Array.from({ length: 30 }, (_, i) => para(i + 1)).join('');
  const after = Array.from({ length: 12 }, (_, i) => para(i + 31)).join('');
  return {
    title: 'The Long Night',
    body: `<h1>The Long Night</h1>${before}<h2 id="deep">Deep Section</h2><p>The deep section starts with a quiet harbour.</p>${after}`,
    sections: [{ title: 'Deep Section', anchor: 'deep' }],
  };
}

/** A finger held still on a point for 800 ms (Playwright's touchscreen only taps). */
async function longPress(page: Page, { x, y }: { x: number; y: number }) {
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('Input.dispatchTouchEvent', { type: 'touchStart', touchPoints: [{ x, y }] });
  await page.waitForTimeout(800);
  await cdp.send('Input.dispatchTouchEvent', { type: 'touchEnd', touchPoints: [] });
  await cdp.detach();
}

/** The middle of the first `word` of the reading page, scrolled to the middle of the screen. */
async function wordPoint(page: Page, word: string): Promise<{ x: number; y: number }> {
  await expect(page.locator('[data-pid]', { hasText: word }).first()).toBeVisible();
  return page.evaluate(async (word) => {
    for (const root of Array.from(document.querySelectorAll('[data-pid]'))) {
      const walker = document.createTreeWalker(root, NodeFilter.SHOW_TEXT);
      for (let node = walker.nextNode() as Text | null; node; node = walker.nextNode() as Text | null) {
        const at = node.data.search(new RegExp(`\\b${word}\\b`));
        if (at < 0) continue;
        node.parentElement!.scrollIntoView({ block: 'center' });
        await new Promise((resolve) => setTimeout(resolve, 300));
        const range = document.createRange();
        range.setStart(node, at);
        range.setEnd(node, at + word.length);
        const box = range.getBoundingClientRect();
        return { x: box.left + box.width / 2, y: box.top + box.height / 2 };
      }
    }
    throw new Error(`"${word}" is not in the text`);
  }, word);
}

/**
 * A word of the reading page on screen (between the bars) whose middle is in the left or right
 * quarter of the screen, or in the middle half, and the point of its middle.
 */
async function wordInZone(page: Page, zone: 'left' | 'middle' | 'right'): Promise<{ word: string; x: number; y: number }> {
  return page.evaluate((zone) => {
    const width = window.innerWidth;
    const inZone = (x: number) => (zone === 'left' ? x < width * 0.2 : zone === 'right' ? x > width * 0.8 : Math.abs(x - width / 2) < width * 0.15);
    for (const root of Array.from(document.querySelectorAll('[data-pid]'))) {
      const walker = document.createTreeWalker(root, NodeFilter.SHOW_TEXT);
      for (let node = walker.nextNode() as Text | null; node; node = walker.nextNode() as Text | null) {
        for (const match of node.data.matchAll(/[A-Za-z]{4,}/g)) {
          const range = document.createRange();
          range.setStart(node, match.index);
          range.setEnd(node, match.index + match[0].length);
          const box = range.getBoundingClientRect();
          const x = box.left + box.width / 2;
          const y = box.top + box.height / 2;
          if (y > 120 && y < window.innerHeight - 120 && inZone(x)) return { word: match[0], x, y };
        }
      }
    }
    throw new Error(`no word in the ${zone} zone on screen`);
  }, zone);
}

test('the table of contents jumps into a chapter, the tap zones page and look up, and a book note shows in 我的笔记', async ({
  page,
  context,
  request,
  baseURL,
}) => {
  test.setTimeout(90_000);
  await newReader(request, context, baseURL!);
  const title = `Long Night ${Date.now()}`;
  const file = await epubFile('long-night.epub', { version: 2, title, chapters: [longChapter()] });
  await page.goto('/book/upload');
  await page.getByTestId('epub-file').setInputFiles(file);
  await page.getByRole('link', { name: '打开这本书' }).click();
  await page.getByRole('link', { name: '开始阅读' }).click();
  await expect(page.locator('[data-pid]').first()).toContainText('The Long Night');
  await page.getByRole('dialog', { name: '翻页说明' }).getByRole('button', { name: '知道了' }).click();

  // The TOC's section line opens the chapter at that section, flashing it.
  await page.getByRole('button', { name: '目录' }).click();
  await page.getByRole('dialog', { name: '目录' }).getByRole('button', { name: 'Deep Section' }).click();
  const section = page.locator('[data-pid]', { hasText: /^Deep Section$/ });
  await expect(section).toHaveClass(/is-flashing/);
  await expect(section).toBeInViewport();
  await expect(page).toHaveURL(/[?&]p=p[0-9a-f]{8}/);

  // Tap zones (docs/books.md#tap-zones).
  await page.evaluate(() => window.scrollTo({ top: 0, behavior: 'instant' }));
  const scrollY = () => page.evaluate(() => window.scrollY);
  await page.waitForTimeout(800);
  const start = await scrollY();
  const { width, height } = page.viewportSize()!;
  const dialog = page.getByRole('dialog');

  // A tap on a word in the right quarter goes a screen forward (less a line); no dictionary.
  const right = await wordInZone(page, 'right');
  await page.touchscreen.tap(right.x, right.y);
  await expect.poll(async () => (await scrollY()) - start).toBeGreaterThan(height * 0.6);
  await page.waitForTimeout(600);
  expect((await scrollY()) - start).toBeLessThan(height);
  await expect(dialog).toHaveCount(0);
  // A tap on a word in the left quarter comes back.
  const left = await wordInZone(page, 'left');
  await page.touchscreen.tap(left.x, left.y);
  await expect.poll(scrollY).toBeLessThan(start + 10);
  await page.waitForTimeout(600);
  await expect(dialog).toHaveCount(0);

  // A tap on a word in the middle opens the dictionary and does not page.
  const middle = await wordInZone(page, 'middle');
  const before = await scrollY();
  await page.touchscreen.tap(middle.x, middle.y);
  await expect(page.getByRole('dialog', { name: new RegExp(middle.word, 'i') })).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(dialog).toHaveCount(0);
  expect(await scrollY()).toBe(before);

  // A long press on a word in the left quarter looks it up too, and does not page.
  const held = await wordInZone(page, 'left');
  await longPress(page, held);
  await expect(page.getByRole('dialog', { name: new RegExp(held.word, 'i') })).toBeVisible();
  await page.waitForTimeout(600);
  expect(await scrollY()).toBe(before);
  await page.keyboard.press('Escape');
  await expect(dialog).toHaveCount(0);

  // A tap in the middle between paragraphs hides the bars; the next brings them back.
  const gap = await page.evaluate((w) => {
    const blocks = Array.from(document.querySelectorAll('[data-pid]')).map((el) => el.getBoundingClientRect());
    for (let i = 1; i < blocks.length; i++) {
      const y = (blocks[i - 1]!.bottom + blocks[i]!.top) / 2;
      if (blocks[i]!.top - blocks[i - 1]!.bottom > 6 && y > 120 && y < window.innerHeight - 120) return { x: w / 2, y };
    }
    throw new Error('no gap between paragraphs on screen');
  }, width);
  const toc = page.getByRole('button', { name: '目录' });
  await page.touchscreen.tap(gap.x, gap.y);
  await expect(toc).not.toBeInViewport();
  await expect(dialog).toHaveCount(0);
  await page.touchscreen.tap(gap.x, gap.y);
  await expect(toc).toBeInViewport();
  expect(await scrollY()).toBe(before);

  // The keys page too.
  await page.keyboard.press('PageDown');
  await expect.poll(scrollY).toBeGreaterThan(before + 100);

  // A highlight in the deep section…
  await section.scrollIntoViewIfNeeded();
  await selectWords(page, 'deep', 'quiet');
  const saved = page.waitForResponse((r) => /\/reader\/book\/\d+\/note\/add$/.test(r.url()));
  await page.getByRole('toolbar', { name: '划线工具' }).getByRole('radio', { name: '黄色' }).click();
  expect((await saved).ok()).toBe(true);

  // …is in 我的笔记 under the book, and its link opens the passage.
  await page.goto('/mynote');
  await page.getByRole('tab', { name: '书' }).click();
  const books = page.getByRole('list', { name: '做过笔记的书' });
  await expect(books.getByRole('heading', { name: title })).toBeVisible();
  await books.getByRole('link', { name: /deep section starts with a quiet/ }).click();
  await expect(page).toHaveURL(/\/book\/\d+\/read\?chapter=0&p=p[0-9a-f]{8}/);
  const passage = page.locator('[data-pid]', { hasText: 'The deep section starts with a quiet harbour.' });
  await expect(passage).toHaveClass(/is-flashing/);
  await expect(passage).toBeInViewport();
});
