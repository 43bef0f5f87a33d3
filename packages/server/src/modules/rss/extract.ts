import type { Paragraph } from '@changdu/contract';
import { Readability } from '@mozilla/readability';
import { parseHTML } from 'linkedom';
import { sanitizeReadingHtml } from '../../lib/sanitize.js';
import { structureFromHtml } from '../articles/index.js';

export interface ExtractedArticle {
  title: string;
  byline: string | null;
  siteName: string | null;
  excerpt: string | null;
  publishedAt: string | null;
  /** An absolute image URL for the cover (og:image, else the first image), if any. */
  coverUrl: string | null;
  paragraphs: Paragraph[];
}

export class ExtractionError extends Error {}

function absolute(value: string | undefined, base: string): string | null {
  if (!value) return null;
  try {
    const url = new URL(value, base);
    return url.protocol === 'http:' || url.protocol === 'https:' ? url.toString() : null;
  } catch {
    return null;
  }
}

/**
 * What may reach stored HTML: text structure, emphasis, links and images with http(s)
 * URLs made absolute. Scripts, styles, frames, forms, `on*` handlers and every other
 * attribute are dropped (Readability keeps `on*` attributes, so this step is required).
 */
export function sanitizeArticleHtml(html: string, pageUrl: string): string {
  return sanitizeReadingHtml(html, {
    extraTags: ['a'],
    allowedAttributes: { a: ['href', 'rel', 'target'], img: ['src', 'alt'] },
    allowedSchemes: ['http', 'https'],
    transformTags: {
      a: (tag, attribs) => {
        const href = absolute(attribs.href, pageUrl);
        const attrs: Record<string, string> = href ? { href, rel: 'noopener noreferrer nofollow', target: '_blank' } : {};
        return { tagName: href ? 'a' : 'span', attribs: attrs };
      },
      img: (tag, attribs) => ({
        tagName: 'img',
        attribs: { src: absolute(attribs.src ?? attribs['data-src'], pageUrl) ?? '', alt: attribs.alt ?? '' },
      }),
    },
  });
}

const NOISE = /^(advertisement|sponsored( content)?|subscribe( now)?|sign up for .*newsletter.*|share this( article)?|read more:?.*)$/i;

// Readability types its input as the DOM's Document; linkedom's document implements what it uses.
const readability = (document: unknown, options?: { charThreshold: number }) => new Readability(document as Document, options).parse();
type Parsed = ReturnType<typeof readability>;

/** Share of the text that sits in links: near 1 for a list of other stories, low for an article. */
function linkShare(html: string): number {
  const { document } = parseHTML(`<!doctype html><html><body>${html}</body></html>`);
  const length = (text: string | null | undefined) => (text ?? '').replace(/\s+/g, '').length;
  const all = length(document.body.textContent);
  const linked = Array.from(document.querySelectorAll('a')).reduce((sum, a) => sum + length(a.textContent), 0);
  return all ? linked / all : 0;
}

/**
 * Readability with its defaults: a first pass shorter than 500 characters (a key-points box left
 * when the article's sections carry classes it strips) is retried with fewer rules, the longest
 * pass winning if none reaches 500. A smaller threshold accepted such a box as the whole article. A first pass that is
 * mostly links (a list of other stories, left when the article was stripped) is retried the same way:
 * with the threshold just above it, Readability relaxes its rules until a pass finds more text.
 */
function readArticle(html: string, document: unknown): Parsed {
  const first = readability(document);
  if (!first?.content || !first.textContent || linkShare(first.content) <= 0.5) return first;
  const retry = readability(parseHTML(html).document, { charThreshold: first.textContent.trim().length + 1 });
  return retry?.content && linkShare(retry.content) <= 0.5 ? retry : first;
}

/** Readability over the page, then sanitising and addressable structure. */
export function extractArticle(html: string, pageUrl: string): ExtractedArticle {
  const { document } = parseHTML(html);
  const meta = (selector: string) => document.querySelector(selector)?.getAttribute('content') ?? undefined;
  const ogImage = absolute(meta('meta[property="og:image"]') ?? meta('meta[name="twitter:image"]'), pageUrl);
  const published = meta('meta[property="article:published_time"]') ?? meta('meta[name="date"]');
  const ogTitle = meta('meta[property="og:title"]')?.trim();
  const h1 = document.querySelector('h1')?.textContent?.replace(/\s+/g, ' ').trim();

  const parsed = readArticle(html, document);
  if (!parsed?.content || !parsed.title) throw new ExtractionError('没能从网页中识别出正文');

  const paragraphs = structureFromHtml(sanitizeArticleHtml(parsed.content, pageUrl)).filter((p) => !NOISE.test(p.text));
  if (paragraphs.filter((p) => p.kind !== 'figure').length === 0) throw new ExtractionError('没能从网页中识别出正文');
  const firstImage = paragraphs.find((p) => p.kind === 'figure')?.html.match(/src="([^"]+)"/)?.[1] ?? null;
  const publishedAt = published && !Number.isNaN(Date.parse(published)) ? new Date(published).toISOString() : null;

  // Document titles often carry the site's name ("Headline - The Gazette"); the headline is what readers want.
  const docTitle = parsed.title.trim();
  const title = ogTitle || (h1 && docTitle.includes(h1) ? h1 : docTitle);
  return {
    title,
    byline: parsed.byline?.replace(/^by\s+/i, '').trim() || null,
    siteName: parsed.siteName?.trim() || null,
    excerpt: parsed.excerpt?.trim() || null,
    publishedAt,
    coverUrl: ogImage ?? (firstImage ? firstImage.replace(/&amp;/g, '&') : null),
    paragraphs,
  };
}
