import { expect, test, type APIRequestContext } from '@playwright/test';
import { newReader, publishArticle } from './api';

// A long article: a reader scrolls a screen at a time and never reaches its end in three minutes.
const PARAGRAPHS = Array.from(
  { length: 60 },
  (_, i) =>
    `Paragraph ${i + 1}. The river towns kept their old bridges in good repair, and every spring the people walked along the banks to see how high the water had come. ` +
    'Children counted the boats, farmers watched the fields, and the mayors wrote down what the winter had broken, so that the summer could mend it before the next rains.',
);

/** Seconds between one scroll and the next, as a person reads: 15–40 s, and once a minute on one paragraph. */
const PAUSES_S = [22, 35, 16, 60, 28, 19];

/** Credited seconds of today, as the read-data screen's API tells them. */
async function creditedToday(request: APIRequestContext, token: string): Promise<number> {
  const body = await (await request.get('/reader/history/data/today', { headers: { authorization: `Bearer ${token}` } })).json();
  return (body as { result: { seconds: number } }).result.seconds;
}

test('three minutes of reading as a person reads are credited within 10%, and the read-data screen and the rank show them', async ({
  page,
  context,
  request,
  baseURL,
}) => {
  test.setTimeout(5 * 60_000);
  const id = await publishArticle(request, 'Bridges Along the River', PARAGRAPHS);
  const { token } = await newReader(request, context, baseURL!);
  await page.goto(`/article/${id}`);
  await expect(page.getByRole('heading', { name: 'Bridges Along the River' })).toBeVisible();
  const opened = Date.now();

  for (const pause of PAUSES_S) {
    await page.waitForTimeout(pause * 1000);
    await page.mouse.wheel(0, 600);
  }
  // Everything from opening the article to leaving it was visible and active.
  const active = (Date.now() - opened) / 1000;
  // Leaving the page the way a reader closes it: its last report may go down with it, and the next page sends it.
  await page.goto('/read_data');

  await expect.poll(() => creditedToday(request, token), { timeout: 10_000 }).toBeGreaterThanOrEqual(Math.floor(active * 0.9));
  const credited = await creditedToday(request, token);
  expect(credited).toBeLessThanOrEqual(Math.ceil(active * 1.1));

  // The screens agree with the credited seconds: three minutes, never 0.
  const minutes = Math.round(credited / 60);
  await expect(page.getByTestId('stat-minutes')).toHaveText(`${minutes}分钟`);
  await expect(page.getByText(`共读 ${minutes} 分钟`)).toBeVisible();
  await expect(page.getByTestId('heatmap')).toHaveAttribute('aria-label', /：1 天有阅读/);
  await expect(page.locator('.heatmap rect.hm-1, .heatmap rect.hm-2').first()).toBeVisible();

  await page.goto('/Rank');
  await expect(page.getByRole('region', { name: '我的名次' })).toContainText(`${minutes} 分钟`);
});
