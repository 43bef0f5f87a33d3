import AxeBuilder from '@axe-core/playwright';
import { expect, test, type Page } from '@playwright/test';
import { settled } from './helpers';

// WCAG 2.x A/AA, and axe's best practices (landmarks, heading order): any of them fails the test when
// axe rates it serious or critical.
const RULES = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa', 'best-practice'];

/** The themes of tokens.css; light is the default. */
export type Theme = 'light' | 'dark' | 'black';

/**
 * Runs axe on what the page shows now and fails, listing each violation, on any serious or critical
 * one. `only` narrows the run to some rules (a theme's second look needs only the colours).
 */
export async function expectAccessible(page: Page, screen: string, only?: string[]): Promise<void> {
  // Colours are measured once they settle: a theme change or a closing sheet fades for a moment.
  await settled(page);
  const builder = new AxeBuilder({ page });
  const results = await (only ? builder.withRules(only) : builder.withTags(RULES)).analyze();
  const grave = results.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');
  const report = grave.flatMap((v) =>
    v.nodes.map(
      (node) =>
        `${v.id} [${v.impact}] ${node.target.join(' ')}: ${v.help}${node.failureSummary ? `\n    ${node.failureSummary.replace(/\n/g, '\n    ')}` : ''}`,
    ),
  );
  expect(report, `axe on ${screen}:\n${report.join('\n')}`).toEqual([]);
}

/** Shows the page in a theme, as the app's theme setting does (`<html data-theme>`), without reloading it. */
export async function useTheme(page: Page, theme: Theme): Promise<void> {
  await page.evaluate((theme) => (document.documentElement.dataset.theme = theme), theme);
}

/**
 * The screen passes axe in the light theme, and its colours in the dark theme too (the other rules
 * do not change with the theme). The black theme shares the dark theme's text tokens on darker
 * grounds; it is checked on the reading screen with its sheet (a11y.spec.ts), not on every route:
 * a third run per route cost ~3 minutes of CI and found nothing on 74 screens.
 */
export async function expectAccessibleInEveryTheme(page: Page, screen: string): Promise<void> {
  await expectAccessible(page, screen);
  for (const theme of ['dark'] as const) {
    await useTheme(page, theme);
    await expectAccessible(page, `${screen}, ${theme} theme`, ['color-contrast', 'link-in-text-block']);
  }
  await useTheme(page, 'light');
}

/**
 * With A11Y_SCREENSHOTS set, keeps the screen as it is now in each theme with the test's results,
 * to look at after a change of colours (off by default: three pictures a screen cost time).
 */
export async function themeScreenshots(page: Page, name: string): Promise<void> {
  if (!process.env.A11Y_SCREENSHOTS) return;
  const file = name.replace(/[^A-Za-z0-9_-]+/g, '_').replace(/^_+|_+$/g, '') || 'home';
  for (const theme of ['light', 'dark', 'black'] as const) {
    await useTheme(page, theme);
    await settled(page);
    await page.screenshot({ path: test.info().outputPath(`${file}-${theme}.png`), fullPage: true });
  }
  await useTheme(page, 'light');
}

/** The screen has drawn what it loads: its loading indicators are gone. */
export async function screenLoaded(page: Page): Promise<void> {
  await expect(page.locator('main').first()).toBeVisible();
  await expect(page.locator('.spinner-wrap')).toHaveCount(0);
}
