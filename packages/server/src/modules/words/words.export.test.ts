import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createArticle } from '../../../test/factories.js';
import { createTestApp, type TestApp } from '../../../test/test-app.js';

let t: TestApp;
let token: string;
beforeEach(async () => {
  t = await createTestApp();
  token = (await t.createUser()).token;
});
afterEach(() => t.close());

/** The word book's CSV as a spreadsheet app receives it: one array of cell texts per line. */
async function exportedCsvLines(): Promise<string[]> {
  const res = await t.app.inject({ url: '/reader/myword/export', cookies: { bb_token: token } });
  expect(res.statusCode).toBe(200);
  return res.body.replace(/^\uFEFF/, '').split('\r\n');
}

describe('the word-book CSV and formulas', () => {
  it.each([
    ['=HYPERLINK("http://x")', `"'=HYPERLINK(""http://x"")"`],
    ['+1+2', `"'+1+2"`],
    ['-2+3', `"'-2+3"`],
    ['@SUM(A1:A2)', `"'@SUM(A1:A2)"`],
  ])('writes the context sentence %j as text a spreadsheet will not run', async (sentence, cell) => {
    expect((await t.call('words.add', { word: 'deal', sentence }, { token })).code).toBe('200');
    const [, row] = await exportedCsvLines();
    // word, phonetic, meaning, sentence, …: the sentence is the fourth cell; the meaning may hold commas.
    expect(row).toContain(`,${cell},`);
    expect(row).not.toMatch(/,[=+\-@]/);
  });

  it('neutralises an article title the same way', async () => {
    const article = await createArticle(t, { title: '-1+cmd|calc' });
    await t.call('words.add', { word: 'deal', sentence: 'A deal.', article_id: article }, { token });
    const [, row] = await exportedCsvLines();
    expect(row).toContain(`,A deal.,"'-1+cmd|calc",`);
  });

  it('leaves ordinary sentences as they were', async () => {
    await t.call('words.add', { word: 'deal', sentence: 'A fair deal, at last.' }, { token });
    const [, row] = await exportedCsvLines();
    expect(row).toContain(',"A fair deal, at last.",');
  });
});
