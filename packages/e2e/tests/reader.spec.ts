import { expect, test } from '@playwright/test';
import { newReader, publishArticle } from './api';
import { selectWords, tapWord } from './helpers';

const PARAGRAPHS = [
  'After weeks of talks, the two towns negotiated a new agreement about the river. Both mayors said it was fair.',
  'The deal shares the water in dry summers and pays for a small bridge. Children will walk to school more safely.',
];

test('a reader looks up a word, highlights a sentence with a comment, finds the note in /mynote, copies it, and sees the reading time', async ({
  page,
  context,
  request,
  baseURL,
}) => {
  test.setTimeout(90_000);
  const id = await publishArticle(request, 'Two Towns Share a River', PARAGRAPHS);
  await newReader(request, context, baseURL!);
  await context.grantPermissions(['clipboard-read', 'clipboard-write']);

  const reported = page.waitForResponse((r) => r.url().endsWith('/reader/history') && r.request().method() === 'POST', { timeout: 60_000 });
  await page.goto(`/article/${id}`);
  await expect(page.getByRole('heading', { name: 'Two Towns Share a River' })).toBeVisible();

  // Tap a word: the sheet resolves it to its headword and shows the Chinese meaning.
  await tapWord(page, 'negotiated');
  const sheet = page.getByRole('dialog', { name: 'negotiate' });
  await expect(sheet.getByRole('list', { name: '中文释义' })).toContainText('谈判');
  await page.keyboard.press('Escape');
  await expect(sheet).toHaveCount(0);

  // Select the first sentence and write a note on it.
  await selectWords(page, 'After', 'river');
  await page.getByRole('toolbar', { name: '划线工具' }).getByRole('button', { name: '写笔记' }).click();
  const editor = page.getByRole('dialog', { name: '写笔记' });
  await editor.getByRole('textbox', { name: '笔记内容' }).fill('  两个小镇就河水达成了新协议  ');
  await editor.getByRole('button', { name: '保存' }).click();
  await expect(page.locator('mark.hl[data-note]').first()).toBeVisible();

  // The signed reading-time report goes out while reading.
  await page.mouse.wheel(0, 200);
  expect((await reported).ok()).toBe(true);

  await page.reload();
  await expect(page.locator('mark.hl[data-note]').first()).toContainText('negotiated');

  await page.goto('/mynote');
  await page.getByRole('list', { name: '做过笔记的文章' }).getByText('Two Towns Share a River').click();
  await expect(page).toHaveURL(new RegExp(`/mynote/${id}`));
  await page.getByRole('button', { name: '复制全部' }).click();
  await expect(page.getByText('已复制').first()).toBeVisible();
  const copied = await page.evaluate(() => navigator.clipboard.readText());
  expect(copied).toContain(
    'Two Towns Share a River\n\nAfter weeks of talks, the two towns negotiated a new agreement about the river\n> 两个小镇就河水达成了新协议',
  );

  await page.goto('/read_data');
  await expect(page.getByTestId('stat-minutes')).toHaveText(/^[1-9]\d*\s*(秒|分钟)/);
});

test('a tap finds the word drawn under the finger in Chromium, and the paragraph menu analyses a whole paragraph', async ({
  page,
  context,
  request,
  baseURL,
}) => {
  const id = await publishArticle(request, 'Tapping Plain Text', [...PARAGRAPHS, 'The end came quickly']);
  await newReader(request, context, baseURL!);
  const lookups: string[] = [];
  page.on('request', (r) => {
    if (new URL(r.url()).pathname === '/api/english/word') lookups.push(new URL(r.url()).searchParams.get('word') ?? '');
  });
  await page.goto(`/article/${id}`);
  await expect(page.getByRole('heading', { name: 'Tapping Plain Text' })).toBeVisible();

  // Words are plain text: no element per word, and the browser's caret hit test finds the word.
  expect(await page.locator('[data-pid] span.w').count()).toBe(0);
  // The right edge of a word's last letter still picks that word; its sentence goes with it.
  await tapWord(page, 'mayors', 0, 0.95);
  await expect(page.getByRole('dialog', { name: 'mayor' })).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(page.getByRole('dialog')).toHaveCount(0);

  // The blank after a short paragraph's line (ending on a letter: the nearest caret touches "quickly") is no
  // word: nothing opens, and the next tap opens its own word.
  const blank = await page.evaluate(() => {
    const paragraph = document.querySelectorAll('[data-pid]')[2]!;
    const range = document.createRange();
    range.selectNodeContents(paragraph);
    const lines = Array.from(range.getClientRects());
    const last = lines[lines.length - 1]!;
    const right = paragraph.getBoundingClientRect().right;
    return { x: (last.right + right) / 2, y: last.top + last.height / 2, room: right - last.right };
  });
  expect(blank.room).toBeGreaterThan(24);
  await page.mouse.click(blank.x, blank.y);
  await tapWord(page, 'bridge');
  await expect(page.getByRole('dialog', { name: 'bridge' })).toBeVisible();
  // The sheet names the tapped word before its lookup goes out: wait for the request itself.
  await expect.poll(() => lookups).toEqual(['mayors', 'bridge']);
  await page.keyboard.press('Escape');

  // The paragraph menu: its handle sits in the margin beside the paragraph and opens the toolbar for the whole paragraph.
  await page.getByRole('button', { name: '段落菜单' }).nth(1).click();
  const toolbar = page.getByRole('toolbar', { name: '段落工具' });
  await expect(toolbar).toBeVisible();
  await toolbar.getByRole('button', { name: '解析' }).click();
  const sheet = page.getByRole('dialog', { name: '句子解析' });
  await expect(sheet.locator('.ai-quote')).toHaveText(PARAGRAPHS[1]!);
  await expect(sheet.getByRole('heading', { name: '结构' })).toBeVisible();
  await expect(toolbar).toHaveCount(0);
});

test('the article arrives drawn in the first response: a word tapped before the app has started opens its sheet at once and shows its meaning, and nothing moves when the app takes over', async ({
  page,
  request,
}) => {
  const id = await publishArticle(request, 'Drawn Before The Script', PARAGRAPHS);
  // Hold the app's entry script until the tap has been made on the server-drawn text.
  let release = () => {};
  const held = new Promise<void>((resolve) => (release = resolve));
  await page.route(/\/assets\/index-[\w-]+\.js$/, async (route) => {
    await held;
    await route.continue();
  });
  await page.goto(`/article/${id}`, { waitUntil: 'commit' });
  await expect(page.getByRole('heading', { name: 'Drawn Before The Script' })).toBeVisible();
  // No app yet: the top bar's actions are the app's, the text is the server's, styled by the first screen's own CSS.
  await expect(page.getByRole('button', { name: '双语' })).toHaveCount(0);
  const boxes = () =>
    page.evaluate(() =>
      Array.from(document.querySelectorAll('#root h1, #root [data-pid]')).map((e) => {
        const b = e.getBoundingClientRect();
        return [e.tagName, Math.round(b.x), Math.round(b.y + window.scrollY), Math.round(b.width), Math.round(b.height)].join(' ');
      }),
    );
  const drawn = await boxes();
  const lookups: string[] = [];
  page.on('request', (r) => void (new URL(r.url()).pathname === '/api/english/word' && lookups.push(r.url())));
  await tapWord(page, 'mayors', 0, 0.5, true);
  // The sheet opens at once, and the first screen's script looks the word up in its sentence and
  // shows the meaning while the app is still held.
  const early = page.getByRole('dialog', { name: 'mayor' });
  await expect(early).toBeVisible();
  await expect(early.getByRole('list', { name: '中文释义' })).toBeVisible();
  await expect(early.locator('.word-form-of')).toContainText('mayors 是 mayor 的');
  await expect(page.getByRole('button', { name: '双语' })).toHaveCount(0);
  release();
  // The app's sheet takes its place, the same one, filled from the script's answer: no second lookup.
  await expect(page.getByRole('button', { name: '双语' })).toBeVisible();
  const sheet = page.getByRole('dialog', { name: 'mayor' });
  await expect(sheet.getByRole('link', { name: '登录后加入生词本' })).toBeVisible();
  await expect(sheet.getByRole('list', { name: '中文释义' })).toBeVisible();
  await expect(page.getByRole('dialog')).toHaveCount(1);
  expect(lookups).toHaveLength(1);
  expect(new URL(lookups[0]!).searchParams.get('sentence')).toMatch(/mayors/);
  // Every drawn block is where the first screen put it, under the app's full styles.
  expect((await boxes()).slice(0, drawn.length)).toEqual(drawn);
});
