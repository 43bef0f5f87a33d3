import fs from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { readerPageHtml, type ArticleDetail } from '@changdu/contract';
import { sendNotFound } from './error-handler.js';

/**
 * Serves the built web app: hashed assets cached for a year, everything else
 * revalidated, and `index.html` for any other GET so the SPA renders its own 404.
 * Files are looked up per request (wildcard), so a rebuild is served without a restart;
 * a missing asset is a 404, never index.html (a stale page must fail its chunk load).
 */
/** The data of a page the server can put into its first response: the article reader's, for now. */
export interface PageData {
  /** The shared article as JSON text for an anonymous reader, or null when it is not public (then the page fetches it). */
  article(id: number): Promise<string | null>;
}

const ARTICLE_PAGE = /^\/article\/(\d{1,10})\/?(?:\?.*)?$/;

/** JSON inside `<script type="application/json">`: no `<` survives, so neither `</script>` nor `<!--` can end or bend it. */
const inScript = (json: string) => json.replace(/</g, '\\u003c');

/**
 * index.html for one request: for the article page (`/article/{id}`), the route's files preloaded
 * with the entry and, for an article open to all, the article twice: drawn into `#root` as the
 * reader draws it (contract `readerPageHtml`), so its text paints from this response like a static
 * page, and as a data block (never executed; the CSP stays `script-src 'self'`) that the app
 * renders from without a fetch. `/early-tap.js` keeps a tap on the drawn text until the app can
 * answer it (docs/performance.md). Other pages get the file as built.
 */
function pageHtml(dist: string, pageData: PageData | undefined) {
  let cached: { mtimeMs: number; html: string; links: RouteLinks } | null = null;
  const read = () => {
    const file = path.join(dist, 'index.html');
    const mtimeMs = fs.statSync(file).mtimeMs;
    if (cached?.mtimeMs !== mtimeMs) {
      const html = fs.readFileSync(file, 'utf8');
      cached = { mtimeMs, html, links: articleRouteLinks(dist, html) };
    }
    return cached;
  };
  // The last drawing per article, reused while its prepared JSON is the same text.
  const drawn = new Map<number, { json: string; html: string }>();
  const draw = (id: number, json: string) => {
    const last = drawn.get(id);
    if (last?.json === json) return last.html;
    const html = readerPageHtml(JSON.parse(json) as ArticleDetail);
    if (drawn.size >= 64) drawn.delete(drawn.keys().next().value!);
    drawn.set(id, { json, html });
    return html;
  };
  return async (url: string): Promise<string | null> => {
    const match = pageData ? ARTICLE_PAGE.exec(url) : null;
    if (!match || !pageData) return null;
    const { html, links } = read();
    const id = Number(match[1]);
    const json = await pageData.article(id).catch(() => null);
    // Replacements by function: a `$&` or `$'` in an article is text, not a replacement pattern.
    if (!json) return links.preload ? html.replace('</head>', () => `${links.preload}</head>`) : null;
    const head = [
      // Before the text: a tap on it must find the listener (a same-origin file; no inline script).
      '<script src="/early-tap.js"></script>',
      // The drawn text needs the route's styles to sit where the app will put it.
      links.stylesheets,
      links.modules,
      `<script type="application/json" id="cd-article" data-id="${id}">${inScript(json)}</script>`,
    ].join('');
    return html
      .replace('</head>', () => `${head}</head>`)
      .replace('<div id="root"></div>', () => `<div id="root" data-drawn="${id}">${draw(id, json)}</div>`);
  };
}

interface ManifestChunk {
  file: string;
  imports?: string[];
  css?: string[];
}

interface RouteLinks {
  /** Scripts and styles preloaded, styles not applied: for a page whose text the app draws. */
  preload: string;
  /** The styles applied: for a page the server draws (the text must sit where the app puts it). */
  stylesheets: string;
  /** The scripts preloaded. */
  modules: string;
}

/**
 * The article route's chunk with every chunk it imports and their styles, as links: fetched beside
 * the entry instead of after it has run (the route's imports would otherwise start only when the
 * router asks for the route). From Vite's manifest; without one, the route's chunk alone. Files
 * index.html already names are left out.
 */
function articleRouteLinks(dist: string, html: string): RouteLinks {
  let manifest: Record<string, ManifestChunk> | null = null;
  try {
    manifest = JSON.parse(fs.readFileSync(path.join(dist, '.vite', 'manifest.json'), 'utf8')) as Record<string, ManifestChunk>;
  } catch {
    manifest = null;
  }
  const isRoute = (file: string) => /^(?:assets\/)?ArticlePage-[\w-]+\.js$/.test(file);
  if (!manifest) {
    const chunk = fs.readdirSync(path.join(dist, 'assets')).find(isRoute);
    const modules = chunk ? `<link rel="modulepreload" href="/assets/${chunk}">` : '';
    return { preload: modules, stylesheets: '', modules };
  }
  const routeKey = Object.keys(manifest).find((key) => isRoute(manifest[key]!.file));
  const scripts = new Set<string>();
  const styles = new Set<string>();
  const visit = (key: string) => {
    const chunk = manifest[key];
    if (!chunk || scripts.has(chunk.file)) return;
    scripts.add(chunk.file);
    for (const css of chunk.css ?? []) styles.add(css);
    for (const next of chunk.imports ?? []) visit(next);
  };
  if (routeKey) visit(routeKey);
  const named = (file: string) => html.includes(`/${file}"`);
  const newStyles = [...styles].filter((f) => !named(f));
  const modules = [...scripts]
    .filter((f) => !named(f))
    .map((f) => `<link rel="modulepreload" href="/${f}">`)
    .join('');
  return {
    // Preloaded, not applied: a stylesheet link would hold the entry script until it arrived.
    // The route's own loader applies them when it runs (from the cache by then).
    preload: newStyles.map((f) => `<link rel="preload" as="style" href="/${f}">`).join('') + modules,
    stylesheets: newStyles.map((f) => `<link rel="stylesheet" href="/${f}">`).join(''),
    modules,
  };
}

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
    setHeaders(reply, file) {
      const immutable = file.includes(`${path.sep}assets${path.sep}`);
      reply.header('cache-control', immutable ? 'public, max-age=31536000, immutable' : 'no-cache');
    },
  });
  const page = pageHtml(dist, pageData);
  return async (req: FastifyRequest, reply: FastifyReply) => {
    if (req.url.startsWith('/assets/')) return sendNotFound(reply);
    const html = req.method === 'GET' ? await page(req.url) : null;
    if (html) return reply.header('cache-control', 'no-cache').type('text/html; charset=utf-8').send(html);
    return reply.header('cache-control', 'no-cache').sendFile('index.html', dist);
  };
}
