import { expect, test } from '@playwright/test';
import { newReader, publishArticle } from './api';

// The e2e server runs without AI_BASE_URL: AI help answers with the offline provider, streamed
// through the same server-sent-events path a model's answer takes.
const PARAGRAPHS = [
  'The city council approved a new budget for public libraries on Monday. Librarians welcomed the decision.',
  'The money will pay for longer opening hours and thousands of new books for children.',
  'Critics argued that the council should have spent the budget on road repairs instead.',
];

let id: number;

// Each test: a new article and a new reader, logged in.
test.beforeEach(async ({ context, request, baseURL }) => {
  test.setTimeout(90_000);
  id = await publishArticle(request, 'Libraries Get a New Budget', PARAGRAPHS);
  await newReader(request, context, baseURL!);
});

test('a reader selects a sentence, asks AI, sees the streamed answer with a citation link, and finds it again on /askai', async ({
  page,
}) => {
  await page.goto(`/article/${id}`);
  await expect(page.getByRole('heading', { name: 'Libraries Get a New Budget' })).toBeVisible();
  // The summary card: one closed row until the reader opens it.
  await expect(page.locator('.ai-summary')).toContainText('展开');

  // Select the third paragraph's sentence and ask about it.
  await page.evaluate(() => {
    const paragraph = document.querySelectorAll('[data-pid]')[2]!;
    const range = document.createRange();
    range.selectNodeContents(paragraph);
    const selection = window.getSelection()!;
    selection.removeAllRanges();
    selection.addRange(range);
    document.dispatchEvent(new MouseEvent('mouseup', { bubbles: true }));
  });
  await page.getByRole('toolbar', { name: '划线工具' }).getByRole('button', { name: '问 AI' }).click();
  const sheet = page.getByRole('dialog', { name: '问 AI' });
  await sheet.getByRole('textbox', { name: '你的问题' }).fill('Why did critics disagree about road repairs?');
  const streamed = page.waitForResponse(
    (r) => r.url().endsWith('/api/ai/ask') && r.headers()['content-type']?.startsWith('text/event-stream') === true,
  );
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

test('the summary card arrives as a stream; the comprehension questions check answers and offer missed words for the word book', async ({
  page,
}) => {
  const asked: string[] = [];
  page.on('request', (r) => {
    if (r.url().includes('/api/ai/summary?')) asked.push(r.url());
  });
  await page.goto(`/article/${id}`);
  // The card is one closed row (the text under it never moves) that asks for nothing while closed:
  // no stream is started, and none is cut when the reader leaves.
  const card = page.locator('.ai-summary');
  await expect(card).toContainText('展开');
  await page.mouse.wheel(0, 400);
  await page.waitForTimeout(1500);
  expect(asked).toEqual([]);
  const summary = page.waitForResponse((r) => r.url().includes('/api/ai/summary?') && r.url().includes('stream=true'));
  await card.getByText('展开').click();
  expect((await summary).headers()['content-type']).toContain('text/event-stream');
  await expect(card).toContainText('要点句');
  await expect(card).toContainText('离线结果');
  await card.getByRole('link', { name: '读完了？做几道理解题' }).click();
  await expect(page).toHaveURL(new RegExp(`/flashcard/articleQuestion\\?id=${id}$`));
  await expect(page.getByRole('heading', { name: '读后理解题' })).toBeVisible();
  await expect(page.getByText('离线生成')).toBeVisible();
  const first = page.getByRole('textbox', { name: '第 1 题的答案' });
  await expect(first).toBeVisible();
  await first.fill('wrongword');
  await page.getByRole('button', { name: '检查答案' }).click();
  await expect(page.getByText(/答对 \d+ \/ \d+ 题/)).toBeVisible();
  await expect(page.getByText(/✗ 答案：/).first()).toBeVisible();
  const offer = page.locator('.ai-parts button').first();
  const word = ((await offer.textContent()) ?? '').replace(/^\+ /, '');
  await offer.click();
  await expect(page.getByRole('button', { name: `已加入 ${word}` })).toBeVisible();
});
