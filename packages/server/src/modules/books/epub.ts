import path from 'node:path/posix';
import type { Paragraph } from '@changdu/contract';
import { XMLParser, XMLValidator } from 'fast-xml-parser';
import { parseHTML } from 'linkedom';
import sanitizeHtml from 'sanitize-html';
import sharp, { type Metadata } from 'sharp';
import yauzl from 'yauzl';
import { Invalid } from '../../lib/errors.js';
import { structureFromHtml } from '../articles/index.js';

/** Caps on what an EPUB may unpack to; a file beyond any of them is refused as a whole. */
export const EPUB_LIMITS = {
  /** Entries in the ZIP. */
  maxEntries: 3000,
  /** One entry, uncompressed. */
  maxEntryBytes: 32 * 1024 * 1024,
  /** Everything, uncompressed. */
  maxTotalBytes: 256 * 1024 * 1024,
  /** Uncompressed / compressed of an entry bigger than 1 MB (text compresses about 3–10×; bombs 1000×). */
  maxRatio: 100,
  /** One image file. */
  maxImageBytes: 10 * 1024 * 1024,
  /** Width × height of one image. */
  maxImagePixels: 40_000_000,
  /** Chapters in the spine. */
  maxChapters: 1000,
};

/** A refusal whose message the uploader reads as is. */
export class EpubError extends Invalid {}

export interface TocItem {
  title: string;
  /** Index into `chapters`, or null when the entry points at no chapter that was kept. */
  chapter: number | null;
  /** The fragment (`#id`) of the target inside the chapter, if any. */
  anchor: string | null;
  children: TocItem[];
}

export interface EpubImage {
  /** The entry's path inside the ZIP. */
  path: string;
  data: Buffer;
  width: number;
  height: number;
}

export interface EpubChapter {
  /** The entry's path inside the ZIP (the spine item's href, resolved). */
  path: string;
  title: string;
  /** Sanitised HTML; images point at `epub-image:<entry path>` until the importer stores them. */
  html: string;
  paragraphs: Paragraph[];
}

export interface ParsedEpub {
  /** 2 or 3, from the package's `version`. */
  version: number;
  title: string;
  author: string | null;
  language: string | null;
  description: string | null;
  /** The cover image's entry path, when the package names one. */
  cover: string | null;
  chapters: EpubChapter[];
  toc: TocItem[];
  /** Images the chapters or the cover use, by entry path. */
  images: Map<string, EpubImage>;
}

export const IMAGE_SCHEME = 'epub-image:';
const IMAGE_TYPES = new Set(['image/jpeg', 'image/png', 'image/gif', 'image/webp']);

// ---------------------------------------------------------------------------------------------
// ZIP

function openZip(data: Buffer): Promise<yauzl.ZipFile> {
  return new Promise((resolve, reject) => {
    yauzl.fromBuffer(data, { lazyEntries: true, validateEntrySizes: true, strictFileNames: true }, (err, zip) => {
      if (err || !zip) reject(zipError(err));
      else resolve(zip);
    });
  });
}

function zipError(err: unknown): EpubError {
  const message = err instanceof Error ? err.message : '';
  if (/relative path|absolute path|backslash/i.test(message)) return new EpubError('文件中含有越出书本目录的路径，已拒绝导入');
  if (err instanceof EpubError) return err;
  return new EpubError('文件不是有效的 EPUB（ZIP 结构损坏）');
}

/** Every entry's bytes, with the caps checked on the directory and again on the bytes read. */
async function readEntries(data: Buffer): Promise<Map<string, Buffer>> {
  const zip = await openZip(data);
  if (zip.entryCount > EPUB_LIMITS.maxEntries) {
    zip.close();
    throw new EpubError(`文件中的条目太多（超过 ${EPUB_LIMITS.maxEntries} 个），已拒绝导入`);
  }
  const files = new Map<string, Buffer>();
  let total = 0;
  const bomb = () => new EpubError('文件解压后体积异常（疑似压缩炸弹），已拒绝导入');
  return new Promise((resolve, reject) => {
    let done = false;
    const fail = (error: unknown) => {
      if (done) return;
      done = true;
      zip.close();
      reject(error instanceof EpubError ? error : zipError(error));
    };
    zip.on('error', fail);
    zip.on('end', () => {
      if (done) return;
      done = true;
      resolve(files);
    });
    zip.on('entry', (entry: yauzl.Entry) => {
      if (done) return;
      if (entry.fileName.endsWith('/')) {
        zip.readEntry();
        return;
      }
      const declared = entry.uncompressedSize;
      if (declared > EPUB_LIMITS.maxEntryBytes || total + declared > EPUB_LIMITS.maxTotalBytes) return fail(bomb());
      if (declared > 1024 * 1024 && declared / Math.max(1, entry.compressedSize) > EPUB_LIMITS.maxRatio) return fail(bomb());
      zip.openReadStream(entry, (err, stream) => {
        if (err || !stream) return fail(err);
        const chunks: Buffer[] = [];
        let size = 0;
        stream.on('data', (chunk: Buffer) => {
          size += chunk.length;
          // The directory can lie; the bytes cannot.
          if (size > EPUB_LIMITS.maxEntryBytes || total + size > EPUB_LIMITS.maxTotalBytes) {
            stream.destroy();
            fail(bomb());
            return;
          }
          chunks.push(chunk);
        });
        stream.on('error', fail);
        stream.on('end', () => {
          if (done) return;
          total += size;
          files.set(entry.fileName, Buffer.concat(chunks));
          zip.readEntry();
        });
      });
    });
    zip.readEntry();
  });
}

// ---------------------------------------------------------------------------------------------
// XML

const xml = new XMLParser({
  ignoreAttributes: false,
  attributeNamePrefix: '@_',
  removeNSPrefix: true,
  textNodeName: '#text',
  parseTagValue: false,
  parseAttributeValue: false,
  trimValues: true,
  processEntities: true,
  isArray: (name) =>
    ['item', 'itemref', 'navPoint', 'rootfile', 'meta', 'creator', 'title', 'language', 'identifier', 'description'].includes(name),
});

/** A well-formed XML document without entity declarations (no billion laughs), parsed. */
function parseXml(bytes: Buffer, what: string): Record<string, unknown> {
  const text = bytes.toString('utf8').replace(/^\uFEFF/, '');
  if (/<!ENTITY/i.test(text)) throw new EpubError(`${what}中含有实体声明，已拒绝导入`);
  if (XMLValidator.validate(text) !== true) throw new EpubError(`${what}不是有效的 XML，文件可能已损坏`);
  return xml.parse(text) as Record<string, unknown>;
}

type Node = Record<string, unknown>;
const asArray = <T>(v: T | T[] | undefined | null): T[] => (v === undefined || v === null ? [] : Array.isArray(v) ? v : [v]);
const textOf = (v: unknown): string => {
  if (typeof v === 'string') return v.trim();
  if (v && typeof v === 'object' && '#text' in v) return String((v as Node)['#text']).trim();
  return '';
};
const attr = (n: unknown, name: string): string | undefined => {
  const v = n && typeof n === 'object' ? (n as Node)[`@_${name}`] : undefined;
  return typeof v === 'string' ? v : undefined;
};

function resolveHref(base: string, href: string): { file: string; anchor: string | null } {
  const [rawPath, anchor] = href.split('#', 2);
  let decoded = rawPath ?? '';
  try {
    decoded = decodeURIComponent(decoded);
  } catch {
    // keep as written
  }
  const file = decoded ? path.normalize(path.join(path.dirname(base), decoded)) : base;
  return { file: file.replace(/^\.\//, ''), anchor: anchor || null };
}

// ---------------------------------------------------------------------------------------------
// Chapters

const ALLOWED_TAGS = [
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
  'span',
  'div',
  'section',
];

function sanitizeChapter(html: string, chapterPath: string, images: Set<string>): string {
  return sanitizeHtml(html, {
    allowedTags: ALLOWED_TAGS,
    allowedAttributes: { img: ['src', 'alt'] },
    allowedSchemes: ['epub-image'],
    allowedSchemesByTag: { img: ['epub-image'] },
    disallowedTagsMode: 'discard',
    // Structure only: wrappers are unwrapped into their children by structureFromHtml.
    transformTags: {
      a: () => ({ tagName: 'span', attribs: {} }),
      img: (_tag, attribs) => {
        const src = attribs.src ?? '';
        if (!src || /^[a-z][a-z0-9+.-]*:/i.test(src)) return { tagName: 'img', attribs: { src: '', alt: attribs.alt ?? '' } };
        const file = resolveHref(chapterPath, src).file;
        images.add(file);
        return { tagName: 'img', attribs: { src: `${IMAGE_SCHEME}${file}`, alt: attribs.alt ?? '' } };
      },
      image: (_tag, attribs) => {
        // SVG <image xlink:href> as used by many cover pages.
        const href = attribs['xlink:href'] ?? attribs.href ?? '';
        if (!href || /^[a-z][a-z0-9+.-]*:/i.test(href)) return { tagName: 'img', attribs: { src: '', alt: '' } };
        const file = resolveHref(chapterPath, href).file;
        images.add(file);
        return { tagName: 'img', attribs: { src: `${IMAGE_SCHEME}${file}`, alt: '' } };
      },
    },
    exclusiveFilter: (frame) => frame.tag === 'img' && !frame.attribs.src,
  });
}

const SCRIPT = /<script[\s>/]/i;

function chapterTitle(paragraphs: Paragraph[]): string | null {
  return paragraphs.find((p) => p.kind === 'h2' || p.kind === 'h3')?.text.slice(0, 120) ?? null;
}

// ---------------------------------------------------------------------------------------------
// TOC

interface RawToc {
  title: string;
  file: string | null;
  anchor: string | null;
  children: RawToc[];
}

function navToc(bytes: Buffer, navPath: string): RawToc[] {
  const { document } = parseHTML(bytes.toString('utf8'));
  const navs = Array.from(document.querySelectorAll('nav'));
  const nav = navs.find((n) => /\btoc\b/.test(n.getAttribute('epub:type') ?? '')) ?? navs[0];
  const ol = nav?.querySelector('ol');
  if (!ol) return [];
  const walk = (list: Element, depth: number): RawToc[] => {
    if (depth > 8) return [];
    return Array.from(list.children)
      .filter((li) => li.tagName === 'LI')
      .map((li) => {
        const a = Array.from(li.children).find((c) => c.tagName === 'A' || c.tagName === 'SPAN');
        const href = a?.getAttribute('href');
        const target = href ? resolveHref(navPath, href) : null;
        const sub = Array.from(li.children).find((c) => c.tagName === 'OL');
        return {
          title: (a?.textContent ?? '').replace(/\s+/g, ' ').trim().slice(0, 200),
          file: target?.file ?? null,
          anchor: target?.anchor ?? null,
          children: sub ? walk(sub, depth + 1) : [],
        };
      })
      .filter((t) => t.title);
  };
  return walk(ol, 0);
}

function ncxToc(doc: Node, ncxPath: string): RawToc[] {
  const ncx = doc.ncx as Node | undefined;
  const navMap = ncx?.navMap as Node | undefined;
  const walk = (points: unknown, depth: number): RawToc[] => {
    if (depth > 8) return [];
    return asArray(points as Node[])
      .map((p) => {
        const label = textOf((p.navLabel as Node | undefined)?.text);
        const src = attr(p.content, 'src');
        const target = src ? resolveHref(ncxPath, src) : null;
        return {
          title: label.slice(0, 200),
          file: target?.file ?? null,
          anchor: target?.anchor ?? null,
          children: walk(p.navPoint, depth + 1),
        };
      })
      .filter((t) => t.title);
  };
  return walk(navMap?.navPoint, 0);
}

// ---------------------------------------------------------------------------------------------

/**
 * Reads an EPUB 2 or 3 into metadata, chapters (sanitised HTML with the article structure:
 * paragraphs and sentences with ids), a nested table of contents and the images the chapters use.
 * Refuses, with a message the uploader understands, anything hostile or broken: too many
 * entries, bombs, paths climbing out, scripts, huge images, XML that does not parse.
 * Stores nothing: the importer does, after this succeeds.
 */
export async function parseEpub(data: Buffer): Promise<ParsedEpub> {
  const files = await readEntries(data);
  const container = files.get('META-INF/container.xml');
  if (!container) throw new EpubError('文件不是有效的 EPUB（缺少 META-INF/container.xml）');
  const containerDoc = parseXml(container, '书的目录文件（container.xml）');
  const rootfiles = asArray(((containerDoc.container as Node | undefined)?.rootfiles as Node | undefined)?.rootfile as Node[]);
  const opfPath = rootfiles.map((r) => attr(r, 'full-path')).find(Boolean);
  if (!opfPath) throw new EpubError('文件不是有效的 EPUB（找不到书的内容清单）');
  const opfBytes = files.get(opfPath);
  if (!opfBytes) throw new EpubError('文件不是有效的 EPUB（内容清单缺失）');
  const opf = parseXml(opfBytes, '书的内容清单（OPF）');
  const pkg = opf.package as Node | undefined;
  if (!pkg) throw new EpubError('文件不是有效的 EPUB（内容清单格式不正确）');
  const version = Math.floor(Number(attr(pkg, 'version') ?? '2')) >= 3 ? 3 : 2;
  const metadata = (pkg.metadata as Node | undefined) ?? {};
  const manifest = asArray((pkg.manifest as Node | undefined)?.item as Node[]).map((item) => ({
    id: attr(item, 'id') ?? '',
    file: resolveHref(opfPath, attr(item, 'href') ?? '').file,
    type: attr(item, 'media-type') ?? '',
    properties: (attr(item, 'properties') ?? '').split(/\s+/),
  }));
  const byId = new Map(manifest.map((m) => [m.id, m]));
  const spine = pkg.spine as Node | undefined;
  const itemrefs = asArray(spine?.itemref as Node[]);
  if (itemrefs.length === 0) throw new EpubError('这本书没有正文（书脊为空）');
  if (itemrefs.length > EPUB_LIMITS.maxChapters) throw new EpubError(`章节太多（超过 ${EPUB_LIMITS.maxChapters} 个），已拒绝导入`);

  const title =
    asArray(metadata.title as unknown[])
      .map(textOf)
      .find(Boolean) ?? '';
  const author =
    asArray(metadata.creator as unknown[])
      .map(textOf)
      .filter(Boolean)
      .join(', ') || null;
  const language =
    asArray(metadata.language as unknown[])
      .map(textOf)
      .find(Boolean) ?? null;
  const description =
    asArray(metadata.description as unknown[])
      .map(textOf)
      .find(Boolean) ?? null;

  // Cover: EPUB 3 `properties="cover-image"`, else EPUB 2 `<meta name="cover" content="id">`.
  const coverId = asArray(metadata.meta as Node[]).find((m) => attr(m, 'name') === 'cover')?.['@_content'];
  const coverItem =
    manifest.find((m) => m.properties.includes('cover-image')) ?? (typeof coverId === 'string' ? byId.get(coverId) : undefined);
  const cover = coverItem && IMAGE_TYPES.has(coverItem.type) && files.has(coverItem.file) ? coverItem.file : null;

  // Table of contents: EPUB 3 nav document, else the EPUB 2 NCX.
  let rawToc: RawToc[] = [];
  const nav = manifest.find((m) => m.properties.includes('nav'));
  const navBytes = nav ? files.get(nav.file) : undefined;
  if (nav && navBytes) {
    if (XMLValidator.validate(navBytes.toString('utf8')) !== true) throw new EpubError('书的目录（nav）不是有效的 XML，文件可能已损坏');
    rawToc = navToc(navBytes, nav.file);
  }
  if (rawToc.length === 0) {
    const ncx = byId.get(attr(spine, 'toc') ?? '') ?? manifest.find((m) => m.type === 'application/x-dtbncx+xml');
    const ncxBytes = ncx ? files.get(ncx.file) : undefined;
    if (ncx && ncxBytes) rawToc = ncxToc(parseXml(ncxBytes, '书的目录（NCX）'), ncx.file);
  }
  const tocTitles = new Map<string, string>();
  const firstTitles = (items: RawToc[]) => {
    for (const t of items) {
      if (t.file && !t.anchor && !tocTitles.has(t.file)) tocTitles.set(t.file, t.title);
      firstTitles(t.children);
    }
  };
  firstTitles(rawToc);
  const firstAnyTitle = new Map<string, string>();
  const anyTitles = (items: RawToc[]) => {
    for (const t of items) {
      if (t.file && !firstAnyTitle.has(t.file)) firstAnyTitle.set(t.file, t.title);
      anyTitles(t.children);
    }
  };
  anyTitles(rawToc);

  // Chapters in spine order.
  const chapters: EpubChapter[] = [];
  const used = new Set<string>();
  for (const ref of itemrefs) {
    const item = byId.get(attr(ref, 'idref') ?? '');
    if (!item || !/xhtml|html/.test(item.type)) continue;
    const bytes = files.get(item.file);
    if (!bytes) continue;
    const source = bytes.toString('utf8').replace(/^\uFEFF/, '');
    if (SCRIPT.test(source)) throw new EpubError('书中含有脚本（script），出于安全原因不能导入');
    if (/<!ENTITY/i.test(source)) throw new EpubError('书的章节中含有实体声明，已拒绝导入');
    if (XMLValidator.validate(source) !== true) throw new EpubError(`章节 ${item.file} 不是有效的 XHTML，文件可能已损坏`);
    const { document } = parseHTML(source);
    const body = document.querySelector('body');
    const chapterImages = new Set<string>();
    const html = sanitizeChapter(body?.innerHTML ?? '', item.file, chapterImages);
    const paragraphs = structureFromHtml(html);
    if (!paragraphs.some((p) => p.kind !== 'figure')) continue; // cover pages and blank pages
    for (const img of chapterImages) used.add(img);
    chapters.push({
      path: item.file,
      title: tocTitles.get(item.file) ?? firstAnyTitle.get(item.file) ?? chapterTitle(paragraphs) ?? `第 ${chapters.length + 1} 章`,
      html,
      paragraphs,
    });
  }
  if (chapters.length === 0) throw new EpubError('这本书里没有可读的正文');

  // Images: only those used, each checked for size and dimensions.
  if (cover) used.add(cover);
  const images = new Map<string, EpubImage>();
  for (const file of used) {
    const bytes = files.get(file);
    if (!bytes) continue;
    if (bytes.length > EPUB_LIMITS.maxImageBytes) throw new EpubError(`书中的图片太大（${file}），已拒绝导入`);
    let meta: Metadata;
    try {
      meta = await sharp(bytes, { limitInputPixels: false }).metadata();
    } catch {
      continue; // not an image sharp reads: dropped from the chapter below
    }
    const width = meta.width ?? 0;
    const height = meta.height ?? 0;
    if (width * height > EPUB_LIMITS.maxImagePixels) throw new EpubError(`书中的图片尺寸太大（${file}，${width}×${height}），已拒绝导入`);
    if (!meta.format || !['jpeg', 'png', 'gif', 'webp'].includes(meta.format)) continue;
    images.set(file, { path: file, data: bytes, width, height });
  }

  const chapterIndex = new Map(chapters.map((c, i) => [c.path, i]));
  const toToc = (items: RawToc[]): TocItem[] =>
    items.map((t) => ({
      title: t.title,
      chapter: t.file !== null ? (chapterIndex.get(t.file) ?? null) : null,
      anchor: t.anchor,
      children: toToc(t.children),
    }));
  const toc = rawToc.length > 0 ? toToc(rawToc) : chapters.map((c, i) => ({ title: c.title, chapter: i, anchor: null, children: [] }));

  return {
    version,
    title: title.slice(0, 300) || '未命名的书',
    author: author?.slice(0, 200) ?? null,
    language,
    description: description ? sanitizeHtml(description, { allowedTags: [], allowedAttributes: {} }).slice(0, 2000) : null,
    cover: cover && images.has(cover) ? cover : null,
    chapters,
    toc,
    images,
  };
}
