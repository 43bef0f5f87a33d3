import http from 'node:http';
import { expect, test } from '@playwright/test';
import { newReader } from './api';
import { ADMIN, logIn } from './helpers';

/** The fake weekly's port: the server under test may fetch it (playwright.config.ts allows it). */
const SITE_PORT = Number(process.env.E2E_FAKE_SITE_PORT ?? Number(process.env.E2E_PORT ?? 3100) + 1000);
const SITE = `http://127.0.0.1:${SITE_PORT}`;

const story = (title: string, lines: string[]) =>
  `<!doctype html><html><head><meta charset="utf-8"><title>${title}</title></head><body><nav><a href="/">Home</a></nav>
<article><h1>${title}</h1>${lines.map((l) => `<p>${l}</p>`).join('')}</article></body></html>`;

const PAGES: Record<string, string> = {
  '/weekly/2026-11-21': `<!doctype html><html><head><meta charset="utf-8"><title>The E2E Weekly</title></head><body>
<header><nav><a href="/subscribe">Subscribe</a></nav></header><main><h1>This week</h1>
<h2>Leaders</h2><h3><a href="/weekly/2026/11/21/lanterns-by-the-river">Lanterns by the river</a></h3>
<h2>Science</h2><h3><a href="/weekly/2026/11/21/bees-in-the-city">Bees in the city</a></h3><a href="/about">About us</a></main></body></html>`,
  '/weekly/2026/11/21/lanterns-by-the-river': story('Lanterns by the river', [
    'Every autumn the old town hangs paper lanterns along the river, and families walk slowly under them after dinner.',
    'The lanterns are made by hand in small workshops, where older craftsmen teach students how to bend the bamboo frames.',
    'This year the festival added quiet evenings without music, so that visitors could listen to the water and talk.',
  ]),
  '/weekly/2026/11/21/bees-in-the-city': story('Bees in the city', [
    'Beekeepers have placed hives on the roofs of three libraries, and the bees now visit parks and balconies across the city.',
    'Scientists say that city bees find a wider mix of flowers than bees on farms, which keeps the colonies healthy.',
    'The libraries sell the honey each spring and use the money to buy new books for the children’s rooms.',
  ]),
};

let site: http.Server;

test.beforeAll(async () => {
  site = http.createServer((req, res) => {
    const body = PAGES[req.url ?? ''];
    if (!body) res.writeHead(404, { 'content-type': 'text/html' }).end('<h1>Not found</h1>');
    else res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' }).end(body);
  });
  await new Promise<void>((resolve) => site.listen(SITE_PORT, '127.0.0.1', resolve));
});
test.afterAll(() => new Promise<void>((resolve) => site.close(() => resolve())));

test('a manager brings a whole issue in from its contents page and publishes it; a reader reads it through', async ({
  page,
  browser,
  request,
  baseURL,
}) => {
  await logIn(page, ADMIN.phone, ADMIN.password);
  await page.goto('/admin/magazine');
  await page.getByLabel('刊名').fill('The E2E Weekly');
  await page.getByLabel('期号').fill('2026-11-21');
  await page.getByLabel('目录页地址').fill(`${SITE}/weekly/2026-11-21`);
  await page.getByRole('button', { name: '新建', exact: true }).click();
  await page.getByRole('link', { name: /The E2E Weekly/ }).click();

  await page.getByRole('button', { name: '抓取目录' }).click();
  await expect(page.getByText('找到 2 篇文章（新增 2 篇），2 个分区')).toBeVisible();
  await expect(page.getByRole('region', { name: 'Leaders' }).getByText('Lanterns by the river')).toBeVisible();
  await page.getByRole('button', { name: /下载文章/ }).click();
  await expect(page.getByText('下载完成：成功 2 篇，失败 0 篇')).toBeVisible();
  await expect(page.locator('.magazine-state[data-state="downloaded"]')).toHaveCount(2);

  await page.getByRole('button', { name: '通过本期' }).click();
  await expect(page.locator('.magazine-review-chip[data-review="approved"]')).toHaveCount(2);
  await page.getByRole('button', { name: '发布本期' }).click();
  await expect(page.locator('.magazine-status[data-status="published"]')).toBeVisible();

  // A reader finds the issue on /explore, opens it, reads an article and goes on to the next.
  const context = await browser.newContext();
  await newReader(request, context, baseURL!);
  const reader = await context.newPage();
  await reader.goto('/explore');
  await reader.getByRole('link', { name: /The E2E Weekly/ }).click();
  await expect(reader).toHaveURL(/\/magazine\/\d+$/);
  await expect(reader.getByRole('region', { name: 'Science' }).getByText('Bees in the city')).toBeVisible();
  await reader.getByText('Lanterns by the river').click();
  // The body paragraph (the summary at the top says the same words).
  await expect(reader.locator('[data-pid]:not([data-pid="summary"])', { hasText: 'paper lanterns along the river' })).toBeVisible();
  const next = reader.getByRole('navigation', { name: '本期导航' });
  await expect(next.getByText('第 1/2 篇')).toBeVisible();
  await next.getByRole('link', { name: /Bees in the city/ }).click();
  await expect(reader.locator('[data-pid]:not([data-pid="summary"])', { hasText: 'hives on the roofs of three libraries' })).toBeVisible();
  await expect(reader.getByText('已读到本期最后一篇')).toBeVisible();
  await context.close();
});
