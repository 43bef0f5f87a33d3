import { expect, test } from '@playwright/test';
import { newReader, publishArticle } from './api';

// The e2e server runs without AI_BASE_URL: AI help answers with the offline provider, streamed
// through the same server-sent-events path a model's answer takes.
const PARAGRAPHS = [
  'The city council approved a new budget for public libraries on Monday. Librarians welcomed the decision.',
  'The money will pay for longer opening hours and thousands of new books for children.',
  'Critics argued that the council should have spent the budget on road repairs instead.',
];

test('a reader selects a sentence, asks AI, sees the streamed answer with a citation link, and finds it again on /askai', async ({
  page,
  context,
  request,
  baseURL,
}) => {
  test.setTimeout(90_000);
  const id = await publishArticle(request, 'Libraries Get a New Budget', PARAGRAPHS);
  await newReader(request, context, baseURL!);
  await page.goto(`/article/${id}`);
  await expect(page.getByRole('heading', { name: 'Libraries Get a New Budget' })).toBeVisible();
  // The summary card: offline, the key sentences.
  await expect(page.locator('.ai-summary')).toContainText('要点句');

  // Select the third paragraph's sentence and ask about it.
  await page.evaluate(() => {
    const paragraph = document.querySelectorAll('[data-pid]')[2]!;
    const words = Array.from(paragraph.querySelectorAll('span.w'));
    const range = document.createRange();
    range.setStartBefore(words[0]!);
    range.setEndAfter(words[words.length - 1]!);
    const selection = window.getSelection()!;
    selection.removeAllRanges();
    selection.addRange(range);
    document.dispatchEvent(new MouseEvent('mouseup', { bubbles: true }));
  });
  await page.getByRole('toolbar', { name: '划线工具' }).getByRole('button', { name: '问 AI' }).click();
  const sheet = page.getByRole('dialog', { name: '问 AI' });
  await sheet.getByRole('textbox', { name: '你的问题' }).fill('Why did critics disagree about road repairs?');
  const streamed = page.waitForResponse((r) => r.url().endsWith('/api/ai/ask') && r.headers()['content-type']?.startsWith('text/event-stream') === true);
  await sheet.getByRole('button', { name: '提问' }).click();
  expect((await streamed).ok()).toBe(true);
  await expect(sheet.locator('.ai-answer')).toContainText('road repairs');
  await expect(sheet.getByText('离线结果')).toBeVisible();

  // The cited paragraph is a link: it scrolls to the paragraph and flashes it.
  const cite = sheet.locator('.ai-cite').first();
  await expect(cite).toBeVisible();
  await cite.click();
  await expect(page.locator('[data-pid].is-flashing')).toContainText('road repairs');

  // The question is kept: /askai lists it, and its page shows the answer with its citations.
  await sheet.getByRole('link', { name: '在「我的提问」中查看' }).click();
  await expect(page).toHaveURL(/\/askai\/\d+$/);
  await expect(page.getByText('Why did critics disagree about road repairs?')).toBeVisible();
  await expect(page.locator('.ai-citations .ai-cite').first()).toBeVisible();
  await page.goto('/askai');
  await page.getByText('Why did critics disagree about road repairs?').click();
  await expect(page).toHaveURL(/\/askai\/\d+$/);
  await expect(page.locator('.ai-answer')).toContainText('road repairs');
});
