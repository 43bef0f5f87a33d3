/**
 * The one place the web app cleans stored HTML before it is rendered (`dangerouslySetInnerHTML`):
 * DOMPurify, configured here once. The server is the real gate (it escapes snippets and sanitises
 * article HTML); this pass makes sure a server bug cannot turn into script in the reader's browser.
 * Two profiles, each a DOMPurify instance configured at load, so a call parses no options:
 * search snippets keep only `<mark>`; article paragraphs keep the inline elements below.
 */
import DOMPurify, { type Config } from 'dompurify';

/**
 * The inline elements an article paragraph may contain, with the attributes each keeps. The block
 * (p, h2, li, blockquote, figure) is the reader's own element around the paragraph's HTML, so no
 * block element belongs here.
 */
const ARTICLE_ATTRS: Readonly<Record<string, readonly string[]>> = {
  a: ['href', 'title'],
  abbr: ['title'],
  b: [],
  br: [],
  cite: [],
  code: [],
  del: [],
  em: [],
  figcaption: [],
  i: [],
  img: ['src', 'alt', 'width', 'height'],
  ins: [],
  mark: [],
  q: [],
  s: [],
  small: [],
  span: [],
  strong: [],
  sub: [],
  sup: [],
  u: [],
};

/**
 * Links and images only to http(s) or to our own paths (not `//host`, nor `/\host`, which browsers
 * read as `//host`); never javascript:, data: and the like. Tested on the value without the
 * whitespace and control characters a browser ignores in a URL.
 */
const SAFE_URL = /^(?:https?:\/\/|\/(?![/\\])|#)/i;
// eslint-disable-next-line no-control-regex -- the characters a browser strips from a URL are the point
const URL_IGNORED = /[\u0000-\u0020\u00A0\u1680\u180E\u2000-\u2029\u205F\u3000]/g;
const EXTERNAL = /^https?:/i;

/** Shared by both profiles: no data-/aria- attributes, and embedded objects go with their fallback text. */
const BASE: Config = {
  ALLOWED_ATTR: [],
  ALLOW_DATA_ATTR: false,
  ALLOW_ARIA_ATTR: false,
  ALLOWED_URI_REGEXP: SAFE_URL,
  // Script, style, template, noscript, iframe, svg, math and title already lose their content
  // (DOMPurify's FORBID_CONTENTS); a disallowed element's text is otherwise kept.
  ADD_FORBID_CONTENTS: ['object', 'embed'],
};

function purifier(config: Config): ReturnType<typeof DOMPurify> {
  const purify = DOMPurify(window);
  purify.setConfig(config);
  return purify;
}

const snippets = purifier({ ...BASE, ALLOWED_TAGS: ['mark'] });

const articles = purifier({
  ...BASE,
  ALLOWED_TAGS: Object.keys(ARTICLE_ATTRS),
  ADD_ATTR: (attr, tag) => ARTICLE_ATTRS[tag]?.includes(attr) ?? false,
  // Sizes are not URLs: DOMPurify tests every other attribute outside this list against SAFE_URL.
  ADD_URI_SAFE_ATTR: ['width', 'height'],
});
// DOMPurify lets `data:` images through whatever SAFE_URL says: href and src answer to SAFE_URL alone.
articles.addHook('uponSanitizeAttribute', (_node, event) => {
  if (event.attrName === 'href' || event.attrName === 'src') {
    event.keepAttr = SAFE_URL.test(event.attrValue.replace(URL_IGNORED, ''));
  }
});
// Outside links open in a new tab without an opener; images load lazily, and one without a
// usable source is no image at all.
articles.addHook('afterSanitizeAttributes', (node) => {
  if (node.nodeName === 'A' && EXTERNAL.test(node.getAttribute('href') ?? '')) {
    node.setAttribute('target', '_blank');
    node.setAttribute('rel', 'noopener noreferrer');
  } else if (node.nodeName === 'IMG') {
    if (!node.hasAttribute('src')) node.remove();
    else {
      node.setAttribute('loading', 'lazy');
      node.setAttribute('decoding', 'async');
    }
  }
});

/**
 * A search snippet reduced to text and bare `<mark>` elements. Any other tag is removed (its text
 * kept, except for script-like elements, which go whole), and every attribute goes, so
 * `<img onerror>` or `<mark onclick>` cannot survive.
 */
export function markOnlyHtml(snippet: string): string {
  return snippets.sanitize(snippet);
}

/**
 * Article paragraph HTML reduced to the inline elements and attributes of `ARTICLE_ATTRS`.
 * Unknown elements keep their text; links open in a new tab without an opener; images load lazily.
 */
export function cleanArticleHtml(html: string): string {
  // Text without a tag cannot hold an element (an entity decodes to text): most paragraphs
  // are such, and skipping the parse keeps a long article's first render cheap.
  if (!html.includes('<')) return html;
  return articles.sanitize(html);
}
