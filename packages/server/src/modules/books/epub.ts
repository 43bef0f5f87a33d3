import type { Paragraph } from '@changdu/contract';
import { XMLValidator } from 'fast-xml-parser';
import type { Metadata } from 'sharp';
import { loadSharp } from '../../lib/sharp.js';
import { plainText } from '../../lib/sanitize.js';
import { readChapter } from './epub-chapter.js';
import { navToc, ncxToc, tocAnchors, tocTitles, type RawToc } from './epub-toc.js';
import { asArray, attr, parseXml, resolveHref, textOf, type Node } from './epub-xml.js';
import { EPUB_LIMITS, EpubError, readEntries } from './epub-zip.js';

export { EPUB_LIMITS, EpubError } from './epub-zip.js';
export { IMAGE_SCHEME } from './epub-chapter.js';

export interface TocItem {
  title: string;
  /** Index into `chapters`, or null when the entry points at no chapter that was kept. */
  chapter: number | null;
  /** The fragment (`#id`) of the target inside the chapter, if any. */
  anchor: string | null;
  /** The id of the paragraph the fragment opens at (ids do not survive sanitising), if found. */
  paragraph: string | null;
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
  /** Fragment → paragraph id, for the fragments the table of contents points at. */
  anchors: Map<string, string>;
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
  /** Whether `toc` is the book's own (nav or NCX); false when it was made from the chapters. */
  ownToc: boolean;
  /** Images the chapters or the cover use, by entry path. */
  images: Map<string, EpubImage>;
}

function chapterTitle(paragraphs: Paragraph[]): string | null {
  return paragraphs.find((p) => p.kind === 'h2' || p.kind === 'h3')?.text.slice(0, 120) ?? null;
}

const IMAGE_TYPES = new Set(['image/jpeg', 'image/png', 'image/gif', 'image/webp']);

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
  const titles = tocTitles(rawToc);
  const wanted = tocAnchors(rawToc);

  // Chapters in spine order.
  const chapters: EpubChapter[] = [];
  const used = new Set<string>();
  for (const ref of itemrefs) {
    const item = byId.get(attr(ref, 'idref') ?? '');
    if (!item || !/xhtml|html/.test(item.type)) continue;
    const bytes = files.get(item.file);
    if (!bytes) continue;
    const chapter = readChapter(bytes, item.file, wanted.get(item.file) ?? new Set());
    if (!chapter.paragraphs.some((p) => p.kind !== 'figure')) continue; // cover pages and blank pages
    for (const img of chapter.images) used.add(img);
    chapters.push({
      path: item.file,
      title: titles.get(item.file) ?? chapterTitle(chapter.paragraphs) ?? `第 ${chapters.length + 1} 章`,
      html: chapter.html,
      paragraphs: chapter.paragraphs,
      anchors: chapter.anchors,
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
      meta = await (await loadSharp())(bytes, { limitInputPixels: false }).metadata();
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
    items.map((t) => {
      const chapter = t.file !== null ? (chapterIndex.get(t.file) ?? null) : null;
      const paragraph = chapter !== null && t.anchor ? (chapters[chapter]!.anchors.get(t.anchor) ?? null) : null;
      return { title: t.title, chapter, anchor: t.anchor, paragraph, children: toToc(t.children) };
    });
  const toc =
    rawToc.length > 0
      ? toToc(rawToc)
      : chapters.map((c, i) => ({ title: c.title, chapter: i, anchor: null, paragraph: null, children: [] }));

  return {
    version,
    title: title.slice(0, 300) || '未命名的书',
    author: author?.slice(0, 200) ?? null,
    language,
    description: description ? plainText(description).slice(0, 2000) : null,
    cover: cover && images.has(cover) ? cover : null,
    chapters,
    toc,
    ownToc: rawToc.length > 0,
    images,
  };
}
