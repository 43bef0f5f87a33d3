import { createHash } from 'node:crypto';
import type { Paragraph } from '@changdu/contract';
import { IMAGE_SCHEME, type ParsedEpub, type TocItem } from '../books/index.js';

/** One article of an uploaded issue: where it sits and its body. */
export interface IssuePart {
  /** `epub:<digest>/<chapter path>`: the same file uploaded twice gives the same references. */
  ref: string;
  title: string;
  section: string | null;
  byline: string | null;
  paragraphs: Paragraph[];
}

const same = (a: string, b: string) => a.replace(/\s+/g, ' ').trim().toLowerCase() === b.replace(/\s+/g, ' ').trim().toLowerCase();

/**
 * Splits an issue's EPUB into its articles by its table of contents: a top-level entry whose
 * children point at other chapters is a section, its entries the articles; any other entry is
 * an article (anchors inside a chapter already taken are headings of that article). Without a
 * table of contents every chapter is an article. Images packed in the file are left out (the
 * article keeps its text); chapters without text are skipped.
 */
export function splitIssue(epub: ParsedEpub, data: Buffer): IssuePart[] {
  const digest = createHash('sha256').update(data).digest('hex').slice(0, 16);
  const taken = new Set<number>();
  const entries: { chapter: number; title: string; section: string | null }[] = [];

  function visit(item: TocItem, section: string | null) {
    if (item.chapter !== null && !taken.has(item.chapter)) {
      taken.add(item.chapter);
      entries.push({ chapter: item.chapter, title: item.title, section });
    }
    for (const child of item.children) visit(child, section);
  }
  for (const item of epub.toc) {
    const isSection = item.children.some((c) => c.chapter !== null && c.chapter !== item.chapter);
    if (isSection) for (const child of item.children) visit(child, item.title.slice(0, 100));
    else visit(item, null);
  }
  if (epub.toc.length === 0) epub.chapters.forEach((c, i) => entries.push({ chapter: i, title: c.title, section: null }));

  return entries.flatMap(({ chapter, title, section }) => {
    const source = epub.chapters[chapter]!;
    let paragraphs = source.paragraphs.filter((p) => !p.html.includes(IMAGE_SCHEME));
    // The title is shown above the body: a first heading repeating it goes.
    if (paragraphs[0] && paragraphs[0].kind !== 'p' && same(paragraphs[0].text, title)) paragraphs = paragraphs.slice(1);
    if (!paragraphs.some((p) => p.kind !== 'figure')) return [];
    // The file's author is the publication, not the writer of each article: no byline.
    return [{ ref: `epub:${digest}/${source.path}`, title: (title || source.title).slice(0, 300), section, byline: null, paragraphs }];
  });
}
