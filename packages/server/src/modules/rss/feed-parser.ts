import Parser from 'rss-parser';

export interface ParsedFeed {
  title: string;
  siteUrl: string | null;
  description: string | null;
  items: ParsedItem[];
}

export interface ParsedItem {
  guid: string;
  url: string;
  title: string;
  author: string | null;
  summary: string | null;
  categories: string[];
  publishedAt: string | null;
}

export class FeedParseError extends Error {}

const parser = new Parser({ timeout: 0 });

function clean(text: string | undefined | null, max: number): string | null {
  const value = (text ?? '')
    .replace(/<[^>]*>/g, ' ')
    .replace(/\s+/g, ' ')
    .trim();
  return value ? value.slice(0, max) : null;
}

/** Parses RSS 2.0, RSS 1.0 or Atom; items without a link are skipped. */
export async function parseFeed(xml: string, feedUrl: string): Promise<ParsedFeed> {
  if (!/<(rss|feed|rdf:RDF)[\s>]/i.test(xml)) throw new FeedParseError('这个地址的内容不是 RSS 或 Atom 订阅');
  let feed: Awaited<ReturnType<typeof parser.parseString>>;
  try {
    feed = await parser.parseString(xml);
  } catch {
    throw new FeedParseError('订阅内容格式有误，无法解析');
  }
  const items: ParsedItem[] = [];
  for (const item of feed.items) {
    let url: string;
    try {
      url = new URL(item.link ?? '', feedUrl).toString();
    } catch {
      continue;
    }
    if (!item.link || !/^https?:/.test(url)) continue;
    const date = item.isoDate ?? item.pubDate;
    items.push({
      guid: (item.guid ?? item.id ?? url).toString().slice(0, 500),
      url,
      title: clean(item.title, 300) ?? url,
      author: clean(item.creator ?? (item as { author?: string }).author, 100),
      summary: clean(item.contentSnippet ?? item.summary ?? item.content, 1000),
      categories: (item.categories ?? [])
        .map((c) => clean(typeof c === 'string' ? c : String((c as { _?: string })._ ?? ''), 50))
        .filter((c): c is string => Boolean(c)),
      publishedAt: date && !Number.isNaN(Date.parse(date)) ? new Date(date).toISOString() : null,
    });
  }
  return {
    title: clean(feed.title, 200) ?? new URL(feedUrl).hostname,
    siteUrl: feed.link ? new URL(feed.link, feedUrl).toString() : null,
    description: clean(feed.description, 500),
    items,
  };
}
