import { NotFound } from '../../lib/errors.js';
import { demoArticles, FEED_ONLY } from './demo-articles.js';

const esc = (text: string) =>
  text.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);

/**
 * The demo feed the app serves itself: an RSS 2.0 document and article pages shaped like a
 * real magazine site (navigation, a script, an ad, share links), so crawl → download →
 * extraction can be tried without the internet.
 */
export function demoService() {
  return {
    feed(origin: string): string {
      const items = demoArticles()
        .filter((a) => FEED_ONLY.has(a.slug))
        .map(
          (a) => `    <item>
      <title>${esc(a.title)}</title>
      <link>${origin}/api/demo/article/${a.slug}</link>
      <guid isPermaLink="false">changdu-demo-${a.slug}</guid>
      <dc:creator>${esc(a.author)}</dc:creator>
      <pubDate>${new Date(a.published_at).toUTCString()}</pubDate>
      ${a.topics.map((t) => `<category>${t}</category>`).join('')}
      <description>${esc(a.summary)}</description>
    </item>`,
        )
        .join('\n');
      return `<?xml version="1.0" encoding="UTF-8"?>
<rss version="2.0" xmlns:dc="http://purl.org/dc/elements/1.1/">
  <channel>
    <title>Changdu Originals (demo feed)</title>
    <link>${origin}/</link>
    <description>Original articles written for Changdu, served by the app itself.</description>
    <language>en</language>
${items}
  </channel>
</rss>`;
    },

    page(slug: string): string {
      const a = demoArticles().find((x) => x.slug === slug && FEED_ONLY.has(x.slug));
      if (!a) throw new NotFound('演示文章不存在');
      const body = a.paragraphs.map((p) => `      <p>${esc(p.en)}</p>`).join('\n');
      return `<!doctype html>
<html lang="en">
<head>
  <meta charset="utf-8">
  <title>${esc(a.title)} | Changdu Originals</title>
  <meta name="description" content="${esc(a.summary)}">
  <meta property="article:published_time" content="${a.published_at}">
  <script>window.dataLayer = []; function track() { return 1; }</script>
  <style>body { font-family: Georgia, serif; }</style>
</head>
<body>
  <header><nav><a href="/">Home</a> <a href="/api/demo/feed.xml">RSS</a> <a href="#subscribe">Subscribe</a></nav></header>
  <main>
    <article>
      <h1>${esc(a.title)}</h1>
      <p class="byline">By <span class="author">${esc(a.author)}</span></p>
${body}
      <div class="ad" onclick="track()">Advertisement</div>
    </article>
  </main>
  <aside><h3>Share this article</h3><a href="#" onclick="track()">Share</a></aside>
  <footer><p>© Changdu Originals. Written for the Changdu demo.</p></footer>
</body>
</html>`;
    },
  };
}
