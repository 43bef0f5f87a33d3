import { CacheableResponsePlugin } from 'workbox-cacheable-response';
import { clientsClaim } from 'workbox-core';
import { ExpirationPlugin } from 'workbox-expiration';
import { cleanupOutdatedCaches, matchPrecache, precacheAndRoute } from 'workbox-precaching';
import { NavigationRoute, registerRoute, setCatchHandler } from 'workbox-routing';
import { CacheFirst, NetworkFirst, NetworkOnly } from 'workbox-strategies';
import type { WordMissing } from '@changdu/contract';
import { ARTICLE_PAGE, IMAGE_PATH, KEPT, KEPT_LIMITS, LOOKUP_PATH, OUTBOX_SYNC, PACK_PATH, isKeptData } from '../offline/caches';
import { flushOutbox, outboxWrites } from '../offline/outbox';
import { answerFromPacks, type DictPack } from '../offline/pack-lookup';
import { inWordBook, WORD_LIST_PATHS, wordsOfAnswer } from '../offline/wordbook-state';

/**
 * The service worker (built by vite-plugin-pwa's injectManifest from this file; docs/offline.md):
 * the app shell precached, and runtime caches, all by workbox, for what a reader opened — article
 * pages, the reading loop's data, dictionary packs, images. Offline, a tapped word is answered
 * from the packs kept, other pages get the app shell, and the outbox is sent by Background Sync.
 */
declare const self: ServiceWorkerGlobalScope & { __WB_MANIFEST: { url: string; revision: string | null }[] };

precacheAndRoute(self.__WB_MANIFEST);
cleanupOutdatedCaches();
// The first worker takes the open page at once (so what it opens next is kept); a new build's
// worker waits for the page's go-ahead instead (SKIP_WAITING, from UpdateBanner).
clientsClaim();
self.addEventListener('message', (event) => {
  if ((event.data as { type?: unknown } | null)?.type === 'SKIP_WAITING') void self.skipWaiting();
});

const sameOrigin = (url: URL) => url.origin === self.location.origin;
const ok = new CacheableResponsePlugin({ statuses: [200] });
const expiring = (maxEntries: number, maxAgeSeconds?: number) =>
  new ExpirationPlugin({ maxEntries, ...(maxAgeSeconds ? { maxAgeSeconds } : {}), purgeOnQuotaError: true });

// Article pages: the network first (a new version, the reader's theme), the kept page offline.
registerRoute(
  ({ url, request }) => sameOrigin(url) && request.method === 'GET' && ARTICLE_PAGE.test(url.pathname),
  new NetworkFirst({ cacheName: KEPT.pages, networkTimeoutSeconds: 6, plugins: [ok, expiring(KEPT_LIMITS.pages)] }),
);

// Every other page: the network, else the app shell, which draws the page from kept data.
registerRoute(new NavigationRoute(new NetworkOnly({ networkTimeoutSeconds: 6 })));

registerRoute(
  ({ url }) => sameOrigin(url) && PACK_PATH.test(url.pathname),
  new NetworkFirst({ cacheName: KEPT.packs, networkTimeoutSeconds: 6, plugins: [ok, expiring(KEPT_LIMITS.packs)] }),
);

registerRoute(
  ({ url }) => sameOrigin(url) && isKeptData(url.pathname),
  new NetworkFirst({
    cacheName: KEPT.data,
    networkTimeoutSeconds: 6,
    plugins: [ok, expiring(KEPT_LIMITS.data, KEPT_LIMITS.maxAgeSeconds)],
  }),
);

registerRoute(
  ({ url, request }) => sameOrigin(url) && (IMAGE_PATH.test(url.pathname) || request.destination === 'image'),
  new CacheFirst({ cacheName: KEPT.images, plugins: [ok, expiring(KEPT_LIMITS.images, KEPT_LIMITS.maxAgeSeconds)] }),
);

/** The packs kept, newest first (the article just opened is the likeliest to hold the word). */
async function keptPacks(): Promise<DictPack[]> {
  const cache = await caches.open(KEPT.packs);
  const packs: DictPack[] = [];
  for (const request of [...(await cache.keys())].reverse()) {
    const body = (await (await cache.match(request))?.json().catch(() => null)) as { result?: DictPack } | null;
    if (body?.result) packs.push(body.result);
  }
  return packs;
}

/** The words of the word-book lists kept (the article's words, the word book's pages, the due cards). */
async function keptBookWords(): Promise<Set<string>> {
  const cache = await caches.open(KEPT.data);
  const words = new Set<string>();
  for (const request of await cache.keys()) {
    if (!WORD_LIST_PATHS.includes(new URL(request.url).pathname)) continue;
    const body: unknown = await (await cache.match(request))?.json().catch(() => null);
    for (const word of wordsOfAnswer(body)) words.add(word);
  }
  return words;
}

const envelope = (code: string, msg: string, result: unknown) =>
  new Response(JSON.stringify({ status: { code, msg }, result }), { headers: { 'content-type': 'application/json; charset=utf-8' } });

// A lookup: the network (the sentence-aware answer); offline, the kept packs' answer.
const lookups = new NetworkOnly({ networkTimeoutSeconds: 6 });
registerRoute(
  ({ url, request }) => sameOrigin(url) && request.method === 'GET' && url.pathname === LOOKUP_PATH,
  async (options) => {
    try {
      return await lookups.handle(options);
    } catch {
      const word = options.url.searchParams.get('word') ?? '';
      const [packs, pending, kept] = await Promise.all([
        keptPacks(),
        outboxWrites().catch(() => []),
        keptBookWords().catch(() => new Set<string>()),
      ]);
      const entry = answerFromPacks(word, packs, (words) => inWordBook(words, pending, kept));
      // A word not in the packs is answered as the server answers one the dictionary lacks (found: false).
      const missing: WordMissing = {
        found: false,
        query: word,
        suggestions: [],
        message: `离线时只能查已保存文章里的词，“${word}”不在其中`,
      };
      return envelope('200', 'success', entry ?? missing);
    }
  },
);

// Offline and not kept: a page gets the app shell (it says what is not available offline).
setCatchHandler(async ({ request }) => {
  if (request.destination === 'document') return (await matchPrecache('/index.html')) ?? Response.error();
  return Response.error();
});

interface SyncEvent extends ExtendableEvent {
  readonly tag: string;
}
self.addEventListener('sync', ((event: SyncEvent) => {
  if (event.tag === OUTBOX_SYNC) event.waitUntil(flushOutbox());
}) as EventListener);
