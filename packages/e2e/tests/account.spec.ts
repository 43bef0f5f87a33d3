import { expect, test } from '@playwright/test';
import { logIn, uniquePhone } from './helpers';

test('a reader registers, logs in, changes the username and logs out', async ({ page, context }) => {
  const phone = uniquePhone();
  const password = 'reading2026';

  await page.goto('/Register');
  await page.getByLabel('手机号', { exact: true }).fill(phone);
  await page.getByLabel('密码', { exact: true }).fill(password);
  await page.getByLabel('确认密码').fill(password);
  await page.getByRole('button', { name: '注册', exact: true }).click();
  await expect(page.getByText(/读者\d{6}/).first()).toBeVisible();
  expect((await context.cookies()).some((c) => c.name === 'bb_token')).toBe(true);

  await page.goto('/Mine');
  await page.getByRole('button', { name: '退出登录' }).click();
  await expect(
    page
      .getByRole('link', { name: '登录' })
      .or(page.getByRole('button', { name: '登录' }))
      .first(),
  ).toBeVisible();
  expect((await context.cookies()).some((c) => c.name === 'bb_token')).toBe(false);

  await logIn(page, phone, password);
  await page.goto('/change_username');
  const name = `晨读_${phone.slice(-4)}`;
  await page.getByLabel('新用户名').fill(name);
  await page.getByRole('button', { name: '保存' }).click();
  // The app returns to /Mine once the server has saved the name.
  await expect(page).toHaveURL(/\/Mine/);
  await expect(page.getByTestId('mine-username')).toHaveText(name);
  await page.reload();
  await expect(page.getByTestId('mine-username')).toHaveText(name);

  await page.getByRole('button', { name: '退出登录' }).click();
  expect((await context.cookies()).some((c) => c.name === 'bb_token')).toBe(false);
  await page.goto('/Mine');
  await expect(page.getByText(name)).toHaveCount(0);
});

test('a wrong password shows the server’s message and stays on the login page', async ({ page }) => {
  await page.goto('/Login');
  await page.getByLabel('手机号或用户名').fill('13999999999');
  await page.getByLabel('密码', { exact: true }).fill('not-the-password1');
  await page.getByRole('button', { name: '登录', exact: true }).click();
  await expect(page.getByText('账号或密码不正确')).toBeVisible();
  await expect(page).toHaveURL(/\/Login/);
});
