import { KEPT } from './caches';

/**
 * The articles kept for reading offline, read from the service worker's caches (sw.ts): the
 * 已下载 screen lists them with their size, with or without the network, and removes one on
 * the reader's word. What an article holds: its page, its API answers (the article, the
 * reader's notes on it, its level words), its dictionary pack and the images its article
 * answer names.
 */

export interface KeptArticle {
  id: number;
  title: string;
  title_zh: string | null;
  /** Bytes kept for it, all caches together. */
  bytes: number;
  /** When its page was kept (the answer's date), ms; 0 when unknown. */
  kept_at: number;
}

const pageId = (url: string) => Number(/^\/article\/(\d{1,10})\/?$/.exec(new URL(url).pathname)?.[1] ?? Number.NaN);

/** Whether a kept API answer belongs to article `id` (its show, notes and level words; its pack). */
function ofArticle(url: string, id: number): boolean {
  const path = new URL(url).pathname;
  return new RegExp(`^/reader/article/(waikan/)?${id}/`).test(path) || path === `/api/english/pack/${id}`;
}

function parsed(text: string): { result?: { title?: unknown; title_zh?: unknown } | null } | null {
  try {
    return JSON.parse(text) as { result?: { title?: unknown; title_zh?: unknown } | null };
  } catch {
    return null;
  }
}

const isShow = (url: string) => /^\/reader\/article\/(waikan\/)?\d+\/show$/.test(new URL(url).pathname);

async function sizeOf(response: Response | undefined): Promise<number> {
  if (!response) return 0;
  return (await response.clone().blob()).size;
}

interface Kept {
  pages: Cache;
  data: Cache;
  packs: Cache;
  images: Cache;
}

async function openKept(): Promise<Kept | null> {
  if (typeof caches === 'undefined') return null;
  const [pages, data, packs, images] = await Promise.all([
    caches.open(KEPT.pages),
    caches.open(KEPT.data),
    caches.open(KEPT.packs),
    caches.open(KEPT.images),
  ]);
  return { pages, data, packs, images };
}

/** The images an article's kept answer names (same-origin paths, as the worker keeps them). */
function imagesNamed(showText: string, imageUrls: readonly string[]): string[] {
  return imageUrls.filter((url) => {
    const { pathname, search } = new URL(url);
    return showText.includes(pathname + search) || showText.includes(url);
  });
}

/** A title for an article whose API answer was not kept: the drawn page's own. */
function titleOfPage(html: string): string {
  const h1 = /<h1[^>]*>([\s\S]*?)<\/h1>/i.exec(html)?.[1] ?? /<title>([\s\S]*?)<\/title>/i.exec(html)?.[1] ?? '';
  const text = h1.replace(/<[^>]+>/g, '').trim();
  const parsed = new DOMParser().parseFromString(text, 'text/html').documentElement.textContent ?? text;
  return parsed.trim();
}

/** Every kept article, newest first. */
export async function keptArticles(): Promise<KeptArticle[]> {
  const kept = await openKept();
  if (!kept) return [];
  const [pageKeys, dataKeys, packKeys, imageKeys] = await Promise.all([
    kept.pages.keys(),
    kept.data.keys(),
    kept.packs.keys(),
    kept.images.keys(),
  ]);
  const imageUrls = imageKeys.map((r) => r.url);
  const articles: KeptArticle[] = [];
  for (const request of pageKeys) {
    const id = pageId(request.url);
    if (!Number.isInteger(id) || id <= 0) continue;
    const page = await kept.pages.match(request);
    let bytes = await sizeOf(page);
    let title = '';
    let titleZh: string | null = null;
    let showText = '';
    for (const key of [...dataKeys, ...packKeys]) {
      if (!ofArticle(key.url, id)) continue;
      const answer = (await kept.data.match(key)) ?? (await kept.packs.match(key));
      bytes += await sizeOf(answer);
      if (answer && isShow(key.url)) {
        const text = await answer.clone().text();
        // Every kept version of the article's answer (reader's and waikan's): each may name images.
        showText += text;
        const result = parsed(text)?.result;
        if (typeof result?.title === 'string') title = result.title;
        if (typeof result?.title_zh === 'string' && result.title_zh) titleZh = result.title_zh;
      }
    }
    for (const url of imagesNamed(showText, imageUrls)) bytes += await sizeOf(await kept.images.match(url));
    if (!title && page) title = titleOfPage(await page.clone().text());
    const date = Date.parse(page?.headers.get('date') ?? '');
    articles.push({ id, title: title || `文章 ${id}`, title_zh: titleZh, bytes, kept_at: Number.isNaN(date) ? 0 : date });
  }
  return articles.sort((a, b) => b.kept_at - a.kept_at || b.id - a.id);
}

/**
 * Removes what is kept of one article: its page, its answers, its pack and the images no other
 * kept article names. It can be kept again by opening it online.
 */
export async function removeKept(id: number): Promise<void> {
  const kept = await openKept();
  if (!kept) return;
  const [pageKeys, dataKeys, packKeys, imageKeys] = await Promise.all([
    kept.pages.keys(),
    kept.data.keys(),
    kept.packs.keys(),
    kept.images.keys(),
  ]);
  const imageUrls = imageKeys.map((r) => r.url);
  const shows = new Map<number, string>();
  for (const key of dataKeys) {
    if (!isShow(key.url)) continue;
    const owner = Number(/\/(\d+)\/show$/.exec(new URL(key.url).pathname)?.[1]);
    shows.set(owner, `${shows.get(owner) ?? ''}${await (await kept.data.match(key))?.text()}`);
  }
  const mine = new Set(imagesNamed(shows.get(id) ?? '', imageUrls));
  for (const [owner, text] of shows) if (owner !== id) for (const url of imagesNamed(text, imageUrls)) mine.delete(url);
  await Promise.all([
    ...pageKeys.filter((r) => pageId(r.url) === id).map((r) => kept.pages.delete(r)),
    ...dataKeys.filter((r) => ofArticle(r.url, id)).map((r) => kept.data.delete(r)),
    ...packKeys.filter((r) => ofArticle(r.url, id)).map((r) => kept.packs.delete(r)),
    ...[...mine].map((url) => kept.images.delete(url)),
  ]);
}

/** "36 KB", "1.2 MB": a kept article's size as the reader reads it. */
export function formatBytes(bytes: number): string {
  if (bytes < 1024 * 1024) return `${Math.max(1, Math.round(bytes / 1024))} KB`;
  return `${(bytes / (1024 * 1024)).toFixed(1)} MB`;
}
