import { expect, test } from '@playwright/test';
import { ADMIN, logIn } from './helpers';

const TITLE = 'A Day in Lisbon Without My Phone';

test('a manager takes a feed item to a published article, and a reader finds and opens it', async ({ page, browser }) => {
  await logIn(page, ADMIN.phone, ADMIN.password);

  await page.goto('/admin/rss');
  await page.getByRole('button', { name: '添加演示源' }).click();
  await expect(page.getByText('Changdu Originals (demo feed)').first()).toBeVisible();
  // Other specs may have added feeds of their own: crawl the demo feed's card.
  const demoFeed = page.locator('li.feed-card', { hasText: 'Changdu Originals (demo feed)' }).first();
  await demoFeed.getByRole('button', { name: '抓取', exact: true }).click();
  await expect(page.getByText(/新增 2 条/)).toBeVisible();

  // A finished crawl opens its feed's items by itself (a click on 查看条目 then would race it).
  await expect(page.getByRole('button', { name: '收起条目' })).toBeVisible();
  const row = page.locator('li.feed-item', { hasText: TITLE });
  await row.getByRole('button', { name: '下载' }).click();
  await row.getByRole('link', { name: '查看草稿' }).click();
  await expect(page).toHaveURL(/\/admin\/article\/\d+/);
  const articleUrl = page.url().replace(/.*\/admin\/article\//, '/article/');

  await page.getByLabel('中文标题').fill('没有手机的里斯本一日');
  await page.getByRole('button', { name: '保存', exact: true }).click();
  await expect(page.getByText('已保存').first()).toBeVisible();

  const publish = page.getByRole('form', { name: '发布' });
  await publish.getByLabel('状态').selectOption('published');
  await publish.getByRole('button', { name: '发布' }).click();
  // A feed item has no Chinese yet: publishing goes through and says what is missing.
  await expect(page.getByText(/已发布，但还没有译文/).first()).toBeVisible();

  // A reader who never logged in finds it on the home list and by search, and opens it.
  const readerContext = await browser.newContext();
  const reader = await readerContext.newPage();
  // The item keeps its feed's date, so "latest" may list it below what other specs published today:
  // the reader scrolls (the list loads more as its end nears) until it shows.
  await reader.goto('/?tab=latest');
  const latest = reader.getByRole('list', { name: '最新文章' });
  await expect(async () => {
    await latest.getByRole('listitem').last().scrollIntoViewIfNeeded();
    await expect(latest.getByText(TITLE).first()).toBeVisible({ timeout: 1_000 });
  }).toPass({ timeout: 30_000 });
  await reader.goto('/Search');
  await reader.getByLabel('搜索文章').fill('Lisbon phone');
  await reader.getByLabel('搜索文章').press('Enter');
  await expect(reader.locator('mark').first()).toBeVisible();
  await reader.getByText(TITLE).first().click();
  await expect(reader).toHaveURL(new RegExp(`${articleUrl}$`));
  await expect(reader.getByRole('heading', { name: TITLE })).toBeVisible();
  await expect(reader.getByText('没有手机的里斯本一日').first()).toBeVisible();
  await readerContext.close();
});
