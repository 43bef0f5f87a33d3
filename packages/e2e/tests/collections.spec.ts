import { expect, test } from '@playwright/test';
import { newReader, publishArticle } from './api';

const TITLES = ['Zephyrine Tides at Dawn', 'Zephyrine Winds in the Valley', 'Zephyrine Lights over the Harbour'];

test('a reader builds a collection of three articles and publishes it; another follows it and reads through it with "next"', async ({
  page,
  browser,
  request,
  baseURL,
}) => {
  test.setTimeout(120_000);
  for (const title of TITLES) {
    await publishArticle(request, title, [`${title} is a short story about the sea.`, 'It ends quietly, as the light fades.']);
  }

  // The author: builds the collection by searching, puts the articles in order, saves and publishes.
  await newReader(request, page.context(), baseURL!);
  await page.goto('/collection/new');
  await page.getByLabel('标题').fill('Zephyrine 三部曲');
  await page.getByLabel('搜索文章').fill('Zephyrine');
  await page.getByRole('button', { name: '搜索', exact: true }).click();
  for (const title of [TITLES[1]!, TITLES[0]!, TITLES[2]!]) await page.getByRole('button', { name: `添加《${title}》` }).click();
  const picked = page.getByRole('list', { name: '合集中的文章（按阅读顺序）' });
  await expect(picked.getByRole('listitem')).toHaveCount(3);
  // The first pick belongs second: drag it by its handle onto the second row…
  const handle = page.getByRole('button', { name: `拖动调整《${TITLES[1]!}》的位置` });
  const from = (await handle.boundingBox())!;
  const to = (await picked.getByRole('listitem').nth(1).boundingBox())!;
  await page.mouse.move(from.x + from.width / 2, from.y + from.height / 2);
  await page.mouse.down();
  await page.mouse.move(from.x + from.width / 2, to.y + to.height / 2 + 5, { steps: 8 });
  await page.mouse.up();
  await expect(picked.locator('.picked-title')).toHaveText(TITLES);
  // …and the up/down buttons do the same for those who cannot drag.
  await page.getByRole('button', { name: `下移《${TITLES[0]!}》` }).click();
  await expect(picked.locator('.picked-title')).toHaveText([TITLES[1]!, TITLES[0]!, TITLES[2]!]);
  await page.getByRole('button', { name: `上移《${TITLES[0]!}》` }).click();
  await expect(picked.locator('.picked-title')).toHaveText(TITLES);
  await page.getByRole('button', { name: '创建合集' }).click();
  await expect(page).toHaveURL(/\/collection\/\d+\/show$/);
  const collectionUrl = new URL(page.url()).pathname;
  await expect(page.getByText('仅自己可见')).toBeVisible();
  await page.getByRole('button', { name: '公开', exact: true }).click();
  await expect(page.getByRole('button', { name: '撤回公开' })).toBeVisible();
  // The owner does not follow their own list.
  await expect(page.getByRole('button', { name: '+ 关注' })).toHaveCount(0);

  // Another reader: finds it, follows it and reads it through with "next".
  const context = await browser.newContext({ ...test.info().project.use, baseURL });
  const reader = await context.newPage();
  await newReader(request, context, baseURL!);
  await reader.goto(collectionUrl);
  await expect(reader.getByRole('heading', { name: 'Zephyrine 三部曲', level: 2 })).toBeVisible();
  await expect(reader.getByRole('list', { name: '合集中的文章' }).locator('.reading-card-title')).toHaveText(TITLES);
  await reader.getByRole('button', { name: '+ 关注' }).click();
  await expect(reader.getByRole('button', { name: '已关注' })).toBeVisible();

  await reader.getByRole('link', { name: '开始阅读' }).click();
  for (const [index, title] of TITLES.entries()) {
    await expect(reader.getByRole('heading', { name: title })).toBeVisible();
    const nav = reader.getByRole('navigation', { name: '合集导航' });
    await expect(nav).toContainText(`第 ${index + 1}/3 篇`);
    if (index < TITLES.length - 1) {
      await nav.getByRole('link', { name: new RegExp(`下一篇.*${TITLES[index + 1]!}`) }).click();
    } else {
      await expect(nav).toContainText('已读到合集最后一篇');
    }
  }

  await reader.goto('/collection/follow');
  await expect(reader.getByRole('list', { name: '关注的合集' })).toContainText('Zephyrine 三部曲');
  await context.close();
});
