import { createHash } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import Beasties from 'beasties';
import { build, type Plugin, type Rolldown } from 'vite';
// By path: the config is bundled for Node, which would load the workspace package's TypeScript as is.
import {
  FIRST_SCREEN_FILE,
  readerPageHtml,
  wordEntryHtml,
  wordPhraseHtml,
  wordSheetPendingHtml,
  type FirstScreenBuild,
} from '../../contract/src/reader-html.js';
import { makeDetail, makeParagraph } from '../src/test/articles.js';
import { makeEntry } from '../src/test/reader.js';
import { HELD_STYLE } from '../src/boot/held-styles.js';

/**
 * What the server needs to draw the reading page into its first response (server
 * http/web-app.ts), made once per build and written to `dist/first-screen.json`:
 *
 * - `html`: index.html for a drawn page. Its head carries the first screen's CSS inline (only
 *   the rules the drawn page uses, picked by Beasties from the built styles against a specimen
 *   page with every kind of block and the word sheet) and the first screen's script inline
 *   (`src/boot/first-screen.ts`, built here on its own as one classic script). The app's own
 *   tags (entry script, its modules and styles, and the article route's) move into an inert
 *   `<template id="cd-app">` that the script puts into the head once the page is parsed: the
 *   text paints like a static page's, without waiting for ~100 KB of styles or the app. The
 *   styles come as preloads the app applies just before its first render (`applyHeldStyles`):
 *   restyling the page with all of them is work a tap on the drawn text need not wait for.
 * - `scriptHash`: the CSP source that allows that inline script and no other.
 * - `routePreload`: links that fetch the article route's modules and styles beside the entry,
 *   for an article page the app draws itself (members only, not yet published).
 */
export function firstScreen(): Plugin {
  let root = '';
  let outDir = '';
  let route: { modules: string[]; styles: string[] } = { modules: [], styles: [] };
  return {
    name: 'changdu-first-screen',
    apply: 'build',
    configResolved(config) {
      root = config.root;
      outDir = path.resolve(config.root, config.build.outDir);
    },
    writeBundle(_options, bundle) {
      route = articleRouteFiles(bundle);
    },
    async closeBundle() {
      const script = await buildScript(root, outDir);
      const index = fs.readFileSync(path.join(outDir, 'index.html'), 'utf8');
      const { head, app } = takeAppTags(index);
      const named = (file: string) => app.modules.includes(file) || app.styles.includes(file) || app.entry === file;
      const modules = [...app.modules, ...route.modules.filter((f) => !named(f))];
      const styles = [...app.styles, ...route.styles.filter((f) => !named(f))];
      const css = await criticalCss(outDir, styles);
      const template =
        `<template id="cd-app" data-entry="${app.entry}">` +
        styles.map((f) => `<link rel="preload" as="style" crossorigin href="${f}" ${HELD_STYLE}>`).join('') +
        modules.map((f) => `<link rel="modulepreload" crossorigin href="${f}">`).join('') +
        `</template>`;
      const out: FirstScreenBuild = {
        html: head.replace('</head>', () => `<style>${css}</style><script>${script}</script>${template}</head>`),
        scriptHash: `'sha256-${createHash('sha256').update(script).digest('base64')}'`,
        // `crossorigin` as on the tags Vite's loader adds for the route's files: a preload whose
        // credentials mode differs from the later request is not used (and Chrome warns).
        routePreload:
          route.styles
            .filter((f) => !named(f))
            .map((f) => `<link rel="preload" as="style" crossorigin href="${f}">`)
            .join('') +
          route.modules
            .filter((f) => !named(f))
            .map((f) => `<link rel="modulepreload" crossorigin href="${f}">`)
            .join(''),
      };
      fs.writeFileSync(path.join(outDir, FIRST_SCREEN_FILE), JSON.stringify(out));
    },
  };
}

/** The article route's chunk and every chunk it imports, with their styles, as site paths. */
export function articleRouteFiles(bundle: Rolldown.OutputBundle): { modules: string[]; styles: string[] } {
  const chunks = Object.values(bundle).filter((o): o is Rolldown.OutputChunk => o.type === 'chunk');
  const start = chunks.find((c) => c.facadeModuleId?.endsWith('/src/routes/article/ArticlePage.tsx'));
  if (!start) throw new Error('first-screen: the article route chunk is missing from the build');
  const modules: string[] = [];
  const styles = new Set<string>();
  const visit = (chunk: Rolldown.OutputChunk) => {
    if (chunk.isEntry || modules.includes(`/${chunk.fileName}`)) return;
    modules.push(`/${chunk.fileName}`);
    for (const css of chunk.viteMetadata?.importedCss ?? []) styles.add(`/${css}`);
    for (const name of chunk.imports) {
      const next = bundle[name];
      if (next?.type === 'chunk') visit(next);
    }
  };
  visit(start);
  return { modules, styles: [...styles] };
}

// Each with the line's indent before it, so the head keeps no blank lines.
const ENTRY = /\s*<script type="module" crossorigin src="([^"]+)"><\/script>/;
const LINK = /\s*<link rel="(modulepreload|stylesheet)" crossorigin href="([^"]+)">/g;

/** index.html's head without the tags Vite put in for the app, and what they loaded. */
export function takeAppTags(index: string): { head: string; app: { entry: string; modules: string[]; styles: string[] } } {
  const entry = ENTRY.exec(index)?.[1];
  if (!entry) throw new Error('first-screen: index.html has no module entry');
  const modules: string[] = [];
  const styles: string[] = [];
  const head = index.replace(ENTRY, '').replace(LINK, (_tag, rel: string, href: string) => {
    (rel === 'stylesheet' ? styles : modules).push(href);
    return '';
  });
  return { head, app: { entry, modules, styles } };
}

/** `src/boot/first-screen.ts` as one minified classic script (it runs inline, before the text is parsed). */
async function buildScript(root: string, outDir: string): Promise<string> {
  const scratch = fs.mkdtempSync(path.join(outDir, '.first-screen-'));
  try {
    await build({
      configFile: false,
      root,
      logLevel: 'warn',
      resolve: {
        alias: [{ find: /^@changdu\/contract$/, replacement: path.resolve(root, '../contract/src/client.ts') }],
      },
      build: {
        outDir: scratch,
        emptyOutDir: false,
        copyPublicDir: false,
        minify: true,
        lib: {
          entry: path.resolve(root, 'src/boot/first-screen.ts'),
          formats: ['iife'],
          name: 'cdFirstScreen',
          fileName: () => 'first-screen.js',
        },
      },
    });
    // Inline, the script must not end the element early.
    return fs
      .readFileSync(path.join(scratch, 'first-screen.js'), 'utf8')
      .trim()
      .replace(/<\/(script)/gi, '<\\/$1');
  } finally {
    fs.rmSync(scratch, { recursive: true, force: true });
  }
}

/**
 * A drawn reading page with every kind of block, chip and the word sheet (looking up, then filled): the rules its elements
 * match are the first screen's CSS. Theme rules are kept whatever the specimen's theme.
 */
async function criticalCss(outDir: string, styles: string[]): Promise<string> {
  const paragraphs = [
    makeParagraph('h2', { kind: 'h2', html: 'Heading' }),
    makeParagraph('h3', { kind: 'h3', html: 'Subheading' }),
    makeParagraph('p', { html: 'Text with <em>emphasis</em>, <strong>strength</strong> and <a href="/x">a link</a>.' }),
    makeParagraph('q', { kind: 'blockquote', html: 'A quote.' }),
    makeParagraph('li', { kind: 'li', html: 'An item' }),
    makeParagraph('f', { kind: 'figure', html: '<img src="/api/image/f.webp" alt=""><figcaption>A caption</figcaption>' }),
  ];
  const full = makeDetail({
    title: 'Specimen',
    title_zh: '样张',
    author: { id: 1, name: 'A. Writer' },
    topics: ['science'],
    cover: '/api/image/cover.webp',
    summary: 'A summary.',
    is_lock: true,
    me: { starred: false, finished: true },
    published_at: '2025-03-01T08:00:00.000Z',
    paragraphs,
  });
  // The head's parts in each combination that sibling rules tell apart (a dateline right after the
  // title, after the Chinese title, after the byline); the first as a logged-in reader's page, with
  // the pre-read panel's place.
  const heads = [
    full,
    { ...full, title_zh: null },
    { ...full, author: null },
    { ...full, title_zh: null, author: null, cover: null, summary: null },
  ];
  const page =
    `<!doctype html><html lang="zh-CN"><head>${styles.map((f) => `<link rel="stylesheet" href="${f}">`).join('')}</head>` +
    `<body class="modal-open"><div id="root" data-drawn="1">${heads.map((a, i) => readerPageHtml(a, { loggedIn: i === 0 })).join('')}</div>${wordSheetPendingHtml('specimen')}` +
    // The sheet as the script fills it once the word's answer is in: an entry, and a word not found.
    `<div class="modal-panel word-sheet"><div class="modal-body"><div class="word-sheet-body">${wordPhraseHtml({ text: 'give up', meanings: [{ pos: 'v.', text: '放弃' }], definition: 'stop trying' })}${wordEntryHtml(makeEntry({ function_note: 'A note.' }))}<p class="word-missing">Not found.</p></div></div></div></body></html>`;
  const beasties = new Beasties({
    path: outDir,
    publicPath: '/',
    logLevel: 'warn',
    pruneSource: false,
    // Colours and the reader's scale live on :root per theme; the specimen has one theme.
    allowRules: [/data-theme/, /prefers-color-scheme/],
  });
  const out = await beasties.process(page);
  const css = [...out.matchAll(/<style>([\s\S]*?)<\/style>/g)].map((m) => m[1]).join('');
  if (!css) throw new Error('first-screen: no critical CSS was found for the specimen page');
  return css.replace(/<\/(style)/gi, '<\\/$1');
}
