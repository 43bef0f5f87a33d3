import AxeBuilder from '@axe-core/playwright';
import { expect, test, type Page } from '@playwright/test';
import { newReader, publishArticle } from './api';
import { tapWord } from './helpers';

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
  await page.evaluate(() =>
    Promise.all(
      document
        .getAnimations()
        .filter((a) => a.effect?.getComputedTiming().endTime !== Infinity)
        .map((a) => a.finished.catch(() => undefined)),
    ),
  );
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

const PARAGRAPHS = [
  'After weeks of talks, the two towns negotiated a new agreement about the river. Both mayors said it was fair.',
  'The deal shares the water in dry summers and pays for a small bridge. Children will walk to school more safely.',
];

test('home and login of a visitor pass axe', async ({ page }) => {
  await page.goto('/');
  await expect(page.locator('main')).toBeVisible();
  await page.waitForLoadState('networkidle');
  await expectAccessible(page, 'home');

  await page.goto('/Login');
  await expect(page.getByLabel('手机号或用户名')).toBeVisible();
  await expectAccessible(page, 'login');
});

test('a reader’s Mine, word book and flashcard home pass axe', async ({ page, context, request, baseURL }) => {
  await newReader(request, context, baseURL!);
  await page.goto('/Mine');
  await page.waitForLoadState('networkidle');
  await expectAccessible(page, '/Mine');

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
  await page.waitForLoadState('networkidle');
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
