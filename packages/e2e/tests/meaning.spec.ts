import { expect, test } from '@playwright/test';
import { newReader, publishArticle } from './api';
import { screenshots, tapWord } from './helpers';

// Two paragraphs of the demo articles (seed/demo-articles.json): "stick" is a verb here, where the
// dictionary's first line is the noun (棍, 棒); "take turns" is a phrase.
const SONG =
  'People remember things better when they have strong emotions. A sad love song or a happy summer song can make a phrase stick for years.';
const LIBRARY = 'The summer ended, but the library stayed open. Now more than thirty teenagers take turns working there.';

/** A meaning as text without the spaces layouts put between its part of speech and its words. */
const squeeze = (text: string | null) => (text ?? '').replace(/\s+/g, '');


test('the sheet, the word book and the flashcard show the same meaning for a tap, and a phrase tap adds a phrase card', async ({
  page,
  context,
  request,
  baseURL,
}) => {
  // Seven screens and two lookups: more than one screen's 30 s on a busy machine.
  test.setTimeout(120_000);
  const id = await publishArticle(request, 'Learning English, One Song at a Time', [SONG, LIBRARY]);
  await newReader(request, context, baseURL!);

  await page.goto(`/article/${id}`);
  await tapWord(page, 'stick');
  const sheet = page.locator('.word-sheet');
  const first = sheet.getByRole('list', { name: '中文释义' }).locator('li').first();
  await expect(first).toBeVisible();
  const shown = squeeze(await first.textContent());
  expect(shown).not.toBe('');
  await sheet.getByRole('button', { name: '加入生词本' }).click();
  await expect(sheet.getByText('已加入生词本')).toBeVisible();

  await page.goto('/myword');
  const row = page.locator('.word-row', { hasText: 'stick' });
  await expect(row.locator('.word-row-meaning')).toBeVisible();
  expect(squeeze(await row.locator('.word-row-meaning').textContent())).toBe(shown);

  await page.goto('/flashcard');
  await page.getByRole('link', { name: '开始复习' }).click();
  await expect(page.locator('.flashcard-word')).toHaveText('stick');
  await page.getByRole('button', { name: '显示答案' }).click();
  expect(squeeze(await page.getByTestId('flashcard-meaning').textContent())).toBe(shown);
  // The dictionary's other meanings are folded under it.
  await expect(page.locator('.flashcard-more summary')).toContainText('其他释义');
  await screenshots(page, 'flashcard-back');

  // A tap inside "take turns" answers the phrase above the word; it is added as a phrase card.
  await page.goto(`/article/${id}`);
  await tapWord(page, 'turns');
  const phrase = page.getByRole('region', { name: '本句短语' });
  await expect(phrase).toContainText('take turns');
  const phraseMeaning = squeeze(await phrase.getByRole('list', { name: '短语释义' }).locator('li').first().textContent());
  await screenshots(page, 'phrase-sheet');
  await phrase.getByRole('button', { name: '加入短语' }).click();
  await expect(phrase.getByRole('status')).toHaveText(/短语已加入生词本/);

  await page.goto('/myword');
  const card = page.locator('.word-row', { hasText: 'take turns' });
  await expect(card).toBeVisible();
  expect(squeeze(await card.locator('.word-row-meaning').textContent())).toBe(phraseMeaning);
});

test('a phrasal verb the dictionary glosses for a specialist only is named with its English definition and no specialist line', async ({
  page,
  context,
  request,
  baseURL,
}) => {
  const id = await publishArticle(request, 'A Bank Buys Back Its Shares', [
    'The board plans to buy back a tenth of its shares this year, the bank said on Monday.',
  ]);
  await newReader(request, context, baseURL!);
  await page.goto(`/article/${id}`);
  await tapWord(page, 'buy');
  const phrase = page.getByRole('region', { name: '本句短语' });
  await expect(phrase).toContainText('buy back');
  await expect(phrase.locator('.word-phrase-definition')).toContainText(/buy/);
  // ECDICT's only lines are [经]: none is shown as the phrase's meaning.
  await expect(phrase.getByRole('list', { name: '短语释义' })).toHaveCount(0);
  await expect(phrase).not.toContainText('[经]');
  await screenshots(page, 'phrase-definition-only');
});
