/**
 * Defensive HTML handling for text the server has already made safe. The server is
 * the real gate (it escapes snippets and sanitises article HTML); these passes make
 * sure a server bug cannot turn into script in the reader's browser. Parsing uses
 * DOMParser, whose documents are inert: no script runs and no image loads there.
 */

const DROP_WITH_CONTENT = new Set(['SCRIPT', 'STYLE', 'TEMPLATE', 'NOSCRIPT', 'IFRAME', 'OBJECT', 'EMBED', 'SVG', 'MATH', 'TITLE']);

function parse(html: string): Document {
  return new DOMParser().parseFromString(`<!doctype html><body>${html}`, 'text/html');
}

function escapeText(text: string): string {
  return text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
}

function escapeAttr(value: string): string {
  return escapeText(value).replace(/"/g, '&quot;');
}

/**
 * A search snippet reduced to text and bare `<mark>` elements. Any other tag is
 * removed (its text kept, except for script-like elements, which go whole), and every
 * attribute goes, so `<img onerror>` or `<mark onclick>` cannot survive.
 */
export function markOnlyHtml(snippet: string): string {
  const walk = (node: Node): string => {
    let out = '';
    for (const child of Array.from(node.childNodes)) {
      if (child.nodeType === Node.TEXT_NODE) out += escapeText(child.textContent ?? '');
      else if (child.nodeType === Node.ELEMENT_NODE) {
        const tag = (child as Element).tagName.toUpperCase();
        if (DROP_WITH_CONTENT.has(tag)) continue;
        out += tag === 'MARK' ? `<mark>${walk(child)}</mark>` : walk(child);
      }
    }
    return out;
  };
  return walk(parse(snippet).body);
}

/** The inline elements an article paragraph may contain, with the attributes each keeps. */
const ARTICLE_TAGS: Record<string, readonly string[]> = {
  A: ['href', 'title'],
  ABBR: ['title'],
  B: [],
  BR: [],
  CITE: [],
  CODE: [],
  DEL: [],
  EM: [],
  FIGCAPTION: [],
  I: [],
  IMG: ['src', 'alt', 'width', 'height'],
  INS: [],
  MARK: [],
  Q: [],
  S: [],
  SMALL: [],
  SPAN: [],
  STRONG: [],
  SUB: [],
  SUP: [],
  U: [],
};
const VOID_TAGS = new Set(['BR', 'IMG']);

/** Only links and images to http(s) or to our own paths; never javascript:, data: and the like. */
function safeUrl(value: string): boolean {
  const trimmed = value.trim();
  if (trimmed.startsWith('/') && !trimmed.startsWith('//')) return true;
  if (trimmed.startsWith('#')) return true;
  return /^https?:\/\//i.test(trimmed);
}

/**
 * Article paragraph HTML rebuilt from an allow-list of inline elements and attributes.
 * Unknown elements keep their text; links open in a new tab without an opener; images
 * load lazily.
 */
export function cleanArticleHtml(html: string): string {
  // Text without a tag cannot hold an element (an entity decodes to text): most paragraphs
  // are such, and skipping the parse keeps a long article's first render cheap.
  if (!html.includes('<')) return html;
  const walk = (node: Node): string => {
    let out = '';
    for (const child of Array.from(node.childNodes)) {
      if (child.nodeType === Node.TEXT_NODE) {
        out += escapeText(child.textContent ?? '');
        continue;
      }
      if (child.nodeType !== Node.ELEMENT_NODE) continue;
      const element = child as Element;
      const tag = element.tagName.toUpperCase();
      if (DROP_WITH_CONTENT.has(tag)) continue;
      const allowed = ARTICLE_TAGS[tag];
      if (!allowed) {
        out += walk(element);
        continue;
      }
      const attrs: string[] = [];
      for (const name of allowed) {
        const value = element.getAttribute(name);
        if (value === null) continue;
        if ((name === 'href' || name === 'src') && !safeUrl(value)) continue;
        attrs.push(`${name}="${escapeAttr(value)}"`);
      }
      if (tag === 'A' && /^https?:/i.test(element.getAttribute('href') ?? '')) attrs.push('target="_blank" rel="noopener noreferrer"');
      if (tag === 'IMG') {
        if (!attrs.some((a) => a.startsWith('src='))) continue;
        attrs.push('loading="lazy" decoding="async"');
      }
      const name = tag.toLowerCase();
      const open = `<${name}${attrs.length ? ` ${attrs.join(' ')}` : ''}>`;
      out += VOID_TAGS.has(tag) ? open : `${open}${walk(element)}</${name}>`;
    }
    return out;
  };
  return walk(parse(html).body);
}
