import fs from 'node:fs';
import path from 'node:path';
import { promisify } from 'node:util';
import zlib from 'node:zlib';
import { negotiate } from '@fastify/accept-negotiator';
import { LRUCache } from 'lru-cache';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { Cookies, FIRST_SCREEN_FILE, packArticle, readerPageHtml, type ArticleDetail, type FirstScreenBuild } from '@changdu/contract';
import { sendNotFound } from './error-handler.js';
import { cookiesOf } from './request-context.js';

/** The data of a page the server can put into its first response: the article reader's, for now. */
export interface PageData {
  /** The shared article as JSON text for an anonymous reader, or null when it is not public (then the page fetches it). */
  article(id: number): Promise<string | null>;
}

const ARTICLE_PAGE = /^\/article\/(\d{1,10})\/?(?:\?.*)?$/;
const THEMES = new Set(['light', 'dark', 'black']);

/** JSON inside `<script type="application/json">`: no `<` survives, so neither `</script>` nor `<!--` can end or bend it. */
const inScript = (json: string) => json.replace(/</g, '\\u003c');

/** A file of the build, read again only when it changes (a rebuild is served without a restart); null while it is missing. */
function builtFile<T>(file: string, parse: (text: string) => T): () => T | null {
  let cached: { mtimeMs: number; value: T } | null = null;
  return () => {
    let mtimeMs: number;
    try {
      mtimeMs = fs.statSync(file).mtimeMs;
    } catch {
      return null;
    }
    if (cached?.mtimeMs !== mtimeMs) cached = { mtimeMs, value: parse(fs.readFileSync(file, 'utf8')) };
    return cached.value;
  };
}

/** A page answered from this module rather than as the built file. */
interface Page {
  html: string;
  /** The CSP source that allows the page's inline script, if it has one. */
  scriptHash?: string;
}

/**
 * The first response for `/article/{id}`. For an article open to all, the article twice: drawn
 * into `#root` as the reader draws it (contract `readerPageHtml`) in the build's first-screen page
 * (web build/first-screen.ts: the first screen's CSS and script inline, the app's tags held back
 * until the text has painted), so its text paints from this response like a static page and a
 * tapped word's sheet opens before the app has started; and as a data block at the end of the
 * body (never executed, contract `packArticle`: the text stated once) that the app renders from
 * without a fetch. The reader's theme from its
 * cookie is on `<html>` from the first byte, and a request with a session keeps the pre-read
 * panel's place. For any other article page (members only, not
 * published, missing) index.html with the route's files preloaded beside the entry. Other pages
 * get the file as built (null).
 */
function pageHtml(dist: string, pageData: PageData | undefined) {
  const index = builtFile(path.join(dist, 'index.html'), (text) => text);
  const firstScreen = builtFile(path.join(dist, FIRST_SCREEN_FILE), (text) => JSON.parse(text) as FirstScreenBuild);
  // The last drawing and data block per article, reused while its prepared JSON is the same text.
  const drawn = new Map<number, { json: string; html: string; loggedInHtml: string; block: string }>();
  const draw = (id: number, json: string) => {
    const last = drawn.get(id);
    if (last?.json === json) return last;
    const article = JSON.parse(json) as ArticleDetail;
    const made = {
      json,
      html: readerPageHtml(article),
      loggedInHtml: readerPageHtml(article, { loggedIn: true }),
      block: inScript(JSON.stringify(packArticle(article))),
    };
    if (drawn.size >= 64) drawn.delete(drawn.keys().next().value!);
    drawn.set(id, made);
    return made;
  };
  return async (url: string, theme: string | undefined, loggedIn: boolean): Promise<Page | null> => {
    const match = pageData ? ARTICLE_PAGE.exec(url) : null;
    const build = firstScreen();
    if (!match || !pageData || !build) return null;
    const id = Number(match[1]);
    const json = await pageData.article(id).catch(() => null);
    // Replacements by function: a `$&` or `$'` in an article is text, not a replacement pattern.
    if (!json) {
      const html = index();
      return html ? { html: html.replace('</head>', () => `${build.routePreload}</head>`) } : null;
    }
    const drawing = draw(id, json);
    const block = drawing.block;
    const html = build.html
      .replace(/<html\b/, () => (theme && THEMES.has(theme) ? `<html data-theme="${theme}"` : '<html'))
      .replace('<div id="root"></div>', () => `<div id="root" data-drawn="${id}">${loggedIn ? drawing.loggedInHtml : drawing.html}</div>`)
      .replace('</body>', () => `<script type="application/json" id="cd-article" data-id="${id}">${block}</script></body>`);
    return { html, scriptHash: build.scriptHash };
  };
}

const gzip = promisify(zlib.gzip);

/**
 * Drawn pages gzipped, by their text: a page is the same for every reader of an article's version
 * in a theme, and gzipping a long read's page took ~5 ms of its first byte. Bounded by size
 * (the text counted twice: the key, and the copy it compresses to with room to spare).
 */
function gzippedPages(maxBytes = 16 * 1024 * 1024) {
  const kept = new LRUCache<string, Promise<Buffer>>({
    maxSize: maxBytes,
    sizeCalculation: (_bytes, html) => Math.max(1, html.length * 2),
  });
  return (html: string): Promise<Buffer> => {
    let bytes = kept.get(html);
    if (!bytes) {
      bytes = gzip(html);
      kept.set(html, bytes);
      bytes.catch(() => kept.delete(html));
    }
    return bytes;
  };
}

/** The page CSP with one more allowed script source (the page's own inline script, by hash). */
function allowingScript(policy: unknown, source: string): string | null {
  return typeof policy === 'string' && policy.includes('script-src ') ? policy.replace('script-src ', () => `script-src ${source} `) : null;
}

/**
 * Serves the built web app: hashed assets cached for a year, everything else
 * revalidated, and `index.html` for any other GET so the SPA renders its own 404.
 * Files are looked up per request (wildcard), so a rebuild is served without a restart;
 * a missing asset is a 404, never index.html (a stale page must fail its chunk load).
 */
export async function serveWebApp(app: FastifyInstance, dist: string | null, pageData?: PageData) {
  const index = dist ? path.join(dist, 'index.html') : null;
  if (!dist || !index || !fs.existsSync(index)) {
    if (dist) app.log.warn(`web app not built at ${dist}: run "npm run build"`);
    return (_req: FastifyRequest, reply: FastifyReply) => sendNotFound(reply);
  }
  await app.register(fastifyStatic, {
    root: dist,
    wildcard: true,
    index: 'index.html',
    // The build writes .br and .gz copies of its hashed text assets (web build/precompress.ts).
    preCompressed: true,
    setHeaders(reply, file) {
      const immutable = file.includes(`${path.sep}assets${path.sep}`);
      reply.header('cache-control', immutable ? 'public, max-age=31536000, immutable' : 'no-cache');
    },
  });
  const page = pageHtml(dist, pageData);
  const gzipped = gzippedPages();
  return async (req: FastifyRequest, reply: FastifyReply) => {
    if (req.url.startsWith('/assets/')) return sendNotFound(reply);
    const cookies = cookiesOf(req);
    // A session cookie keeps the pre-read panel's place in the drawing (a dead one costs the
    // reader one shift when the app finds no session).
    const answer = req.method === 'GET' ? await page(req.url, cookies[Cookies.theme], Boolean(cookies[Cookies.token])) : null;
    if (answer) {
      const policy = answer.scriptHash && allowingScript(reply.getHeader('content-security-policy'), answer.scriptHash);
      if (policy) reply.header('content-security-policy', policy);
      reply.header('cache-control', 'no-cache').header('vary', 'accept-encoding').type('text/html; charset=utf-8');
      // A drawn page carries the article's text (a long read's page is ~120 KB; ~35 KB gzipped).
      if (negotiate(req.headers['accept-encoding'] ?? '', ['gzip']) === 'gzip')
        return reply.header('content-encoding', 'gzip').send(await gzipped(answer.html));
      return reply.send(answer.html);
    }
    return reply.header('cache-control', 'no-cache').sendFile('index.html', dist);
  };
}
