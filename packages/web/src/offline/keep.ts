import { REVIEW_BATCH } from '@changdu/contract';
import { endpointUrl, identityHeaders } from '../api/client';
import { BUILD_ID } from '../lib/build-check';
import { KEPT } from './caches';

/**
 * Keeps an article the reader opened for reading offline: its page, its data, its dictionary
 * pack, the reader's notes on it and its images are fetched through the service worker, whose
 * runtime caches keep them (sw.ts); the article is ready offline once each is in a cache. A page
 * the worker did not control yet when it loaded (the first visit) is kept this way too.
 */
export function keptUrls(articleId: number, loggedIn: boolean): { url: string; api: boolean }[] {
  return [
    { url: `/article/${articleId}`, api: false },
    { url: endpointUrl('article.show', { id: articleId }), api: true },
    { url: endpointUrl('dict.pack', { article_id: articleId }), api: true },
    // The reader's own: notes on the article, who they are, and the due cards (with contexts).
    ...(loggedIn
      ? [
          { url: endpointUrl('note.mine', { id: articleId }), api: true },
          { url: endpointUrl('user.me', {}), api: true },
          { url: endpointUrl('words.overview', {}), api: true },
          { url: endpointUrl('words.next', { force: false, size: REVIEW_BATCH }), api: true },
        ]
      : []),
  ];
}

const usable = () =>
  BUILD_ID !== 'dev' && typeof caches !== 'undefined' && typeof navigator !== 'undefined' && 'serviceWorker' in navigator;

/** The worker controlling this page, waiting for the first one to take it (at most 20 s). */
function controller(): Promise<ServiceWorker | null> {
  const sw = navigator.serviceWorker;
  if (sw.controller) return Promise.resolve(sw.controller);
  return new Promise((resolve) => {
    const timer = setTimeout(() => resolve(null), 20_000);
    sw.addEventListener(
      'controllerchange',
      () => {
        clearTimeout(timer);
        resolve(sw.controller);
      },
      { once: true },
    );
  });
}

/** True when everything the article needs offline is kept. Online, it is fetched (kept) first. */
export async function keepArticle(articleId: number, loggedIn: boolean, images: readonly string[] = []): Promise<boolean> {
  if (!usable()) return false;
  const urls = keptUrls(articleId, loggedIn);
  if (navigator.onLine && (await controller())) {
    const same = images.filter((src) => new URL(src, location.href).origin === location.origin);
    await Promise.all([
      ...urls.map(({ url, api }) => fetch(url, { credentials: 'same-origin', headers: api ? identityHeaders() : {} }).catch(() => null)),
      ...same.map((src) => fetch(src, { credentials: 'same-origin' }).catch(() => null)),
    ]);
  }
  // The worker writes its cache after answering (so a moment later), and a kept answer may vary
  // by the identity headers the page sent, which a bare URL does not carry.
  for (let tries = 0; tries < 10; tries++) {
    const found = await Promise.all(urls.map(({ url }) => caches.match(url, { ignoreVary: true })));
    if (found.every(Boolean)) return true;
    if (!navigator.onLine) return false;
    await new Promise((resolve) => setTimeout(resolve, 300));
  }
  return false;
}

/** The ids of the articles whose pages are kept (the home screen's offline list). */
export async function keptArticleIds(): Promise<Set<number>> {
  if (typeof caches === 'undefined') return new Set();
  const cache = await caches.open(KEPT.pages);
  const ids = (await cache.keys()).map((request) => Number(/\/article\/(\d+)/.exec(new URL(request.url).pathname)?.[1]));
  return new Set(ids.filter((id) => Number.isInteger(id) && id > 0));
}

/**
 * Logging out: what was kept of this reader goes (their data, and the articles as they could
 * read them: a member's full text stays with the member). The precached app shell stays.
 */
export async function forgetKept(): Promise<void> {
  if (typeof caches === 'undefined') return;
  await Promise.all(Object.values(KEPT).map((name) => caches.delete(name)));
}
