import sanitizeHtml from 'sanitize-html';

/**
 * The tags stored reading HTML is built from: text structure, emphasis, images and the
 * wrappers the structure step walks into (none of them reaches a stored paragraph, whose HTML
 * is what lies inside its block). Shared by web pages (RSS) and EPUB chapters, so both become
 * the same article structure.
 */
export const READING_TAGS = [
  'p',
  'h1',
  'h2',
  'h3',
  'h4',
  'h5',
  'h6',
  'blockquote',
  'ul',
  'ol',
  'li',
  'em',
  'strong',
  'b',
  'i',
  'img',
  'figure',
  'figcaption',
  'br',
  'pre',
  'code',
  'sub',
  'sup',
  'div',
  'section',
  'article',
  'main',
  'header',
  'footer',
  'aside',
  'table',
  'thead',
  'tbody',
  'tfoot',
  'tr',
  'td',
  'th',
  'caption',
  'dl',
  'dt',
  'dd',
];

/**
 * Sanitises HTML down to `READING_TAGS` plus what the caller adds (links, their URL rules),
 * with every other tag's text kept and its markup dropped, scripts, styles and `on*`
 * handlers removed, and images without a source left out.
 */
export function sanitizeReadingHtml(
  html: string,
  options: Pick<sanitizeHtml.IOptions, 'allowedAttributes' | 'allowedSchemes' | 'allowedSchemesByTag' | 'transformTags'> & {
    extraTags?: string[];
  },
): string {
  const { extraTags = [], ...rest } = options;
  return sanitizeHtml(html, {
    allowedTags: [...READING_TAGS, ...extraTags],
    allowProtocolRelative: false,
    disallowedTagsMode: 'discard',
    exclusiveFilter: (frame) => frame.tag === 'img' && !frame.attribs.src,
    ...rest,
  });
}

/** Plain text of an HTML fragment (tags dropped, text kept). */
export const plainText = (html: string): string => sanitizeHtml(html, { allowedTags: [], allowedAttributes: {} });
