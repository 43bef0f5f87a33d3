import http from 'node:http';
import { devices, expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { buildEpub } from '../../server/test/epub-builder';
import { expectAccessibleInEveryTheme, screenLoaded, themeScreenshots } from './a11y';
import { ADMIN_SCREENS, type AdminData } from './a11y-screens';
import { adminSession, call, logInContext, publishArticle, registerReader, uploadEpub, pendingManualOrder } from './api';

/**
 * Every managers' screen passes axe (issue 31, item 9) at a desktop's size (1280×800), logged in as
 * the super user, in the light theme, and its colours in the dark theme: each with
 * content made through the API (an article, a feed, an order, codes, a collection, an issue).
 */

/** The fake site's port: the server under test may fetch it (playwright.config.ts allows it). */
const SITE_PORT = Number(process.env.E2E_FAKE_SITE_PORT ?? Number(process.env.E2E_PORT ?? 3100) + 1000);
const FEED_TITLE = 'The A11y River Feed';
const FEED = `<?xml version="1.0" encoding="UTF-8"?><rss version="2.0"><channel><title>${FEED_TITLE}</title>
<link>http://127.0.0.1:${SITE_PORT}/</link><description>Stories about rivers</description>
<item><title>A bridge for the river towns</title><link>http://127.0.0.1:${SITE_PORT}/bridge</link>
<description>The towns will build a small bridge.</description><pubDate>Fri, 27 Nov 2026 08:00:00 GMT</pubDate></item>
</channel></rss>`;

async function makeData(request: APIRequestContext): Promise<{ data: AdminData; session: { token: string; userId: number } }> {
  const stamp = Date.now();
  const admin = await adminSession(request);
  const asAdmin = (method: 'GET' | 'POST', path: string, data?: Record<string, unknown>) => call(request, admin.token, method, path, data);

  const articleTitle = `Bridges of the River Towns ${stamp}`;
  const article = await publishArticle(request, articleTitle, [
    'The two river towns negotiated a new agreement about the water in dry summers.',
    'They will also pay for a small bridge, so that children walk to school more safely.',
  ]);
  const collectionTitle = `编辑推荐 ${stamp}`;
  const collection = await call<{ id: number }>(request, admin.token, 'POST', '/reader/collection/add', {
    title: collectionTitle,
    articles: [{ article_id: article }],
  });
  await asAdmin('POST', '/reader/rss/feed/add', { url: `http://127.0.0.1:${SITE_PORT}/feed.xml?run=${stamp}` });
  await asAdmin('POST', '/api/code/invitation/generate', { ctype: 'member', days: 30, count: 2, remark: '读书会' });

  // A reader's order, waiting for the payment by hand.
  const reader = await registerReader(request);
  const orderNo = await pendingManualOrder(request, admin.token, reader.token);

  // An issue uploaded as an EPUB, its articles waiting for review.
  const magazineName = `The Admin Weekly ${stamp}`;
  const issue = await call<{ id: number }>(request, admin.token, 'POST', '/reader/magazine', { name: magazineName, edition: '2026-11-28' });
  const { link } = await uploadEpub(request, admin.token, await buildEpub({ version: 3, title: magazineName }));
  await asAdmin('POST', `/reader/magazine/${issue.id}/upload`, { link });

  return {
    session: admin,
    data: {
      article,
      articleTitle,
      readerPhone: reader.phone,
      orderNo,
      collection: collection.id,
      collectionTitle,
      magazine: issue.id,
      magazineName,
      feedTitle: FEED_TITLE,
    },
  };
}

let site: http.Server;
let data: AdminData;
let admin: Page;

// One manager's page for the whole file: each screen is a visit, not a new login. Not serial: a
// screen that fails leaves the others to run (in a new worker, which makes its data again: hence a
// feed address of its own each time).
test.beforeAll(async ({ browser, playwright }, info) => {
  info.setTimeout(120_000);
  site = http.createServer((req, res) => {
    if (req.url?.startsWith('/feed.xml')) res.writeHead(200, { 'content-type': 'application/rss+xml; charset=utf-8' }).end(FEED);
    else res.writeHead(404, { 'content-type': 'text/html' }).end('<h1>Not found</h1>');
  });
  await new Promise<void>((resolve) => site.listen(SITE_PORT, '127.0.0.1', resolve));
  const baseURL = info.project.use.baseURL!;
  const request = await playwright.request.newContext({ baseURL });
  const made = await makeData(request);
  await request.dispose();
  data = made.data;
  const context = await browser.newContext({
    ...devices['Desktop Chrome'],
    locale: 'zh-CN',
    baseURL,
    viewport: { width: 1280, height: 800 },
  });
  await logInContext(context, baseURL, made.session);
  admin = await context.newPage();
});

test.afterAll(async () => {
  await admin?.context().close();
  await new Promise<void>((resolve) => (site ? site.close(() => resolve()) : resolve()));
});

for (const screen of ADMIN_SCREENS) {
  test(`${screen.route} passes axe on a desktop`, async () => {
    // Two axe runs (a full one, then the colours in the dark theme) on a busy machine.
    test.setTimeout(60_000);
    const path = screen.path?.(data) ?? screen.route;
    await admin.goto(path);
    await screenLoaded(admin);
    const shows = screen.shows?.(data);
    if (shows) await expect(admin.getByText(shows).first()).toBeVisible();
    await screen.ready?.(admin);
    await expectAccessibleInEveryTheme(admin, path);
    await themeScreenshots(admin, screen.route);
  });
}
