import { expect, test } from '@playwright/test';
import { newReader } from './api';
import { ADMIN, logIn } from './helpers';

test('the admin overview names its tools in words and the tab bar reaches 海报 and 客服', async ({ page }) => {
  await logIn(page, ADMIN.phone, ADMIN.password);
  await page.goto('/admin');
  const overview = page.locator('.admin-home');
  await expect(overview.getByRole('heading', { name: '海报', exact: true })).toBeVisible();
  // A manager reads labels, not the app's addresses.
  await expect(overview).not.toContainText('/admin/');

  const tabs = page.getByRole('navigation', { name: '管理后台导航' });
  await tabs.getByRole('link', { name: '海报', exact: true }).click();
  await expect(page).toHaveURL(/\/admin\/poster$/);
  await expect(tabs.getByRole('link', { name: '海报', exact: true })).toHaveAttribute('aria-current', 'page');
  await tabs.getByRole('link', { name: '客服', exact: true }).click();
  await expect(page).toHaveURL(/\/admin\/qywx$/);
  await expect(tabs.getByRole('link', { name: '客服', exact: true })).toHaveAttribute('aria-current', 'page');
});

test('/trial says why it asks for a 小红书号', async ({ page, request, context, baseURL }) => {
  await newReader(request, context, baseURL!);
  await page.goto('/trial');
  const field = page.getByLabel('小红书号');
  await expect(field).toBeVisible();
  await expect(field).toHaveAccessibleDescription(/每人限领一次/);
});
