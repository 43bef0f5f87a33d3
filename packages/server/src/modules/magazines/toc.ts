import fs from 'node:fs';
import path from 'node:path';
import { parseHTML } from 'linkedom';
import { z } from 'zod';
import { serverRoot } from '../../lib/package-root.js';

/**
 * What a site needs beyond the generic discovery, as data (`site-rules.json`), never code:
 * where its table of contents sits, what its section headings and article links look like,
 * and which paths are (or never are) articles.
 */
export const siteRuleSchema = z.object({
  /** The site's host; also matches its subdomains (`economist.com` matches `www.economist.com`). */
  host: z.string().min(1),
  /** CSS selector of the region holding the table of contents (default: main, else the body). */
  container: z.string().optional(),
  /** CSS selector of section headings (default: h2–h6 without an article link inside). */
  sections: z.string().optional(),
  /** CSS selector of article links (default: every link). */
  links: z.string().optional(),
  /** A path pattern every article link matches (replaces the generic guess). */
  include: z.string().optional(),
  /** Path patterns that are never articles. */
  exclude: z.array(z.string()).optional(),
});
export type SiteRule = z.infer<typeof siteRuleSchema>;

/** The rules shipped with the app (`site-rules.json` beside this file). */
// Found from the package root, not this file: `npm start` runs a bundle in dist/ (lib/package-root.ts).
export function loadSiteRules(file = path.join(serverRoot(), 'src/modules/magazines/site-rules.json')): SiteRule[] {
  return z.array(siteRuleSchema).parse(JSON.parse(fs.readFileSync(file, 'utf8')));
}

export interface TocLink {
  url: string;
  title: string;
  section: string | null;
}

export interface Toc {
  title: string | null;
  coverUrl: string | null;
  links: TocLink[];
}

const bareHost = (host: string) => host.toLowerCase().replace(/^www\./, '');

export function ruleFor(rules: readonly SiteRule[], pageUrl: string): SiteRule | null {
  const host = bareHost(new URL(pageUrl).hostname);
  return rules.find((r) => host === bareHost(r.host) || host.endsWith(`.${bareHost(r.host)}`)) ?? null;
}

/** Path segments that name a listing, an account page or site furniture, never an article. */
const NOT_ARTICLE_SEGMENTS = new Set([
  'about',
  'about-us',
  'account',
  'advertise',
  'archive',
  'archives',
  'author',
  'authors',
  'careers',
  'cart',
  'categories',
  'category',
  'contact',
  'contact-us',
  'cookies',
  'faq',
  'feed',
  'feeds',
  'help',
  'jobs',
  'login',
  'logout',
  'newsletter',
  'newsletters',
  'page',
  'privacy',
  'register',
  'rss',
  'search',
  'shop',
  'signin',
  'sign-in',
  'signup',
  'sign-up',
  'store',
  'subscribe',
  'subscription',
  'subscriptions',
  'tag',
  'tags',
  'terms',
  'topic',
  'topics',
]);
const NOT_ARTICLE_FILES = /\.(jpe?g|png|gif|webp|svg|ico|pdf|xml|rss|json|css|js|zip|mp3|mp4|m4a|epub|mobi)$/i;
/** Link texts that say nothing of the article ("read more"): its title link carries the title. */
const WEAK_TEXT = /^(read more|more|continue reading|full story|see more|details|阅读全文|更多|详情|查看全文)\W*$/i;
const TRACKING_PARAM = /^(utm_\w+|ref|src|fbclid|gclid|cmpid)$/i;

/** One address per article: no fragment, no tracking parameters, no trailing slash. */
export function normalizeLink(href: string, base: string): string | null {
  let url: URL;
  try {
    url = new URL(href, base);
  } catch {
    return null;
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') return null;
  url.hash = '';
  for (const key of [...url.searchParams.keys()]) if (TRACKING_PARAM.test(key)) url.searchParams.delete(key);
  if (url.pathname.length > 1) url.pathname = url.pathname.replace(/\/+$/, '');
  return url.toString();
}

const clean = (text: string | null | undefined) => (text ?? '').replace(/\s+/g, ' ').trim();

/** Whether a same-site path looks like an article rather than a listing or a site page. */
function looksLikeArticle(pathname: string): boolean {
  const segments = pathname.split('/').filter(Boolean);
  if (segments.length === 0) return false;
  if (NOT_ARTICLE_FILES.test(pathname)) return false;
  if (segments.some((s) => NOT_ARTICLE_SEGMENTS.has(s.toLowerCase()))) return false;
  const last = segments.at(-1)!;
  // "/world" is a section page; "/world/some-story", "/2026/11/21/story" and "/story-123" are articles.
  return segments.length >= 2 || /[-_]/.test(last) || /\d/.test(last);
}

/**
 * The article links of a table-of-contents page, in page order, each under the section
 * heading that precedes it: links to the same site only, each once (the first place it
 * appears), without site pages, listings, files or links that carry no title.
 */
export function discoverToc(html: string, pageUrl: string, rules: readonly SiteRule[] = []): Toc {
  const { document } = parseHTML(html);
  const rule = ruleFor(rules, pageUrl);
  const page = new URL(pageUrl);
  const self = normalizeLink(pageUrl, pageUrl);
  const include = rule?.include ? new RegExp(rule.include) : null;
  const exclude = (rule?.exclude ?? []).map((p) => new RegExp(p));

  const meta = (selector: string) => document.querySelector(selector)?.getAttribute('content') ?? null;
  const cover = meta('meta[property="og:image"]') ?? meta('meta[name="twitter:image"]');
  const coverUrl = cover ? normalizeLink(cover, pageUrl) : null;
  const title = clean(meta('meta[property="og:title"]') ?? document.querySelector('title')?.textContent) || null;

  // Site furniture is never the table of contents.
  for (const el of [...document.querySelectorAll('script, style, noscript, template, nav, aside, footer, form')]) el.remove();
  const container =
    (rule?.container ? document.querySelector(rule.container) : null) ??
    document.querySelector('main') ??
    document.querySelector('[role="main"]') ??
    document.body;
  if (!container) return { title, coverUrl, links: [] };
  if (!rule?.container) for (const el of [...container.querySelectorAll('header')]) if (el.querySelector('nav')) el.remove();

  const linkSelector = rule?.links ?? 'a[href]';
  const sectionSelector = rule?.sections ?? 'h2, h3, h4, h5, h6';

  function articleUrl(a: Element): string | null {
    const url = normalizeLink(a.getAttribute('href') ?? '', pageUrl);
    if (!url || url === self) return null;
    const target = new URL(url);
    if (bareHost(target.hostname) !== bareHost(page.hostname)) return null;
    if (exclude.some((re) => re.test(target.pathname))) return null;
    if (include) return include.test(target.pathname) ? url : null;
    return looksLikeArticle(target.pathname) ? url : null;
  }

  const links: TocLink[] = [];
  const seen = new Set<string>();
  let section: string | null = null;
  // Headings and links in document order: a heading starts the section of the links after it.
  for (const el of [...container.querySelectorAll(`${sectionSelector}, ${linkSelector}`)]) {
    if (el.matches(sectionSelector)) {
      const inner = [...el.querySelectorAll(linkSelector)];
      if (el.matches(linkSelector)) inner.push(el);
      // A heading that is itself an article's title link is not a section.
      if (inner.some((a) => articleUrl(a) !== null)) continue;
      const text = clean(el.textContent);
      if (text) section = text.slice(0, 100);
      continue;
    }
    const url = articleUrl(el);
    // "www.site" and "site" are one site: one article either way.
    const key = url ? url.replace(/^(https?:\/\/)www\./, '$1') : null;
    if (!url || !key || seen.has(key)) continue;
    const text = clean(el.textContent) || clean(el.getAttribute('title')) || clean(el.querySelector('img')?.getAttribute('alt'));
    if (!text || WEAK_TEXT.test(text)) continue;
    seen.add(key);
    links.push({ url, title: text.slice(0, 300), section });
  }
  return { title, coverUrl, links };
}
