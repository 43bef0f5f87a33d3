import http from 'node:http';
import type { AddressInfo } from 'node:net';
import sharp from 'sharp';

/** A page shaped like a real news article: navigation, scripts, an ad, handlers, relative links. */
export function articlePage(title: string, paragraphs: string[], extra = ''): string {
  return `<!doctype html><html><head><meta charset="utf-8"><title>${title} - The Test Gazette</title>
<meta property="og:image" content="/img/cover.png">
<script>document.cookie = "tracking=1"; fetch('/beacon')</script>
<style>.x{color:red}</style></head>
<body><nav><a href="/">Home</a><a href="/world">World</a></nav>
<article><h1>${title}</h1><p class="byline">By Jane Doe</p>
${paragraphs.map((p, i) => `<p onclick="steal()" style="color:red">${p}${i === 0 ? ' <a href="/more/story">Read the background</a> and <a href="javascript:alert(1)">this</a>.' : ''}</p>`).join('\n')}
<figure><img src="images/chart.png" onerror="alert(1)" alt="A chart"><figcaption>A chart</figcaption></figure>
<iframe src="https://ads.example/frame"></iframe>
<div class="advert"><p>Advertisement</p></div>
${extra}
</article><footer>© Gazette</footer><script>alert('x')</script></body></html>`;
}

export const LONG_PARAGRAPHS = [
  'The city council voted on Tuesday to turn three car parks into small public gardens, a decision that residents had requested for several years.',
  'Supporters say the gardens will cool the streets in summer and give children safer places to play, while shop owners worry about losing customers who arrive by car.',
  'Engineers estimate that the work will take about eighteen months and will cost less than the annual maintenance of the car parks themselves.',
  'A public meeting next month will let people comment on the designs, which include trees, benches and a small stage for local musicians.',
];

export const TEA_PARAGRAPHS = [
  'Tea merchants in the old port say that trade has doubled since the new railway opened, bringing buyers from three neighbouring countries.',
  'Most of the leaves still arrive by boat, but the merchants now send samples by train so that buyers can taste them before they travel.',
  'Younger traders have opened small shops where visitors can try a dozen kinds of tea and learn how each one is grown and dried.',
  'The city hopes the trade will keep growing, and it plans a tea festival next spring with music, markets and lessons for children.',
];

export const RIVER_PARAGRAPHS = [
  'Fish have returned to two rivers that ran through the industrial district, twenty years after the last factories closed their doors.',
  'Volunteers count the fish every autumn, and this year they found salmon in places where nobody had seen one for half a century.',
  'Scientists say cleaner water and new trees along the banks have made the rivers cooler and richer in the insects that fish eat.',
  'The council now wants to open a walking path beside the water so that families can watch the fish from a safe distance.',
];

/** Where the fake weekly keeps its issue (the table of contents) and its articles. */
export const MAGAZINE_TOC = '/weekly/2026-11-21';
export const WEEKLY = '/weekly/2026/11/21';

/**
 * The fake weekly's table of contents: two sections; a title link with a "read more" twin, a
 * duplicate link (another fragment), a tracking parameter, a broken article, one that redirects
 * to an internal address, and links that are not articles (site pages, a tag, another site).
 */
export function magazineToc(): string {
  return `<!doctype html><html><head><meta charset="utf-8"><title>The Test Weekly — 21 November 2026</title>
<meta property="og:image" content="/img/cover.png"></head>
<body><header><nav><a href="/">Home</a><a href="/subscribe">Subscribe</a><a href="/world">World</a></nav></header>
<main><h1>This week’s issue</h1>
<section><h2>Leaders</h2>
<article><h3><a href="${WEEKLY}/gardens-replace-car-parks">Gardens replace car parks</a></h3><p>Cities and their cars.</p>
<a href="${WEEKLY}/gardens-replace-car-parks">Read more</a></article>
<article><h3><a href="${WEEKLY}/tea-and-trade?utm_source=toc">Tea and trade</a></h3></article></section>
<section><h2>Science &amp; nature</h2>
<h3><a href="${WEEKLY}/broken-story">A broken story</a></h3>
<h3><a href="${WEEKLY}/sneaky-story">A sneaky story</a></h3>
<h3><a href="${WEEKLY}/gardens-replace-car-parks#comments">Gardens, the comments</a></h3>
<h3><a href="${WEEKLY}/quiet-rivers">Quiet rivers return</a></h3>
<p><a href="https://elsewhere.example/weekly/2026/11/21/other-story">A story on another site</a>
<a href="/tag/environment">More on the environment</a> <a href="/about">About us</a> <a href="/world">World</a>
<a href="/img/cover.png">The cover image</a></p></section></main>
<footer><a href="/privacy">Privacy policy</a></footer></body></html>`;
}

export interface FakeWeb {
  origin: string;
  port: number;
  hits: string[];
  /** Replaces a route's body, e.g. to change an article before a re-download. */
  set(path: string, body: string | Buffer, type?: string, status?: number): void;
  /** Restores every default route and forgets the hits (call before each test). */
  reset(): Promise<void>;
  close(): Promise<void>;
}

/** A local HTTP server speaking the real protocol for feeds and pages; never leaves the machine. */
export async function startFakeWeb(): Promise<FakeWeb> {
  const routes = new Map<string, { status: number; type: string; body: string | Buffer; headers?: Record<string, string> }>();
  const hits: string[] = [];
  const server = http.createServer((req, res) => {
    hits.push(req.url ?? '');
    const route = routes.get(req.url ?? '');
    if (!route) {
      res.writeHead(404, { 'content-type': 'text/html' }).end('<h1>Not found</h1>');
      return;
    }
    res.writeHead(route.status, { 'content-type': route.type, ...route.headers }).end(route.body);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const port = (server.address() as AddressInfo).port;
  const origin = `http://127.0.0.1:${port}`;
  const set: FakeWeb['set'] = (path, body, type = 'text/html; charset=utf-8', status = 200) => routes.set(path, { status, type, body });

  async function defaults() {
    routes.clear();
    hits.length = 0;
    set(
      '/feed.xml',
      `<?xml version="1.0" encoding="UTF-8"?><rss version="2.0"><channel><title>The Test Gazette</title><link>${origin}/</link><description>News for tests</description>
<item><title>Gardens replace car parks</title><link>/news/gardens</link><guid>g-1</guid><author>Jane Doe</author><category>Environment</category><category>Cities</category><pubDate>Tue, 17 Nov 2026 08:00:00 GMT</pubDate><description>&lt;p&gt;Three car parks become gardens.&lt;/p&gt;</description></item>
<item><title>A missing story</title><link>${origin}/news/missing</link><guid>g-2</guid><pubDate>Mon, 16 Nov 2026 08:00:00 GMT</pubDate></item>
<item><title>Chinese-encoded story</title><link>${origin}/news/gbk</link><guid>g-3</guid><category>Tech</category><pubDate>Sun, 15 Nov 2026 08:00:00 GMT</pubDate></item>
<item><title>Huge story</title><link>${origin}/news/huge</link><guid>g-4</guid></item>
<item><title>Sneaky story</title><link>${origin}/news/sneaky</link><guid>g-5</guid></item>
<item><title>No link</title><guid>g-6</guid></item>
</channel></rss>`,
      'application/rss+xml',
    );
    set(
      '/atom.xml',
      `<?xml version="1.0" encoding="utf-8"?><feed xmlns="http://www.w3.org/2005/Atom"><title>Atom Weekly</title><link href="${origin}/"/><id>urn:atom-weekly</id><updated>2026-11-18T00:00:00Z</updated>
<entry><title>An atom entry</title><link href="${origin}/news/gardens"/><id>urn:entry-1</id><updated>2026-11-18T00:00:00Z</updated><author><name>Sam Atom</name></author><summary>Entry summary</summary></entry></feed>`,
      'application/atom+xml',
    );
    set('/news/gardens', articlePage('Gardens replace car parks', LONG_PARAGRAPHS));
    const gbkHtml = articlePage('Tea and trade', [
      ...LONG_PARAGRAPHS.slice(0, 3),
      'The shop sign still reads 茶馆 in old brush strokes, and the owner says visitors often ask what the two characters mean.',
    ]).replace('charset="utf-8"', 'charset="gbk"');
    // Encode as GBK by hand: Node has GBK decoding (TextDecoder) but no encoder, so the two characters are written as bytes.
    set(
      '/news/gbk',
      Buffer.concat(
        gbkHtml
          .split('茶馆')
          .flatMap((part, i) => (i === 0 ? [Buffer.from(part)] : [Buffer.from([0xb2, 0xe8, 0xb9, 0xdd]), Buffer.from(part)])),
      ),
      'text/html',
    );
    set('/news/huge', articlePage('Huge', LONG_PARAGRAPHS, `<p>${'x'.repeat(6 * 1024 * 1024)}</p>`));
    routes.set('/news/sneaky', { status: 302, type: 'text/html', body: '', headers: { location: 'http://10.1.2.3/admin' } });
    routes.set('/news/loopback', { status: 302, type: 'text/html', body: '', headers: { location: 'http://127.0.0.1:1/secret' } });
    set('/not-a-feed', '<html><body><p>Just a page</p></body></html>');
    // A weekly magazine: its table of contents and its articles (magazines.test.ts).
    set(MAGAZINE_TOC, magazineToc());
    set(`${WEEKLY}/gardens-replace-car-parks`, articlePage('Gardens replace car parks', LONG_PARAGRAPHS));
    set(`${WEEKLY}/tea-and-trade`, articlePage('Tea and trade', TEA_PARAGRAPHS));
    set(`${WEEKLY}/quiet-rivers`, articlePage('Quiet rivers return', RIVER_PARAGRAPHS));
    set(`${WEEKLY}/broken-story`, '<!doctype html><html><body><h1>Internal Server Error</h1></body></html>', 'text/html', 500);
    routes.set(`${WEEKLY}/sneaky-story`, { status: 302, type: 'text/html', body: '', headers: { location: 'http://10.1.2.3/admin' } });
    set(
      '/img/cover.png',
      await sharp({ create: { width: 800, height: 450, channels: 3, background: '#3a7' } })
        .png()
        .toBuffer(),
      'image/png',
    );
  }
  await defaults();

  return {
    origin,
    port,
    hits,
    set,
    reset: defaults,
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}
