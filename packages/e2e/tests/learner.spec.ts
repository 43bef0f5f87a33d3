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
    'Along the south wall of the oldest barn grows a pear tree trained as an espalier.',
  ]);
  await newReader(request, context, baseURL!);

  // The placement test: every real word (the dictionary has it) is known, a made-up one never. The
  // reader's level then runs to the end of the test's pool (rank 30,000), so the article's common
  // words are known whatever items this reader drew: an answer that depends on the items (say, a
  // long word unknown) can leave the first band under 0.8, nothing known, and no underlines at all.
  await page.goto('/learner/placement');
  await page.getByRole('button', { name: '开始测试' }).click();
  for (let i = 0; i < 48; i++) {
    const word = (await page.getByTestId('placement-word').textContent())!.trim();
    // An unknown word is an answer too (HTTP 200, `found: false`), so the body tells, not the status.
    const lookup = await request.get(`/api/english/word?word=${encodeURIComponent(word)}`);
    const real = lookup.ok() && (await lookup.json()).result?.found !== false;
    await page.getByRole('button', { name: real ? '认识' : '不认识', exact: true }).click();
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
  const firstParagraphTop = () =>
    page
      .locator('[data-pid]')
      .first()
      .evaluate((p) => p.getBoundingClientRect().top + window.scrollY);
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

  // In the text, a rare word new to this reader is underlined (espalier ranks past every word the
  // placement may mark known: its pool ends at rank 30,000); a function word never is.
  const fresh = page.locator('.reader-body .w-fresh');
  await expect(fresh.filter({ hasText: /^espalier$/ })).toHaveCount(1);
  await expect(fresh.filter({ hasText: /^for$/ })).toHaveCount(0);

  // Finishing: everything not in the word book becomes known, and the underlines go.
  await page.getByRole('button', { name: '其余的词我都认识' }).click();
  await expect(page.getByText(/^已把 \d+ 个词标为认识/)).toBeVisible();
  await expect(fresh).toHaveCount(0);

  await page.goto('/?tab=latest');
  await expect(page.locator('.article-card', { hasText: title }).locator('.chip-known')).toHaveText('认识 100%');

  // The profile on 我的 shows the known words and the estimate.
  await page.goto('/Mine');
  await expect(page.getByTestId('vocab-known')).not.toHaveText('0');
  await expect(page.getByRole('link', { name: '重新测试词汇量' })).toBeVisible();
});

test('a reader imports a word list file and the words count as known', async ({ page, context, request, baseURL }) => {
  await newReader(request, context, baseURL!);
  await page.goto('/learner/import');
  await page.getByLabel('选择词表文件').setInputFiles({
    name: 'anki-export.txt',
    mimeType: 'text/plain',
    buffer: Buffer.from('#separator:tab\n<b>orchard</b>\t果园\nquince\t榅桲\ntake off\t起飞\n'),
  });
  await expect(page.getByText(/识别出 2 个单词，跳过 1 行/)).toBeVisible();
  await page.getByRole('button', { name: '导入并标为认识' }).click();
  await expect(page.getByText('导入完成：新标记 2 个词为认识', { exact: false })).toBeVisible();
  await page.getByRole('link', { name: '看我的词汇' }).click();
  await expect(page.getByTestId('vocab-known')).toHaveText('2');
});
