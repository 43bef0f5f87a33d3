import AxeBuilder from '@axe-core/playwright';
import { expect, test, type Page } from '@playwright/test';
import { newReader, publishArticle } from './api';
import { screenshots, settled, tapWord } from './helpers';

/**
 * Accessibility of the screens a new reader meets (issue 31, item 9): axe-core's WCAG 2 A/AA rules
 * find no serious or critical violation, and a word is looked up with the keyboard alone.
 */

// WCAG 2.x A/AA, and axe's best practices (landmarks, heading order): any of them fails the test when
// axe rates it serious or critical.
const RULES = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa', 'best-practice'];

/** Runs axe on what the page shows now and fails, listing each violation, on any serious or critical one. */
async function expectAccessible(page: Page, screen: string): Promise<void> {
  // Colours are measured once they settle: a theme change or a closing sheet fades for a moment.
  await settled(page);
  const results = await new AxeBuilder({ page }).withTags(RULES).analyze();
  const grave = results.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');
  const report = grave.flatMap((v) =>
    v.nodes.map(
      (node) =>
        `${v.id} [${v.impact}] ${node.target.join(' ')}: ${v.help}${node.failureSummary ? `\n    ${node.failureSummary.replace(/\n/g, '\n    ')}` : ''}`,
    ),
  );
  expect(report, `axe on ${screen}:\n${report.join('\n')}`).toEqual([]);
}

/**
 * An article page once what it draws after the text is there: the pre-read panel and the mark that
 * the article is kept for offline reading. Not "network idle": the service worker keeps the page's
 * data, images and dictionary pack behind it, so the network may not fall silent for long
 * (twice in three full runs it did not within 30 s, though every request answered).
 */
async function articleSettled(page: Page): Promise<void> {
  await expect(page.getByRole('region', { name: '读前概览' })).toBeVisible();
  await expect(page.locator('[data-offline="ready"]')).toBeAttached();
}

const PARAGRAPHS = [
  'After weeks of talks, the two towns negotiated a new agreement about the river. Both mayors said it was fair.',
  'The deal shares the water in dry summers and pays for a small bridge. Children will walk to school more safely.',
];

test('home and login of a visitor pass axe', async ({ page }) => {
  await page.goto('/');
  await expect(page.locator('main')).toBeVisible();
  await page.waitForLoadState('networkidle');
  await expectAccessible(page, 'home');
  await screenshots(page, 'home');

  await page.goto('/Login');
  await expect(page.getByLabel('手机号或用户名')).toBeVisible();
  await expectAccessible(page, 'login');
});

test('a reader’s Mine, word book and flashcard home pass axe', async ({ page, context, request, baseURL }) => {
  await newReader(request, context, baseURL!);
  await page.goto('/Mine');
  await page.waitForLoadState('networkidle');
  await expectAccessible(page, '/Mine');
  await screenshots(page, 'mine');

  await page.goto('/myword');
  await page.waitForLoadState('networkidle');
  await expectAccessible(page, 'word book');

  await page.goto('/flashcard');
  await page.waitForLoadState('networkidle');
  await expectAccessible(page, 'flashcard home');
});

test('an article, with the word sheet open, passes axe in the light and the dark theme', async ({ page, context, request, baseURL }) => {
  const id = await publishArticle(request, 'Two Towns Share a River', PARAGRAPHS);
  await newReader(request, context, baseURL!);
  await page.goto(`/article/${id}`);
  await expect(page.getByRole('heading', { name: 'Two Towns Share a River' })).toBeVisible();
  await articleSettled(page);
  await expectAccessible(page, 'article');

  await tapWord(page, 'negotiated');
  const sheet = page.getByRole('dialog', { name: 'negotiate' });
  await expect(sheet.getByRole('list', { name: '中文释义' })).toContainText('谈判');
  await expectAccessible(page, 'article with the word sheet');
  await page.keyboard.press('Escape');
  await expect(sheet).toHaveCount(0);

  await page.emulateMedia({ colorScheme: 'dark' });
  await expect(page.locator('html')).toHaveAttribute('data-theme', 'dark');
  await expectAccessible(page, 'article, dark theme');
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
