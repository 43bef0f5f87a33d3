import { expect, test } from '@playwright/test';
import { newReader, publishArticle } from './api';
import { tapWord } from './helpers';

test('a reader adds a tapped word, reviews it as Good, sees it leave the due count, and reviews another word while reading', async ({
  page,
  context,
  request,
  baseURL,
}) => {
  const id = await publishArticle(request, 'A Bridge Over the River', [
    'The engineers negotiated with the council for months. Their contract was finally signed in spring.',
  ]);
  await newReader(request, context, baseURL!);

  await page.goto(`/article/${id}`);
  await tapWord(page, 'negotiated');
  await page.getByRole('button', { name: '加入生词本' }).click();
  // The sheet answers in place (no toast over the exam tags).
  await expect(page.getByText('已加入生词本').first()).toBeVisible();

  await page.goto('/flashcard');
  await expect(page.getByTestId('due-now')).toHaveText('1');
  await page.getByRole('link', { name: '开始复习' }).click();
  await expect(page.locator('.flashcard-word')).toHaveText('negotiate');
  await page.getByRole('button', { name: '显示答案' }).click();
  await page.getByRole('group', { name: '评分' }).getByRole('button', { name: /^记得/ }).click();
  await expect(page.getByTestId('flashcard-finish')).toBeVisible();
  await page.goto('/flashcard');
  await expect(page.getByTestId('flashcard-all-done')).toBeVisible();

  // Review while reading: a new word is due at once, and can be rated from the article.
  await page.goto(`/article/${id}`);
  await tapWord(page, 'contract');
  await page.getByRole('button', { name: '加入生词本' }).click();
  // The sheet answers in place (no toast over the exam tags).
  await expect(page.getByText('已加入生词本').first()).toBeVisible();
  await page.keyboard.press('Escape');
  await tapWord(page, 'contract');
  await page
    .getByRole('group', { name: '复习这个词' })
    .getByRole('button', { name: /^记得 · / })
    .click();
  await expect(page.getByText(/^已复习/).first()).toBeVisible();

  await page.goto('/myword');
  await expect(page.getByTestId('due-now')).toHaveText('0');
});
