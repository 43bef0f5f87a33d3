import { expect, test } from '@playwright/test';
import { ADMIN, logIn } from './helpers';

test('a manager sees a new visitor’s visit in /admin/visitor', async ({ browser, page }) => {
  const visitorContext = await browser.newContext();
  const visitor = await visitorContext.newPage();
  const logged = visitor.waitForRequest((r) => r.url().endsWith('/api/log') && (r.postData() ?? '').includes('/About'));
  await visitor.goto('/About');
  await logged;
  const cuid = (await visitorContext.cookies()).find((c) => c.name === 'bb_cuid')?.value;
  expect(cuid).toBeTruthy();
  await visitorContext.close();

  await logIn(page, ADMIN.phone, ADMIN.password);
  await page.goto('/admin/visitor');
  const row = page.getByText(cuid!.slice(0, 8)).first();
  await expect(row).toBeVisible();
  await row.click();
  await expect(page.getByText('PAGE_OPEN').first()).toBeVisible();
  await expect(page.getByText('/About').first()).toBeVisible();
});

test('a reader cannot open the admin screens', async ({ page }) => {
  await page.goto('/admin/visitor');
  await expect(page).toHaveURL(/\/Login|\/admin/);
  await expect(page.getByText('PAGE_OPEN')).toHaveCount(0);
});
