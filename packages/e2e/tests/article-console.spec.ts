import { expect, test, type ConsoleMessage } from '@playwright/test';
import { apiLogin } from './api';
import { ADMIN, tapWord } from './helpers';

/**
 * The article page as the app draws it itself (a draft a manager previews: the server draws only
 * published pages) prints no warning: its route files are preloaded the way they are then fetched.
 */
test('an article page the app draws prints no preload warning', async ({ page, request, context, baseURL }) => {
  const token = await apiLogin(request, ADMIN.phone, ADMIN.password);
  const created = await request.post('/reader/article/create', {
    headers: { authorization: `Bearer ${token}` },
    data: { article: { title: 'A Draft for the Console', paragraphs: [{ kind: 'p', text: 'The harbour was quiet before the boats came in.' }] } },
  });
  const id = (await created.json()).result.id as number;
  await context.addCookies([{ name: 'bb_token', value: token, url: baseURL!, httpOnly: true, sameSite: 'Lax' }]);
  const messages: ConsoleMessage[] = [];
  page.on('console', (m) => messages.push(m));
  await page.goto(`/article/${id}`);
  await expect(page.getByRole('heading', { name: 'A Draft for the Console' })).toBeVisible();
  // Chrome reports an unused preload a few seconds after the load.
  await page.waitForTimeout(4000);
  const warnings = messages.filter((m) => m.type() === 'warning' || m.type() === 'error').map((m) => m.text());
  expect(warnings.filter((w) => /preload/i.test(w))).toEqual([]);
});

/**
 * A word the dictionary lacks (a name, a typo) is an answer, not a failed load: the sheet says so
 * and the console stays clean (an HTTP 404 here was logged as "Failed to load resource").
 */
test('tapping a word the dictionary lacks logs no console error', async ({ page, request, context, baseURL }) => {
  const token = await apiLogin(request, ADMIN.phone, ADMIN.password);
  const created = await request.post('/reader/article/create', {
    headers: { authorization: `Bearer ${token}` },
    data: { article: { title: 'A Draft with a Made-up Word', paragraphs: [{ kind: 'p', text: 'The zorbliquat sailed in before the boats.' }] } },
  });
  const id = (await created.json()).result.id as number;
  await context.addCookies([{ name: 'bb_token', value: token, url: baseURL!, httpOnly: true, sameSite: 'Lax' }]);
  const errors: string[] = [];
  page.on('console', (m) => m.type() === 'error' && errors.push(m.text()));
  await page.goto(`/article/${id}`);
  await expect(page.getByRole('heading', { name: 'A Draft with a Made-up Word' })).toBeVisible();
  const lookup = page.waitForResponse((r) => r.url().includes('/api/english/word?'));
  await tapWord(page, 'zorbliquat');
  await expect(page.locator('.word-sheet .word-missing')).toContainText('词典里没有找到“zorbliquat”');
  expect(errors).toEqual([]);
  expect((await lookup).status()).toBe(200);
});
