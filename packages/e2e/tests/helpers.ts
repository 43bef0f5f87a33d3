import { expect, type Page } from '@playwright/test';

export const ADMIN = { phone: '13600000000', password: 'e2e-admin-pass1' };

/** A phone number no other test uses. */
export function uniquePhone(): string {
  return `139${String(Date.now()).slice(-8)}`;
}

export async function logIn(page: Page, account: string, password: string) {
  await page.goto('/Login');
  await page.getByLabel('手机号或用户名').fill(account);
  await page.getByLabel('密码', { exact: true }).fill(password);
  await page.getByRole('button', { name: '登录', exact: true }).click();
  await expect(page).not.toHaveURL(/\/Login/);
}
