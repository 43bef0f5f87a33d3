import { Invalid, Unavailable } from '../../lib/errors.js';
import { decodeBody, FetchError, type Fetcher } from '../../providers/fetch/fetcher.js';
import { ExtractionError, extractArticle } from './extract.js';
import { parseFeed } from './feed-parser.js';

const FEED_ACCEPT = 'application/rss+xml, application/atom+xml, application/xml;q=0.9, text/xml;q=0.8, */*;q=0.5';
const PAGE_ACCEPT = 'text/html,application/xhtml+xml;q=0.9,*/*;q=0.5';

/** Fetches and parses a feed; failures (FetchError, FeedParseError) carry learner-readable messages. */
export async function fetchFeed(fetcher: Fetcher, url: string) {
  const resource = await fetcher.get(url, { accept: FEED_ACCEPT, limits: { maxBytes: 10 * 1024 * 1024 } });
  return parseFeed(decodeBody(resource), resource.url);
}

/**
 * A fetch failure as a domain error: one that waiting may heal (a timeout, a 503) is
 * Unavailable, so a job retries it; one that it cannot (a 404, an internal address) is Invalid.
 */
export function fetchFailure(error: FetchError, prefix: string) {
  const message = `${prefix}${error.message}`;
  return error.permanent ? new Invalid(message) : new Unavailable(message);
}

/** Fetches an article page and extracts its sanitised, structured body. */
export async function fetchAndExtract(fetcher: Fetcher, url: string) {
  let page;
  try {
    page = await fetcher.get(url, { accept: PAGE_ACCEPT });
  } catch (error) {
    if (error instanceof FetchError) throw fetchFailure(error, '下载失败：');
    throw error;
  }
  if (!/html/.test(page.contentType)) throw new Invalid('原文地址不是网页');
  try {
    return { page, extracted: extractArticle(decodeBody(page), page.url) };
  } catch (error) {
    if (error instanceof ExtractionError) throw new Invalid(error.message);
    throw error;
  }
}
