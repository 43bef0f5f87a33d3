import { expect, test } from '@playwright/test';

test('an unknown path shows "Page Not Found"', async ({ page }) => {
  const response = await page.goto('/no/such/page');
  expect(response?.status()).toBe(200);
  await expect(page.getByText('Page Not Found')).toBeVisible();
  // The specification's text stays, with a Chinese line beside it for a learner.
  await expect(page.getByText('页面不存在', { exact: true })).toBeVisible();
});

test('the page has a Chinese title and the mobile web-app tags', async ({ page }) => {
  await page.goto('/About');
  await expect(page).toHaveTitle(/畅读/);
  await expect(page.locator('link[rel="manifest"]')).toHaveCount(1);
  await expect(page.locator('meta[name="viewport"]')).toHaveCount(1);
});
