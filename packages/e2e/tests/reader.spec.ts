import { expect, test } from '@playwright/test';
import { newReader, publishArticle } from './api';

const PARAGRAPHS = [
  'After weeks of talks, the two towns negotiated a new agreement about the river. Both mayors said it was fair.',
  'The deal shares the water in dry summers and pays for a small bridge. Children will walk to school more safely.',
];

test('a reader looks up a word, highlights a sentence with a comment, finds the note in /mynote, copies it, and sees the reading time', async ({
  page,
  context,
  request,
  baseURL,
}) => {
  test.setTimeout(90_000);
  const id = await publishArticle(request, 'Two Towns Share a River', PARAGRAPHS);
  await newReader(request, context, baseURL!);
  await context.grantPermissions(['clipboard-read', 'clipboard-write']);

  const reported = page.waitForResponse((r) => r.url().endsWith('/reader/history') && r.request().method() === 'POST', { timeout: 60_000 });
  await page.goto(`/article/${id}`);
  await expect(page.getByRole('heading', { name: 'Two Towns Share a River' })).toBeVisible();

  // Tap a word: the sheet resolves it to its headword and shows the Chinese meaning.
  await page.locator('[data-pid] span.w', { hasText: /^negotiated$/ }).click();
  const sheet = page.getByRole('dialog', { name: 'negotiate' });
  await expect(sheet.getByRole('list', { name: '中文释义' })).toContainText('谈判');
  await page.keyboard.press('Escape');
  await expect(sheet).toHaveCount(0);

  // Select the first sentence and write a note on it.
  await page.evaluate(() => {
    const words = Array.from(document.querySelectorAll('[data-pid] span.w'));
    const first = words[0]!;
    const last = words.find((w) => w.textContent === 'river')!;
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
  await editor.getByRole('textbox', { name: '笔记内容' }).fill('  两个小镇就河水达成了新协议  ');
  await editor.getByRole('button', { name: '保存' }).click();
  await expect(page.locator('mark.hl[data-note]').first()).toBeVisible();

  // The signed reading-time report goes out while reading.
  await page.mouse.wheel(0, 200);
  expect((await reported).ok()).toBe(true);

  await page.reload();
  await expect(page.locator('mark.hl[data-note]').first()).toContainText('negotiated');

  await page.goto('/mynote');
  await page.getByRole('list', { name: '做过笔记的文章' }).getByText('Two Towns Share a River').click();
  await expect(page).toHaveURL(new RegExp(`/mynote/${id}`));
  await page.getByRole('button', { name: '复制全部' }).click();
  await expect(page.getByText('已复制').first()).toBeVisible();
  const copied = await page.evaluate(() => navigator.clipboard.readText());
  expect(copied).toContain(
    'Two Towns Share a River\n\nAfter weeks of talks, the two towns negotiated a new agreement about the river\n> 两个小镇就河水达成了新协议',
  );

  await page.goto('/read_data');
  await expect(page.getByTestId('stat-minutes')).toHaveText(/^[1-9]\d*\s*(秒|分钟)/);
});
