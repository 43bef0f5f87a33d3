import { expect, test } from '@playwright/test';
import { expectAccessible, useTheme } from './a11y';
import { articleSettled } from './a11y-screens';
import { newReader, publishArticle } from './api';
import { screenshots, tapWord } from './helpers';

/**
 * Accessibility of the reader's states no route shows by itself (issue 31, item 9): the word sheet
 * open over an article, and a word looked up with the keyboard alone. Every screen as it opens is
 * checked by a11y-reader.spec.ts and a11y-admin.spec.ts.
 */

const PARAGRAPHS = [
  'After weeks of talks, the two towns negotiated a new agreement about the river. Both mayors said it was fair.',
  'The deal shares the water in dry summers and pays for a small bridge. Children will walk to school more safely.',
];

test('an article with the word sheet open passes axe in the light, dark and black themes', async ({ page, context, request, baseURL }) => {
  // Two full axe runs over an article and its sheet on a busy machine.
  test.setTimeout(60_000);
  const id = await publishArticle(request, 'Two Towns Share a River', PARAGRAPHS);
  await newReader(request, context, baseURL!);
  await page.goto(`/article/${id}`);
  await expect(page.getByRole('heading', { name: 'Two Towns Share a River' })).toBeVisible();
  await articleSettled(page);

  await tapWord(page, 'negotiated');
  const sheet = page.getByRole('dialog', { name: 'negotiate' });
  await expect(sheet.getByRole('list', { name: '中文释义' })).toContainText('谈判');
  await expectAccessible(page, 'article with the word sheet');

  await page.emulateMedia({ colorScheme: 'dark' });
  await expect(page.locator('html')).toHaveAttribute('data-theme', 'dark');
  await expectAccessible(page, 'article with the word sheet, dark theme');
  await useTheme(page, 'black');
  await expectAccessible(page, 'article with the word sheet, black theme', ['color-contrast', 'link-in-text-block']);
  await page.keyboard.press('Escape');
  await expect(sheet).toHaveCount(0);
});

test('a word is looked up with the keyboard alone, and the sheet keeps and gives back the focus', async ({
  page,
  context,
  request,
  baseURL,
}) => {
  const id = await publishArticle(request, 'Keys Along a River', PARAGRAPHS);
  await newReader(request, context, baseURL!);
  await page.goto(`/article/${id}`);
  await expect(page.getByRole('heading', { name: 'Keys Along a River' })).toBeVisible();
  await articleSettled(page);

  // Tab reaches the text as one stop.
  const text = page.getByRole('group', { name: '正文' });
  for (let i = 0; i < 40 && !(await text.evaluate((el) => el === document.activeElement)); i++) await page.keyboard.press('Tab');
  await expect(text).toBeFocused();
  await expect(page.locator('.word-cursor-hint')).toBeVisible();

  // Enter starts the cursor on the first word; the right arrow moves it word by word.
  const cursor = page.getByTestId('word-cursor');
  await page.keyboard.press('Enter');
  await expect(cursor).toHaveText('After');
  for (let i = 0; i < 7; i++) await page.keyboard.press('ArrowRight');
  await expect(cursor).toHaveText('negotiated');
  // Drawn as a CSS highlight over the word's text, which stays as it is.
  const drawn = await page.evaluate(() => {
    let text = '';
    CSS.highlights.forEach((highlight, name) => {
      if (name === 'word-cursor') highlight.forEach((range) => (text += range.toString()));
    });
    return text;
  });
  expect(drawn).toBe('negotiated');
  await screenshots(page, 'word-cursor');
  await expectAccessible(page, 'article with the word cursor');

  // Enter opens the sheet; Tab stays inside it; Escape closes it and the text has the focus again.
  await page.keyboard.press('Enter');
  const sheet = page.getByRole('dialog', { name: 'negotiate' });
  await expect(sheet.getByRole('list', { name: '中文释义' })).toContainText('谈判');
  for (let i = 0; i < 12; i++) {
    await page.keyboard.press('Tab');
    expect(await sheet.evaluate((el) => el.contains(document.activeElement))).toBe(true);
  }
  await page.keyboard.press('Escape');
  await expect(sheet).toHaveCount(0);
  await expect(text).toBeFocused();
  await page.keyboard.press('ArrowRight');
  await expect(cursor).toHaveText('a');
});
