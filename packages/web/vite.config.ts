/// <reference types="vitest/config" />
import { randomBytes } from 'node:crypto';
import path from 'node:path';
import react from '@vitejs/plugin-react';
import { defineConfig, type Plugin } from 'vite';
import { VitePWA } from 'vite-plugin-pwa';
import { firstScreen } from './build/first-screen.js';
import { precompress } from './build/precompress.js';

const API_TARGET = 'http://127.0.0.1:3000';

/**
 * Stamps each build with an id: defined as `__BUILD_ID__` for the running code and
 * written to `dist/version.json`, which the hourly build check compares against.
 * The dev server and tests use "dev", which the build check ignores.
 */
function buildId(): Plugin {
  let id = 'dev';
  return {
    name: 'changdu-build-id',
    config(_config, env) {
      if (env.command === 'build') {
        id = process.env.BUILD_ID ?? `${Date.now().toString(36)}-${randomBytes(3).toString('hex')}`;
      }
      return { define: { __BUILD_ID__: JSON.stringify(id) } };
    },
    generateBundle() {
      this.emitFile({ type: 'asset', fileName: 'version.json', source: `${JSON.stringify({ build_id: id })}\n` });
    },
  };
}

/**
 * The built app runs on Preact's React-compatible core (about 11 KB gzip against React DOM's 62):
 * the reader's whole route must stay under 120 KB (docs/performance.md). The code is written
 * against React's API and types; unit tests run it on React, the e2e suite on what ships.
 */
const preact = [
  { find: /^react-dom\/client$/, replacement: 'preact/compat/client' },
  { find: /^react-dom$/, replacement: 'preact/compat' },
  { find: /^react\/jsx-runtime$/, replacement: 'preact/jsx-runtime' },
  { find: /^react\/jsx-dev-runtime$/, replacement: 'preact/jsx-dev-runtime' },
  { find: /^react$/, replacement: path.resolve(import.meta.dirname, 'build/react-on-preact.js') },
];

/** The article route's first load: the entry and the route, with all they import statically. */
const ARTICLE_ROOTS = ['src/main.tsx', 'src/routes/article/ArticlePage.tsx'].map((f) => path.resolve(import.meta.dirname, f));
const articleModules = new Set<string>();

/**
 * Finds the article route's modules once the graph is known, before chunking: the chunk groups
 * below ask this set which shared chunk a module belongs to.
 */
function articleRouteModules(): Plugin {
  return {
    name: 'changdu-article-route-modules',
    apply: 'build',
    buildEnd() {
      articleModules.clear();
      const queue = [...ARTICLE_ROOTS];
      for (let id = queue.pop(); id !== undefined; id = queue.pop()) {
        if (articleModules.has(id)) continue;
        articleModules.add(id);
        queue.push(...(this.getModuleInfo(id)?.importedIds ?? []));
      }
    },
  };
}

export default defineConfig(({ command, mode }) => ({
  plugins: [
    react(),
    buildId(),
    articleRouteModules(),
    firstScreen(),
    precompress(),
    // The service worker (src/sw/sw.ts, docs/offline.md), built with workbox; the page registers
    // it itself after the text has loaded (src/offline/register.ts), and the manifest is the
    // committed public/manifest.webmanifest that index.html links.
    VitePWA({
      strategies: 'injectManifest',
      srcDir: 'src/sw',
      filename: 'sw.ts',
      injectRegister: false,
      manifest: false,
      injectManifest: {
        rollupFormat: 'iife',
        // The app shell: every page's code and styles, index.html and the icons. Not the .br/.gz
        // copies (the browser asks for the file), not first-screen.json (the server's).
        globPatterns: ['**/*.{js,css,html,svg,png,webmanifest}'],
        globIgnores: ['**/.first-screen-*/**', 'first-screen.json'],
      },
    }),
  ],
  resolve: {
    alias: [
      // The contract's zod-free face (constants, codes, the route table): the schemas validate on
      // the server, and the client trusts its typed results (docs/performance.md).
      { find: /^@changdu\/contract$/, replacement: path.resolve(import.meta.dirname, '../contract/src/client.ts') },
      ...(command === 'build' && mode !== 'react' ? preact : []),
    ],
  },
  server: {
    proxy: {
      '/api': API_TARGET,
      '/auth': API_TARGET,
      '/reader': API_TARGET,
    },
  },
  build: {
    outDir: 'dist',
    assetsDir: 'assets',
    emptyOutDir: true,
    // The server preloads the article route's chunks and styles from it (server http/web-app.ts).
    manifest: true,
    // Code two or more chunks share goes into one `shared` chunk instead of ~25 small ones: over
    // HTTP/1.1 a browser opens 6 connections per host, so the article route's 28 files arrived
    // in five rounds (docs/performance.md, long articles). The cost: every page's first load
    // carries the shared code (86 KB gzip with the entry's 9 KB, against ~66 KB across six files).
    // The article route is the one a reader opens first and most (its JS has a budget in the
    // bench), so shared code it never loads (editors, admin, flashcard screens…) goes into a
    // second chunk, `shared-rest`, which only the routes that use it load.
    rolldownOptions: {
      // A name imported from a module that does not export it is `undefined` at run time; the
      // bundler only warns, so the build fails instead (react-on-preact.js exports what React
      // Router reads off `react`).
      onLog(level, log, handler) {
        if (log.code === 'IMPORT_IS_UNDEFINED') throw new Error(`build: ${log.message}`);
        handler(level, log);
      },
      output: {
        // Without it a `shared-rest` module would take along what it imports, the article's own
        // modules too (the article route then loaded `shared-rest`); with it, chunks may import
        // each other both ways, so modules run in their import order (rolldown's advice).
        strictExecutionOrder: true,
        codeSplitting: {
          includeDependenciesRecursively: false,
          groups: [
            { name: 'shared', test: (id) => articleModules.has(id), priority: 2, minSize: 20 * 1024, minShareCount: 2 },
            { name: 'shared-rest', priority: 1, minSize: 20 * 1024, minShareCount: 2 },
          ],
        },
      },
    },
  },
  test: {
    name: 'web',
    environment: 'jsdom',
    include: ['src/**/*.test.{ts,tsx}', 'build/**/*.test.ts'],
    setupFiles: ['./src/test/setup.ts'],
    // Screen tests render whole routes; on a loaded two-core CI machine they need more than 5 s.
    testTimeout: 20_000,
  },
}));
