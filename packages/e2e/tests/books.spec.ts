import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { expect, test } from '@playwright/test';
import { buildEpub } from '../../server/test/epub-builder';
import { newReader } from './api';

test('a reader uploads an EPUB, watches the import, taps a word, writes a note, leaves and comes back to the same place', async ({
  page,
  context,
  request,
  baseURL,
}) => {
  test.setTimeout(90_000);
  await newReader(request, context, baseURL!);
  // A book made here: EPUB 3 with a cover, a figure and a nested table of contents.
  const file = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'e2e-book-')), 'harbour-tales.epub');
  fs.writeFileSync(file, await buildEpub({ version: 3, title: `Harbour Tales ${Date.now()}`, author: 'E2E Writer', images: true }));

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

  // Tap a word: the same dictionary sheet as in articles.
  await expect(page.getByRole('heading', { name: 'The Harbour' }).first()).toBeVisible();
  await page.locator('[data-pid] span.w', { hasText: /^negotiated$/ }).click();
  const sheet = page.getByRole('dialog', { name: 'negotiate' });
  await expect(sheet.getByRole('list', { name: '中文释义' })).toContainText('谈判');
  await page.keyboard.press('Escape');
  await expect(sheet).toHaveCount(0);

  // Select a sentence and write a note on it.
  await page.evaluate(() => {
    const words = Array.from(document.querySelectorAll('[data-pid] span.w'));
    const first = words.find((w) => w.textContent === 'little')!;
    const last = words.find((w) => w.textContent === 'harbour')!;
    const range = document.createRange();
    range.setStartBefore(first);
    range.setEndAfter(last);
    const selection = window.getSelection()!;
    selection.removeAllRanges();
    selection.addRange(range);
    document.dispatchEvent(new MouseEvent('mouseup', { bubbles: true }));
  });
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
