import fs from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
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
 * index.html for one request: for the article page (`/article/{id}`), the route's chunk preloaded
 * with the entry and the article itself inlined as a data block (never executed; the CSP stays
 * `script-src 'self'`), so the page renders without waiting for a chunk and then a fetch
 * (docs/performance.md). Other pages get the file as built.
 */
function pageHtml(dist: string, pageData: PageData | undefined) {
  let cached: { mtimeMs: number; html: string; preload: string } | null = null;
  const read = () => {
    const file = path.join(dist, 'index.html');
    const mtimeMs = fs.statSync(file).mtimeMs;
    if (cached?.mtimeMs !== mtimeMs) {
      const html = fs.readFileSync(file, 'utf8');
      cached = { mtimeMs, html, preload: articleRouteLinks(dist, html) };
    }
    return cached;
  };
  return async (url: string): Promise<string | null> => {
    const match = pageData ? ARTICLE_PAGE.exec(url) : null;
    if (!match || !pageData) return null;
    const { html, preload } = read();
    const json = await pageData.article(Number(match[1])).catch(() => null);
    const head = [
      preload,
      json ? `<script type="application/json" id="cd-article" data-id="${Number(match[1])}">${inScript(json)}</script>` : '',
    ].join('');
    return head ? html.replace('</head>', `${head}</head>`) : null;
  };
}

interface ManifestChunk {
  file: string;
  imports?: string[];
  css?: string[];
}

/**
 * The article route's chunk with every chunk it imports and their styles, as preload and
 * stylesheet links: fetched beside the entry instead of after it has run (the route's imports
 * would otherwise start only when the router asks for the route). From Vite's manifest; without
 * one, the route's chunk alone. Files index.html already names are left out.
 */
function articleRouteLinks(dist: string, html: string): string {
  let manifest: Record<string, ManifestChunk> | null = null;
  try {
    manifest = JSON.parse(fs.readFileSync(path.join(dist, '.vite', 'manifest.json'), 'utf8')) as Record<string, ManifestChunk>;
  } catch {
    manifest = null;
  }
  const isRoute = (file: string) => /^(?:assets\/)?ArticlePage-[\w-]+\.js$/.test(file);
  if (!manifest) {
    const chunk = fs.readdirSync(path.join(dist, 'assets')).find(isRoute);
    return chunk ? `<link rel="modulepreload" href="/assets/${chunk}">` : '';
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
  return [
    // Preloaded, not applied: a stylesheet link would hold the entry script until it arrived.
    // The route's own loader applies them when it runs (from the cache by then).
    ...[...styles].filter((f) => !named(f)).map((f) => `<link rel="preload" as="style" href="/${f}">`),
    ...[...scripts].filter((f) => !named(f)).map((f) => `<link rel="modulepreload" href="/${f}">`),
  ].join('');
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
