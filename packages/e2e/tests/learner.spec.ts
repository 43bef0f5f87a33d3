import { expect, test } from '@playwright/test';
import { newReader, publishArticle } from './api';
import { screenshots } from './helpers';

test('a new reader takes the placement, sees an article’s known share and new words, knows the rest, and the home card’s share changes', async ({
  page,
  context,
  request,
  baseURL,
}) => {
  test.setTimeout(90_000);
  const title = 'The Orchard Cooperative';
  await publishArticle(request, title, [
    'The farmers negotiated with the cooperative for months. Their contract was finally signed in spring.',
    'Every autumn the orchard yields apples, pears and quinces, which the villagers preserve in cellars.',
  ]);
  await newReader(request, context, baseURL!);

  // The placement test: a real word (the dictionary has it) is known when short, a made-up one never.
  await page.goto('/learner/placement');
  await page.getByRole('button', { name: '开始测试' }).click();
  for (let i = 0; i < 48; i++) {
    const word = (await page.getByTestId('placement-word').textContent())!.trim();
    const real = (await request.get(`/api/english/word?word=${encodeURIComponent(word)}`)).status() === 200;
    await page.getByRole('button', { name: real && word.length <= 6 ? '认识' : '不认识', exact: true }).click();
    if (i < 47) await expect(page.getByText(`${i + 2} / 48`)).toBeVisible();
  }
  await expect(page.getByTestId('placement-estimate')).toHaveText(/^[\d,]+$/);

  // Home: the card carries the reader's known share.
  await page.goto('/?tab=latest');
  const card = page.locator('.article-card', { hasText: title });
  const share = card.locator('.chip-known');
  await expect(share).toHaveText(/^认识 \d+%$/);
  const before = Number((await share.textContent())!.match(/\d+/)![0]);
  expect(before).toBeLessThan(100);

  // The article: the pre-read panel before the text, with the share and new words in their sentences.
  await card.click();
  const panel = page.getByTestId('preread');
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  const firstParagraphTop = () => page.locator('[data-pid]').first().evaluate((p) => p.getBoundingClientRect().top + window.scrollY);
  const top = await firstParagraphTop();
  await expect(panel.getByTestId('preread-known')).toHaveText(`${before}%`);
  // The figures arrived in the panel's kept place: the text did not move.
  expect(await firstParagraphTop()).toBe(top);
  await panel.getByRole('button', { name: /^生词 \d+$/ }).click();
  const firstWord = panel.locator('.preread-word').first();
  await expect(firstWord).toBeVisible();
  await firstWord.click();
  await expect(panel.locator('.preread-sentence')).toBeVisible();
  await screenshots(page, 'preread');

  // Finishing: everything not in the word book becomes known.
  await page.getByRole('button', { name: '其余的词我都认识' }).click();
  await expect(page.getByText(/^已把 \d+ 个词标为认识/)).toBeVisible();

  await page.goto('/?tab=latest');
  await expect(page.locator('.article-card', { hasText: title }).locator('.chip-known')).toHaveText('认识 100%');

  // The profile on 我的 shows the known words and the estimate.
  await page.goto('/Mine');
  await expect(page.getByTestId('vocab-known')).not.toHaveText('0');
  await expect(page.getByRole('link', { name: '重新测试词汇量' })).toBeVisible();
});
