import { expect, test, type BrowserContext, type Page } from '@playwright/test';
import { logIn, uniquePhone } from './helpers';

/** The session cookie as the browser holds it, or undefined. */
async function sessionCookie(context: BrowserContext) {
  return (await context.cookies()).find((c) => c.name === 'bb_token');
}

/** What the page's own script can see of the cookies. */
const scriptCookies = (page: Page) => page.evaluate(() => document.cookie);

const loggedOutCard = (page: Page) =>
  page
    .getByRole('link', { name: '登录' })
    .or(page.getByRole('button', { name: '登录' }))
    .first();

test('a reader registers, logs in, changes the username and logs out', async ({ page, context }) => {
  const phone = uniquePhone();
  const password = 'reading2026';

  await page.goto('/Register');
  await page.getByLabel('手机号', { exact: true }).fill(phone);
  await page.getByLabel('密码', { exact: true }).fill(password);
  await page.getByLabel('确认密码').fill(password);
  await page.getByRole('button', { name: '注册', exact: true }).click();
  await expect(page.getByText(/读者\d{6}/).first()).toBeVisible();
  // The server set the session cookie, out of reach of the page's script.
  const registered = await sessionCookie(context);
  expect(registered?.httpOnly).toBe(true);
  expect(registered?.sameSite).toBe('Lax');
  expect(await scriptCookies(page)).not.toContain('bb_token');
  expect(await scriptCookies(page)).not.toContain(registered!.value);

  await page.goto('/Mine');
  await page.getByRole('button', { name: '退出登录' }).click();
  await expect(loggedOutCard(page)).toBeVisible();
  await expect.poll(() => sessionCookie(context)).toBeUndefined();
  await page.reload();
  await expect(loggedOutCard(page)).toBeVisible();

  await logIn(page, phone, password);
  expect((await sessionCookie(context))?.httpOnly).toBe(true);
  expect(await scriptCookies(page)).not.toContain('bb_token');
  await page.goto('/change_username');
  const name = `晨读_${phone.slice(-4)}`;
  await page.getByLabel('新用户名').fill(name);
  await page.getByRole('button', { name: '保存' }).click();
  // The app returns to /Mine once the server has saved the name.
  await expect(page).toHaveURL(/\/Mine/);
  await expect(page.getByTestId('mine-username')).toHaveText(name);
  // A reload keeps the session: the page asks the server, which knows the cookie.
  await page.reload();
  await expect(page.getByTestId('mine-username')).toHaveText(name);
  expect(await scriptCookies(page)).not.toContain('bb_token');

  await page.getByRole('button', { name: '退出登录' }).click();
  await expect(loggedOutCard(page)).toBeVisible();
  await expect.poll(() => sessionCookie(context)).toBeUndefined();
  await page.reload();
  await expect(loggedOutCard(page)).toBeVisible();
  await expect(page.getByText(name)).toHaveCount(0);
});

test('a cross-site write carrying only the session cookie is refused; the app’s own call goes through', async ({ page, context }) => {
  const phone = uniquePhone();
  await page.goto('/Register');
  await page.getByLabel('手机号', { exact: true }).fill(phone);
  await page.getByLabel('密码', { exact: true }).fill('reading2026');
  await page.getByLabel('确认密码').fill('reading2026');
  await page.getByRole('button', { name: '注册', exact: true }).click();
  await expect(page.getByText(/读者\d{6}/).first()).toBeVisible();
  expect(await sessionCookie(context)).toBeDefined();

  // What a foreign page's form could make the browser send: the cookie, no app header.
  const forged = await page.evaluate(async () => {
    const res = await fetch('/api/user/change_username', {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ username: 'forged_name' }),
    });
    return res.status;
  });
  expect(forged).toBe(401);
  const own = await page.evaluate(async () => {
    const res = await fetch('/api/user/me', { headers: { 'X-Requested-With': 'changdu' } });
    return ((await res.json()) as { result: { phone: string } | null }).result?.phone ?? null;
  });
  expect(own).toBe(phone);
});

test('a wrong password shows the server’s message and stays on the login page', async ({ page }) => {
  await page.goto('/Login');
  await page.getByLabel('手机号或用户名').fill('13999999999');
  await page.getByLabel('密码', { exact: true }).fill('not-the-password1');
  await page.getByRole('button', { name: '登录', exact: true }).click();
  await expect(page.getByText('账号或密码不正确')).toBeVisible();
  await expect(page).toHaveURL(/\/Login/);
});
