import { expect, test, type APIRequestContext, type Browser, type Page } from '@playwright/test';
import { buildEpub } from '../../server/test/epub-builder';
import { expectAccessibleInEveryTheme, screenLoaded, themeScreenshots } from './a11y';
import { READER_SCREENS, type ReaderData } from './a11y-screens';
import { adminSession, call, importBook, logInContext, publishArticle, registerReader, uploadEpub, pendingManualOrder } from './api';

/**
 * Every screen a reader reaches passes axe (issue 31, item 9) on a phone (the `phone` project,
 * 390 px wide) in the light theme, and its colours pass in the dark theme: each with
 * what a reader has made (a word, a note, a collection, a book, a question, an order), so the
 * screens show their content, not only their empty state.
 */

const PARAGRAPHS = [
  'After weeks of talks, the two river towns negotiated a new agreement about the water. Both mayors said it was fair.',
  'The deal shares the water in dry summers and pays for a small bridge. Children will walk to school more safely.',
];

/** Makes, through the API, what the screens show: as the super user and as one new reader. */
async function makeData(request: APIRequestContext): Promise<{ data: ReaderData; session: { token: string; userId: number } }> {
  const stamp = Date.now();
  const admin = await adminSession(request);
  const reader = await registerReader(request);
  const as = (token: string) => (method: 'GET' | 'POST', path: string, data?: Record<string, unknown>) =>
    call(request, token, method, path, data);
  const asAdmin = as(admin.token);
  const asReader = as(reader.token);

  const articleTitle = `Two River Towns ${stamp}`;
  const article = await publishArticle(request, articleTitle, PARAGRAPHS);
  await asAdmin('POST', `/reader/article/${article}/update`, { article: { topics: ['science'] } });

  // The word book, a note, a star and a question about the article.
  const word = 'negotiate';
  await asReader('POST', '/reader/myword', { word, sentence: PARAGRAPHS[0], article_id: article });
  const shown = await call<{ paragraphs: { id: string }[] }>(request, reader.token, 'GET', `/reader/article/${article}/show`);
  const note = '两个小镇谈成了新的协议';
  await asReader('POST', `/reader/article/${article}/notes/add`, {
    note_uuid: `a11y-${stamp}`,
    text: 'negotiated a new agreement',
    comment: note,
    root: shown.paragraphs[0]!.id,
  });
  await asReader('POST', `/reader/article/${article}/mark`, { action: 'star', status: true });
  const askPrompt = 'Why did the two towns build a bridge?';
  const ask = await call<{ id: number }>(request, reader.token, 'POST', '/api/ai/ask', { prompt: askPrompt, article_id: article });

  // The reader becomes a creator and publishes a collection of the article.
  await asReader('POST', '/reader/creator/apply', { statement: '我想把读过的好文章整理成合集，分享给大家。' });
  const applications = await call<{ list: { id: number; user: { id: number } }[] }>(
    request,
    admin.token,
    'GET',
    '/reader/creator/applications',
  );
  const application = applications.list.find((a) => a.user.id === reader.userId)!;
  await asAdmin('POST', `/reader/creator/applications/${application.id}/review`, { action: 'approve' });
  const collectionTitle = `河流小镇合集 ${stamp}`;
  const collection = await call<{ id: number }>(request, reader.token, 'POST', '/reader/collection/add', {
    title: collectionTitle,
    description: '关于河流和小镇的文章',
    articles: [{ article_id: article, note: '先读这一篇' }],
  });
  await asReader('POST', `/reader/collection/${collection.id}/publish`, {});

  // A book on the reader's shelf, which the managers also put in the library.
  const bookTitle = `Harbour Tales ${stamp}`;
  const book = await importBook(
    request,
    reader.token,
    await buildEpub({ version: 3, title: bookTitle, author: 'E2E Writer', images: true }),
  );
  await asAdmin('POST', `/reader/book/${book}/publish`, {});

  // A published magazine issue, uploaded as an EPUB.
  const magazineName = `The A11y Weekly ${stamp}`;
  const issue = await call<{ id: number }>(request, admin.token, 'POST', '/reader/magazine', { name: magazineName, edition: '2026-11-28' });
  const { link } = await uploadEpub(request, admin.token, await buildEpub({ version: 3, title: magazineName }));
  await asAdmin('POST', `/reader/magazine/${issue.id}/upload`, { link });
  await asAdmin('POST', `/reader/magazine/${issue.id}/audit`, { action: 'approve' });
  await asAdmin('POST', `/reader/magazine/${issue.id}/publish`, {});

  // An order waiting for the reader to pay by hand, and a trial link.
  const orderNo = await pendingManualOrder(request, admin.token, reader.token);
  const trial = await call<{ e: string }>(request, admin.token, 'POST', '/api/member/trial/link', {});

  return {
    session: reader,
    data: {
      article,
      articleTitle,
      note,
      word,
      collection: collection.id,
      collectionTitle,
      creator: reader.userId,
      book,
      bookTitle,
      magazine: issue.id,
      magazineName,
      magazineArticle: 'The Harbour',
      ask: ask.id,
      askPrompt,
      orderNo,
      trial: trial.e,
    },
  };
}

let data: ReaderData;
let reader: Page;
let visitor: Page;

/** A browser page of the project (a phone), logged in as `session` or logged out. */
async function phonePage(browser: Browser, baseURL: string, session?: { token: string; userId: number }): Promise<Page> {
  const context = await browser.newContext({ ...test.info().project.use, baseURL });
  if (session) await logInContext(context, baseURL, session);
  return context.newPage();
}

// One reader and one visitor for the whole file: each screen is a visit, not a new login. Not
// serial: a screen that fails leaves the others to run (in a new worker, which makes its data again).
test.beforeAll(async ({ browser, playwright }, info) => {
  info.setTimeout(120_000);
  const baseURL = info.project.use.baseURL!;
  const request = await playwright.request.newContext({ baseURL });
  const made = await makeData(request);
  await request.dispose();
  data = made.data;
  reader = await phonePage(browser, baseURL, made.session);
  visitor = await phonePage(browser, baseURL);
});

test.afterAll(async () => {
  await reader?.context().close();
  await visitor?.context().close();
});

for (const screen of READER_SCREENS) {
  test(`${screen.route} passes axe on a phone`, async () => {
    // Two axe runs (a full one, then the colours in the dark theme) on a busy machine.
    test.setTimeout(60_000);
    const page = screen.visitor ? visitor : reader;
    const path = screen.path?.(data) ?? screen.route;
    await page.goto(path);
    await screenLoaded(page);
    const shows = screen.shows?.(data);
    if (shows) await expect(page.getByText(shows).first()).toBeVisible();
    await screen.ready?.(page);
    await expectAccessibleInEveryTheme(page, path);
    await themeScreenshots(page, screen.route);
  });
}
