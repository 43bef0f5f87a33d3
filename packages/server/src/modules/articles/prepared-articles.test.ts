import { createHash } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import {
  AI_SUMMARY_PENDING_HTML,
  Cookies,
  FIRST_SCREEN_FILE,
  PREREAD_PENDING_HTML,
  sentenceCuts,
  unpackArticle,
  type FirstScreenBuild,
  type PackedArticle,
} from '@changdu/contract';
import { createArticle } from '../../../test/factories.js';
import { createTestApp, type TestApp } from '../../../test/test-app.js';
import { articlesRepo } from './articles.repo.js';

let t: TestApp;
let manager: { token: string };
beforeEach(async () => {
  t = await createTestApp();
  manager = await t.createUser({ role: 'manager' });
});
afterEach(() => t.close());

const open = (id: number, options: { token?: string; etag?: string } = {}) =>
  t.call('article.show', { id }, { token: options.token ?? null, headers: options.etag ? { 'if-none-match': options.etag } : {} });

describe('the reader article, prepared once per version', () => {
  it('answers a repeat open with 304 Not Modified for its ETag, and the new text after an edit', async () => {
    const id = await createArticle(t, { title: 'Before the edit' });
    const first = await open(id);
    expect(first.result!.title).toBe('Before the edit');
    const etag = String(first.headers.etag);
    expect(etag).toMatch(/^".+"$/);

    const again = await open(id, { etag });
    expect(again.http).toBe(304);
    expect(again.raw).toBe('');

    await t.call('article.update', { id, article: { title: 'After the edit' } }, manager);
    const edited = await open(id, { etag });
    expect(edited.http).toBe(200);
    expect(edited.result!.title).toBe('After the edit');
    expect(edited.headers.etag).not.toBe(etag);
  });

  it('shows key words added or removed since the last open', async () => {
    const id = await createArticle(t);
    expect((await open(id)).result!.words).toEqual([]);
    await t.call('article.wordAdd', { id, word: 'consensus', resolve: '共识' }, manager);
    expect((await open(id)).result!.words).toEqual([{ word: 'consensus', resolve: '共识', tag: null }]);
    await t.call('article.wordDelete', { id, word: 'consensus' }, manager);
    expect((await open(id)).result!.words).toEqual([]);
  });

  it('gives a non-member the preview as soon as an article becomes members-only, and members the whole text', async () => {
    const id = await createArticle(t, { paragraphs: ['One.', 'Two.', 'Three.', 'Four.', 'Five.', 'Six.'] });
    expect((await open(id)).result!.paragraphs).toHaveLength(6);
    await t.call('article.lock', { id, is_lock: true }, manager);
    const preview = (await open(id)).result!;
    expect(preview).toMatchObject({ preview: true, paragraph_total: 6 });
    expect(preview.paragraphs).toHaveLength(2);
    expect((await open(id, { token: manager.token })).result!).toMatchObject({ preview: false });
    expect((await open(id, { token: manager.token })).result!.paragraphs).toHaveLength(6);
  });

  it('sees a write made by another process (through the repo, not this app) at the next open', async () => {
    const id = await createArticle(t, { title: 'Old title' });
    expect((await open(id)).result!.title).toBe('Old title');
    await articlesRepo(t.db).update(id, { title: 'Written elsewhere' });
    expect((await open(id)).result!.title).toBe('Written elsewhere');
  });

  it("writes each reader's own marks onto the shared text, and a new ETag when they change", async () => {
    const id = await createArticle(t);
    const reader = await t.createUser();
    const before = await open(id, { token: reader.token });
    expect(before.result!.me).toEqual({ starred: false, finished: false });
    expect((await open(id)).result!.me).toBeNull();
    await t.call('article.mark', { id, action: 'star', status: true }, { token: reader.token });
    const after = await open(id, { token: reader.token });
    expect(after.result!.me).toEqual({ starred: true, finished: false });
    expect(after.headers.etag).not.toBe(before.headers.etag);
    expect(after.headers['cache-control']).toBe('no-store');
  });
});

describe("the reader page's first response", () => {
  const BOOT = 'window.booted=1';
  const HASH = "'sha256-" + createHash('sha256').update(BOOT).digest('base64') + "'";
  /** A web build as far as the server reads it: index.html and the first-screen page (web build/first-screen.ts). */
  const builtApp = () => {
    const dist = fs.mkdtempSync(path.join(os.tmpdir(), 'changdu-dist-'));
    fs.mkdirSync(path.join(dist, 'assets'));
    fs.writeFileSync(
      path.join(dist, 'index.html'),
      '<!doctype html><html><head><title>畅读</title><script type="module" crossorigin src="/assets/index-e1.js"></script></head><body><div id="root"></div></body></html>',
    );
    const firstScreen: FirstScreenBuild = {
      html:
        '<!doctype html><html lang="zh-CN"><head><title>畅读</title><style>.para{margin:0}</style>' +
        `<script>${BOOT}</script>` +
        '<template id="cd-app" data-entry="/assets/index-e1.js"><link rel="stylesheet" crossorigin href="/assets/ArticlePage-c1.css"><link rel="modulepreload" crossorigin href="/assets/ArticlePage-abc123.js"></template>' +
        '</head><body><div id="root"></div></body></html>',
      scriptHash: HASH,
      routePreload:
        '<link rel="preload" as="style" href="/assets/ArticlePage-c1.css"><link rel="modulepreload" href="/assets/ArticlePage-abc123.js">',
    };
    fs.writeFileSync(path.join(dist, FIRST_SCREEN_FILE), JSON.stringify(firstScreen));
    return dist;
  };
  const dataBlock = (html: string) => html.match(/<script type="application\/json" id="cd-article" data-id="(\d+)">(.*?)<\/script>/s);

  it('carries a public article at the end of the page, so the app renders it without a fetch', async () => {
    await t.close();
    t = await createTestApp({ env: { WEB_DIST: builtApp() } });
    const id = await createArticle(t, { title: 'Closing </script><script>alert(1)</script> tags' });
    const page = await t.app.inject({ url: `/article/${id}` });
    expect(page.statusCode).toBe(200);
    expect(page.headers['content-type']).toContain('text/html');
    const block = dataBlock(page.body)!;
    expect(block[1]).toBe(String(id));
    expect(block[2]).not.toContain('<');
    // After the drawn text, so the text is parsed (and painted) first.
    expect(page.body.indexOf('id="cd-article"')).toBeGreaterThan(page.body.indexOf('</main>'));
    const packed = JSON.parse(block[2]!) as PackedArticle;
    // The text once: no plain paragraph repeats it as html or as sentences.
    expect(packed.paragraphs.every((p) => p.html === undefined && p.sentences === undefined && p.cuts)).toBe(true);
    const inlined = unpackArticle(packed);
    expect(inlined).toEqual({ ...(await open(id)).result!, me: null });
    expect(inlined.title).toBe('Closing </script><script>alert(1)</script> tags');
  });

  it('sends the drawn page gzipped to a browser that accepts it, the same page', async () => {
    await t.close();
    t = await createTestApp({ env: { WEB_DIST: builtApp() } });
    const id = await createArticle(t, {
      title: 'Herons',
      paragraphs: Array.from({ length: 40 }, (_, i) => `The herons came back in spring, year ${i}.`),
    });
    const plain = await t.app.inject({ url: `/article/${id}` });
    const zipped = await t.app.inject({ url: `/article/${id}`, headers: { 'accept-encoding': 'gzip, deflate, br' } });
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(zipped.headers['content-encoding']).toBe('gzip');
    expect(zipped.headers['vary']).toBe('accept-encoding');
    expect(zipped.rawPayload.length).toBeLessThan(plain.rawPayload.length / 2);
    expect(zlib.gunzipSync(zipped.rawPayload).toString()).toBe(plain.body);
    const refused = await t.app.inject({ url: `/article/${id}`, headers: { 'accept-encoding': 'gzip;q=0, br' } });
    expect(refused.headers['content-encoding']).toBeUndefined();
  });

  it('draws a public article into #root as the reader draws it, in the first-screen page whose inline script the CSP allows by hash', async () => {
    await t.close();
    t = await createTestApp({ env: { WEB_DIST: builtApp() } });
    const id = await createArticle(t, {
      title: 'Herons <b>return</b>',
      paragraphs: ['The herons came back in spring.', 'Nobody <em>expected</em> them & nobody counted.', "A ticket cost $& or $' then."],
    });
    const page = await t.app.inject({ url: `/article/${id}` });
    const body = page.body;
    const root = body.match(/<div id="root" data-drawn="(\d+)">(.*?)<\/div><\/main><\/div><\/div>/s);
    expect(root?.[1]).toBe(String(id));
    const drawn = root![2]!;
    const { paragraphs } = (await open(id)).result!;
    // Every paragraph, in order, in the reader's element with its id and its sentences' cuts (the first
    // screen's script finds a tapped word's sentence by them), its text as the reader shows it.
    const pids = [...drawn.matchAll(/<p class="para para-p" data-pid="([^"]+)" data-cuts="([^"]+)" lang="en">(.*?)<\/p>/g)].map((m) => [
      m[1],
      m[2],
      m[3],
    ]);
    expect(pids).toEqual(paragraphs.map((p) => [p.id, sentenceCuts(p)!.join(' '), p.html]));
    expect(pids[0]![1]).toBe('0 31');
    expect(pids[1]![1]).not.toContain('<em>');
    expect(drawn).toContain('<h1 class="reader-title" lang="en">Herons &lt;b&gt;return&lt;/b&gt;</h1>');
    // A long article: the first 20 blocks, as the reader's first render has them; the rest come with the app.
    const long = await createArticle(t, { paragraphs: Array.from({ length: 30 }, (_, i) => `Paragraph number ${i + 1} of a long read.`) });
    const longPage = (await t.app.inject({ url: `/article/${long}` })).body;
    const drawnIds = [...longPage.matchAll(/<p class="para para-p" data-pid="([^"]+)"/g)].map((m) => m[1]);
    expect(drawnIds).toEqual((await open(long)).result!.paragraphs.slice(0, 20).map((p) => p.id));
    // The first screen's styles and script inline before the text; the app's own tags held in the template.
    expect(body.indexOf(`<script>${BOOT}</script>`)).toBeGreaterThan(-1);
    expect(body.indexOf(`<script>${BOOT}</script>`)).toBeLessThan(body.indexOf('<div id="root"'));
    expect(body).toContain('<template id="cd-app" data-entry="/assets/index-e1.js">');
    expect(body).not.toContain('<script type="module"');
    // That script, and no other inline one, by its hash; the rest of the policy as on every page.
    const csp = String(page.headers['content-security-policy']);
    expect(csp).toContain(`script-src ${HASH} 'self'`);
    expect(csp).toContain("script-src-attr 'none'");
    expect(String((await t.app.inject({ url: '/Mine' })).headers['content-security-policy'])).not.toContain('sha256');
  });

  it("draws the page in the reader's theme from its cookie, and in the system's without one", async () => {
    await t.close();
    t = await createTestApp({ env: { WEB_DIST: builtApp() } });
    const id = await createArticle(t);
    const themed = async (cookie?: string) =>
      (await t.app.inject({ url: `/article/${id}`, headers: cookie ? { cookie } : {} })).body.match(/<html[^>]*>/)![0];
    expect(await themed(`${Cookies.theme}=dark`)).toBe('<html data-theme="dark" lang="zh-CN">');
    expect(await themed(`${Cookies.theme}=black`)).toBe('<html data-theme="black" lang="zh-CN">');
    expect(await themed(`${Cookies.theme}=%22%3E%3Cscript%3E`)).toBe('<html lang="zh-CN">');
    expect(await themed()).toBe('<html lang="zh-CN">');
  });

  it("keeps the pre-read panel's place, as the reader first draws it, on a page asked for with a session", async () => {
    await t.close();
    t = await createTestApp({ env: { WEB_DIST: builtApp() } });
    const id = await createArticle(t);
    const page = async (cookie?: string) => (await t.app.inject({ url: `/article/${id}`, headers: cookie ? { cookie } : {} })).body;
    const withSession = await page(`${Cookies.token}=abc`);
    expect(withSession).toContain(`</header>${PREREAD_PENDING_HTML}${AI_SUMMARY_PENDING_HTML}`);
    expect(await page()).not.toContain('class="preread"');
    expect(await page(`${Cookies.theme}=dark`)).not.toContain('class="preread"');
  });

  it('leaves out members-only, unpublished and missing articles (the page fetches them), preloading the route beside the entry', async () => {
    await t.close();
    t = await createTestApp({ env: { WEB_DIST: builtApp() } });
    const locked = await createArticle(t, { is_lock: true });
    const draft = await createArticle(t, { status: 'draft' });
    for (const url of [`/article/${locked}`, `/article/${draft}`, '/article/999999']) {
      const page = await t.app.inject({ url });
      expect(page.statusCode, url).toBe(200);
      expect(dataBlock(page.body), url).toBeNull();
      // Nor drawn: index.html as built, its root empty; the route's files fetched beside the entry.
      expect(page.body, url).toContain('<div id="root"></div>');
      expect(page.body, url).toContain('<script type="module" crossorigin src="/assets/index-e1.js">');
      expect(page.body, url).toContain(
        '<link rel="preload" as="style" href="/assets/ArticlePage-c1.css"><link rel="modulepreload" href="/assets/ArticlePage-abc123.js"></head>',
      );
      expect(page.body, url).not.toContain('data-pid');
      expect(page.body, url).not.toContain(BOOT);
      expect(String(page.headers['content-security-policy']), url).not.toContain('sha256');
    }
    for (const url of ['/article/abc', '/Mine']) {
      const page = await t.app.inject({ url });
      expect(page.body, url).toContain('<div id="root"></div>');
      expect(page.body, url).not.toContain('ArticlePage');
    }
  });

  it('serves index.html as built when the build has no first-screen page', async () => {
    await t.close();
    const dist = builtApp();
    fs.rmSync(path.join(dist, FIRST_SCREEN_FILE));
    t = await createTestApp({ env: { WEB_DIST: dist } });
    const page = await t.app.inject({ url: `/article/${await createArticle(t)}` });
    expect(page.statusCode).toBe(200);
    expect(page.body).toBe(fs.readFileSync(path.join(dist, 'index.html'), 'utf8'));
  });
});
