/**
 * What the service worker keeps, shared by the worker (src/sw/sw.ts) and the page (keeping an
 * article, listing kept ones, clearing at logout). The size budget is by count: workbox's
 * expiration counts entries, and a phone's quota is shared with the rest of the origin.
 *
 * - pages: the last 50 article pages opened (a drawn long read is ~35 KB gzipped, so ≤ ~6 MB).
 * - data: the last 300 answers of the reading loop's GET calls (article, notes, word book, due
 *   cards, home lists, the current user), 30 days (≤ ~6 MB: most are a few KB).
 * - packs: the last 50 articles' dictionary packs (~20–60 KB each, ≤ ~3 MB).
 * - images: the last 200 same-origin images, 30 days (≤ ~30 MB at the image service's sizes).
 * About 45 MB in all beside the precached app shell (~1.5 MB); a quota error empties the
 * runtime caches rather than failing the page.
 */
export const KEPT = {
  pages: 'cd-pages',
  data: 'cd-data',
  packs: 'cd-packs',
  images: 'cd-images',
} as const;

export const KEPT_LIMITS = {
  pages: 50,
  data: 300,
  packs: 50,
  images: 200,
  maxAgeSeconds: 30 * 24 * 60 * 60,
} as const;

/** The article reader's page. */
export const ARTICLE_PAGE = /^\/article\/(\d{1,10})\/?$/;
export const PACK_PATH = /^\/api\/english\/pack\/(\d{1,10})$/;
export const LOOKUP_PATH = '/api/english/word';
export const IMAGE_PATH = /^\/api\/image\//;

/**
 * The GET calls kept for reading offline: an allowlist, so nothing else of a reader's (orders,
 * admin lists, exports, AI answers, signed reading-time tokens) is ever written to the cache.
 */
export const KEPT_DATA = [
  /^\/reader\/article\/(waikan\/)?\d+\/show$/,
  /^\/reader\/article\/\d+\/notes(\/all)?$/,
  /^\/reader\/article\/\d+\/level_words$/,
  /^\/reader\/article\/(waikan|topic|labels)$/,
  /^\/api\/recommend\/foryou$/,
  /^\/reader\/myword(\/overview|\/review\/next|\/review\/article|\/detail)?$/,
  /^\/reader\/mynote(\/\d+)?$/,
  /^\/reader\/history(\/data|\/data\/today)?$/,
  /^\/api\/user\/me$/,
  /^\/api\/config$/,
];

export const isKeptData = (pathname: string) => KEPT_DATA.some((rule) => rule.test(pathname));

/** The Background Sync tag the outbox registers; the worker sends the outbox when it fires. */
export const OUTBOX_SYNC = 'cd-outbox';
