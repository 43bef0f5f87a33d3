import { expect, test } from '@playwright/test';
import { newReader, publishArticle } from './api';

const PARAGRAPHS = [
  'The library opened a quiet room for readers. It has soft chairs and warm lights. Many students came on the first day.',
  'Volunteers read stories aloud every evening. Parents say their children now love books.',
];

test('a reader plays the article read aloud and sees the spoken sentence move; taps a sentence to play from it; downloads the PDF', async ({
  page,
  context,
  request,
  baseURL,
}) => {
  test.setTimeout(120_000);
  const id = await publishArticle(request, 'A Quiet Room for Readers', PARAGRAPHS);
  await newReader(request, context, baseURL!);
  await page.goto(`/article/${id}`);
  await expect(page.getByRole('heading', { name: 'A Quiet Room for Readers' })).toBeVisible();

  await page.getByRole('button', { name: '听、下载与分享' }).click();
  await page.getByRole('button', { name: '逐句朗读' }).click();
  const bar = page.getByRole('region', { name: '朗读' });
  // It starts by itself once the audio is ready: the reader asked to hear it.
  await expect(bar.getByRole('button', { name: '暂停' })).toBeVisible({ timeout: 60_000 });

  // The first sentence is marked while it plays, then the highlight moves on to the next.
  const spoken = page.locator('.reader-body [data-speaking]');
  await expect(spoken).toHaveCount(1);
  const first = await bar.getAttribute('data-sentence');
  expect(first).toBeTruthy();
  await expect(bar).not.toHaveAttribute('data-sentence', first!, { timeout: 20_000 });
  const highlighted = () =>
    page.evaluate(() => {
      const h = (CSS as unknown as { highlights: Map<string, { values(): IterableIterator<Range> }> }).highlights.get('tts-sentence');
      return h ? [...h.values()].map((r) => r.toString()).join('') : null;
    });
  await expect.poll(highlighted).toBe('It has soft chairs and warm lights.');

  // A tap on the last sentence plays from there.
  await page.getByText('Parents say their children now love books.', { exact: false }).click({ position: { x: 200, y: 8 } });
  await expect.poll(highlighted, { timeout: 15_000 }).toBe('Parents say their children now love books.');

  // Speed control.
  await bar.getByRole('combobox', { name: '语速' }).selectOption('1.5');
  // Applied by an effect after the render (a frame later under Preact): poll, do not read once.
  await expect.poll(() => page.evaluate(() => document.querySelector('audio')!.playbackRate)).toBe(1.5);
  await bar.getByRole('button', { name: '关闭朗读' }).click();

  // The PDF: generated as a job, then downloaded.
  await page.getByRole('button', { name: '听、下载与分享' }).click();
  await page.getByRole('button', { name: '双语对照' }).click();
  const link = page.getByRole('link', { name: '下载 PDF（双语对照）' });
  await expect(link).toBeVisible({ timeout: 60_000 });
  // Done says done: the step's message ("正在排版 PDF") went with the step.
  await expect(page.getByText('正在排版 PDF')).toHaveCount(0);
  const [download] = await Promise.all([page.waitForEvent('download'), link.click()]);
  expect(download.suggestedFilename()).toBe('A Quiet Room for Readers.pdf');
  const file = await download.path();
  const fs = await import('node:fs');
  expect(fs.readFileSync(file).subarray(0, 5).toString('latin1')).toBe('%PDF-');
});
