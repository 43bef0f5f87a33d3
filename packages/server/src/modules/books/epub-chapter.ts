import type { Paragraph } from '@changdu/contract';
import { XMLValidator } from 'fast-xml-parser';
import { parseHTML } from 'linkedom';
import { sanitizeReadingHtml } from '../../lib/sanitize.js';
import { structureFromHtml } from '../articles/index.js';
import { anchorOffsets, paragraphAt } from './epub-toc.js';
import { resolveHref } from './epub-xml.js';
import { EpubError } from './epub-zip.js';

/** Images in chapter HTML point at `epub-image:<entry path>` until the importer stores them. */
export const IMAGE_SCHEME = 'epub-image:';

const SCRIPT = /<script[\s>/]/i;
const EXTERNAL = /^[a-z][a-z0-9+.-]*:/i;

function sanitizeChapter(html: string, chapterPath: string, images: Set<string>): string {
  const local = (href: string) => {
    if (!href || EXTERNAL.test(href)) return { tagName: 'img', attribs: { src: '', alt: '' } };
    const file = resolveHref(chapterPath, href).file;
    images.add(file);
    return { tagName: 'img', attribs: { src: `${IMAGE_SCHEME}${file}`, alt: '' } };
  };
  return sanitizeReadingHtml(html, {
    extraTags: ['span'],
    allowedAttributes: { img: ['src', 'alt'] },
    allowedSchemes: ['epub-image'],
    allowedSchemesByTag: { img: ['epub-image'] },
    // Structure only: links inside a book lead nowhere the reader can follow.
    transformTags: {
      a: () => ({ tagName: 'span', attribs: {} }),
      img: (_tag, attribs) => {
        const out = local(attribs.src ?? '');
        return { ...out, attribs: { ...out.attribs, alt: attribs.alt ?? '' } };
      },
      // SVG <image xlink:href> as used by many cover pages.
      image: (_tag, attribs) => local(attribs['xlink:href'] ?? attribs.href ?? ''),
    },
  });
}

export interface ReadChapter {
  html: string;
  paragraphs: Paragraph[];
  /** The entry paths of the images it shows. */
  images: Set<string>;
  /** For each wanted fragment found in it, the id of the paragraph it opens at. */
  anchors: Map<string, string>;
}

/**
 * One spine XHTML file as article structure. Refuses scripts, entity declarations and
 * XML that does not parse. `anchors` are the fragments the table of contents points at:
 * ids the sanitiser drops, so they are placed on paragraphs here, while the source is at hand.
 */
export function readChapter(bytes: Buffer, file: string, anchors: ReadonlySet<string>): ReadChapter {
  const source = bytes.toString('utf8').replace(/^\uFEFF/, '');
  if (SCRIPT.test(source)) throw new EpubError('书中含有脚本（script），出于安全原因不能导入');
  if (/<!ENTITY/i.test(source)) throw new EpubError('书的章节中含有实体声明，已拒绝导入');
  if (XMLValidator.validate(source) !== true) throw new EpubError(`章节 ${file} 不是有效的 XHTML，文件可能已损坏`);
  const { document } = parseHTML(source);
  const body = document.querySelector('body');
  const images = new Set<string>();
  const html = sanitizeChapter(body?.innerHTML ?? '', file, images);
  const paragraphs = structureFromHtml(html);
  const placed = new Map<string, string>();
  if (body && anchors.size > 0) {
    for (const [id, offset] of anchorOffsets(body, anchors)) {
      const paragraph = paragraphAt(paragraphs, offset);
      if (paragraph) placed.set(id, paragraph);
    }
  }
  return { html, paragraphs, images, anchors: placed };
}
