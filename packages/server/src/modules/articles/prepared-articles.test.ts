import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
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
  const builtApp = () => {
    const dist = fs.mkdtempSync(path.join(os.tmpdir(), 'changdu-dist-'));
    fs.mkdirSync(path.join(dist, 'assets'));
    fs.writeFileSync(
      path.join(dist, 'index.html'),
      '<!doctype html><html><head><title>畅读</title></head><body><div id="root"></div></body></html>',
    );
    fs.writeFileSync(path.join(dist, 'assets', 'ArticlePage-abc123.js'), 'export {}');
    return dist;
  };
  const dataBlock = (html: string) => html.match(/<script type="application\/json" id="cd-article" data-id="(\d+)">(.*?)<\/script>/s);

  it('carries a public article and preloads its route chunk, so the page needs no fetch to render', async () => {
    await t.close();
    t = await createTestApp({ env: { WEB_DIST: builtApp() } });
    const id = await createArticle(t, { title: 'Closing </script><script>alert(1)</script> tags' });
    const page = await t.app.inject({ url: `/article/${id}` });
    expect(page.statusCode).toBe(200);
    expect(page.headers['content-type']).toContain('text/html');
    expect(page.body).toContain('<link rel="modulepreload" href="/assets/ArticlePage-abc123.js">');
    const block = dataBlock(page.body)!;
    expect(block[1]).toBe(String(id));
    expect(block[2]).not.toContain('<');
    const inlined = JSON.parse(block[2]!) as { title: string; me: unknown };
    expect(inlined).toEqual({ ...(await open(id)).result!, me: null });
    expect(inlined.title).toBe('Closing </script><script>alert(1)</script> tags');
  });

  it('draws a public article into #root as the reader draws it, so its text paints before the script runs', async () => {
    await t.close();
    t = await createTestApp({ env: { WEB_DIST: builtApp() } });
    const id = await createArticle(t, {
      title: 'Herons <b>return</b>',
      paragraphs: ['The herons came back in spring.', 'Nobody <em>expected</em> them & nobody counted.', "A ticket cost $& or $' then."],
    });
    const body = (await t.app.inject({ url: `/article/${id}` })).body;
    const root = body.match(/<div id="root" data-drawn="(\d+)">(.*?)<\/div><\/main><\/div><\/div>/s);
    expect(root?.[1]).toBe(String(id));
    const drawn = root![2]!;
    const { paragraphs } = (await open(id)).result!;
    // Every paragraph, in order, in the reader's element with its id, its text as the reader shows it.
    const pids = [...drawn.matchAll(/<p class="para para-p" data-pid="([^"]+)" lang="en">(.*?)<\/p>/g)].map((m) => [m[1], m[2]]);
    expect(pids).toEqual(paragraphs.map((p) => [p.id, p.html]));
    expect(pids[1]![1]).not.toContain('<em>');
    expect(drawn).toContain('<h1 class="reader-title" lang="en">Herons &lt;b&gt;return&lt;/b&gt;</h1>');
    // A long article: the first 20 blocks, as the reader's first render has them; the rest come with the app.
    const long = await createArticle(t, { paragraphs: Array.from({ length: 30 }, (_, i) => `Paragraph number ${i + 1} of a long read.`) });
    const longPage = (await t.app.inject({ url: `/article/${long}` })).body;
    const drawnIds = [...longPage.matchAll(/<p class="para para-p" data-pid="([^"]+)"/g)].map((m) => m[1]);
    expect(drawnIds).toEqual((await open(long)).result!.paragraphs.slice(0, 20).map((p) => p.id));
    // The script that keeps an early tap, before the text, as a same-origin file.
    expect(body.indexOf('<script src="/early-tap.js"></script>')).toBeGreaterThan(-1);
    expect(body.indexOf('<script src="/early-tap.js"></script>')).toBeLessThan(body.indexOf('<div id="root"'));
  });

  it('leaves out members-only, unpublished and missing articles (the page fetches them as the reader)', async () => {
    await t.close();
    t = await createTestApp({ env: { WEB_DIST: builtApp() } });
    const locked = await createArticle(t, { is_lock: true });
    const draft = await createArticle(t, { status: 'draft' });
    for (const url of [`/article/${locked}`, `/article/${draft}`, '/article/999999', '/article/abc', '/Mine']) {
      const page = await t.app.inject({ url });
      expect(page.statusCode, url).toBe(200);
      expect(dataBlock(page.body), url).toBeNull();
      // Nor drawn: the root is empty and the text comes from the reader's own fetch.
      expect(page.body, url).toContain('<div id="root"></div>');
      expect(page.body, url).not.toContain('data-pid');
      expect(page.body, url).not.toContain('early-tap.js');
    }
  });
  it('preloads everything the route imports, with its styles, from the build manifest (the entry’s own files once)', async () => {
    await t.close();
    const dist = builtApp();
    fs.writeFileSync(
      path.join(dist, 'index.html'),
      '<!doctype html><html><head><script type="module" src="/assets/index-e1.js"></script><link rel="modulepreload" crossorigin href="/assets/shared-s1.js"></head><body></body></html>',
    );
    fs.mkdirSync(path.join(dist, '.vite'));
    fs.writeFileSync(
      path.join(dist, '.vite', 'manifest.json'),
      JSON.stringify({
        'index.html': {
          file: 'assets/index-e1.js',
          isEntry: true,
          imports: ['_shared-s1.js'],
          dynamicImports: ['src/routes/article/ArticlePage.tsx'],
        },
        '_shared-s1.js': { file: 'assets/shared-s1.js' },
        '_queries-q1.js': { file: 'assets/queries-q1.js', imports: ['_shared-s1.js', '_format-f1.js'], css: ['assets/sheets-c2.css'] },
        '_format-f1.js': { file: 'assets/format-f1.js' },
        'src/routes/article/ArticlePage.tsx': {
          file: 'assets/ArticlePage-abc123.js',
          isDynamicEntry: true,
          imports: ['index.html', '_shared-s1.js', '_queries-q1.js'],
          css: ['assets/ArticlePage-c1.css'],
        },
      }),
    );
    t = await createTestApp({ env: { WEB_DIST: dist } });
    const links = async (id: number) => {
      const head = (await t.app.inject({ url: `/article/${id}` })).body.split('</head>')[0]!;
      return [...head.matchAll(/<link rel="(modulepreload|preload" as="style|stylesheet)" href="([^"]+)">/g)]
        .map((m) => `${m[1]} ${m[2]}`)
        .sort();
    };
    const scripts = [
      'modulepreload /assets/ArticlePage-abc123.js',
      'modulepreload /assets/format-f1.js',
      'modulepreload /assets/queries-q1.js',
    ];
    // A members-only article is drawn by the app: its styles are fetched early but applied by the route.
    expect(await links(await createArticle(t, { is_lock: true }))).toEqual([
      ...scripts,
      'preload" as="style /assets/ArticlePage-c1.css',
      'preload" as="style /assets/sheets-c2.css',
    ]);
    // A public article is drawn by the server: its text needs the route's styles applied to sit where the app puts it.
    expect(await links(await createArticle(t))).toEqual([
      ...scripts,
      'stylesheet /assets/ArticlePage-c1.css',
      'stylesheet /assets/sheets-c2.css',
    ]);
  });
});
