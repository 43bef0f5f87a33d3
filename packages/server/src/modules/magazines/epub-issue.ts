import { createHash } from 'node:crypto';
import type { Paragraph } from '@changdu/contract';
import { IMAGE_SCHEME, type ParsedEpub, type TocItem } from '../books/index.js';

/** One article of an uploaded issue: where it sits and its body. */
export interface IssuePart {
  /** `epub:<digest>/<chapter path>[#anchor]`: the same file uploaded twice gives the same references. */
  ref: string;
  title: string;
  section: string | null;
  byline: string | null;
  paragraphs: Paragraph[];
}

/** A place in the book: a chapter (spine order) and a paragraph in it. */
interface Place {
  chapter: number;
  index: number;
}

interface Entry {
  title: string;
  ref: string;
  start: Place;
  /** The top-level entry it sits under (itself when it is one). */
  top: number;
  hasChildren: boolean;
}

const before = (a: Place, b: Place) => a.chapter < b.chapter || (a.chapter === b.chapter && a.index < b.index);
const samePlace = (a: Place, b: Place) => a.chapter === b.chapter && a.index === b.index;
// Labels and headings differ in case, spacing and punctuation ("CHAPTER I.\nDown the Rabbit-Hole").
const letters = (s: string) => s.toLowerCase().replace(/[^\p{L}\p{N}]+/gu, '');
/** Body text, as opposed to headings and pictures: what makes an entry worth an article. */
const isText = (p: Paragraph) => p.kind === 'p' || p.kind === 'blockquote' || p.kind === 'li';

/**
 * Splits an issue's EPUB into its articles by its table of contents (nav or NCX, as the books
 * parser reads it): one article per entry, in table order, titled by the entry and holding the
 * paragraphs from its anchor up to the next entry's anchor in reading order, across files.
 * Gutenberg-style books put the whole text in one or a few files with anchors, so files cannot
 * be the unit. Text before the first entry (a series page, a licence header) belongs to no
 * entry and is left out; an entry whose stretch has no body text (a title page, a section's
 * heading) is skipped, and a top-level one of those with entries under it names their section.
 * Without a usable table of contents every chapter is an article (a lone one is titled by the
 * book's metadata, not its first page). Images packed in the file are left out.
 */
export function splitIssue(epub: ParsedEpub, data: Buffer): IssuePart[] {
  const digest = createHash('sha256').update(data).digest('hex').slice(0, 16);
  const { chapters } = epub;

  const entries: Entry[] = [];
  // `top`: the index of the top-level entry above, null at the top level.
  const visit = (item: TocItem, top: number | null) => {
    let self: number | null = null;
    if (item.chapter !== null) {
      const chapter = chapters[item.chapter]!;
      const at = item.paragraph === null ? -1 : chapter.paragraphs.findIndex((p) => p.id === item.paragraph);
      self = entries.length;
      entries.push({
        title: item.title,
        ref: `epub:${digest}/${chapter.path}${item.anchor ? `#${item.anchor}` : ''}`,
        start: { chapter: item.chapter, index: Math.max(0, at) },
        top: top ?? self,
        hasChildren: item.children.length > 0,
      });
    }
    for (const child of item.children) visit(child, top ?? self);
  };
  if (epub.ownToc) for (const item of epub.toc) visit(item, null);

  if (entries.length === 0) {
    return chapters.flatMap((c) => {
      const title = chapters.length === 1 ? epub.title : c.title;
      const paragraphs = article(c.paragraphs, title);
      return paragraphs ? [{ ref: `epub:${digest}/${c.path}`, title: title.slice(0, 300), section: null, byline: null, paragraphs }] : [];
    });
  }

  // Each entry runs to the nearest start after its own; of entries sharing a start, the first takes it.
  const bodies = entries.map((entry, i) => {
    if (entries.slice(0, i).some((e) => samePlace(e.start, entry.start))) return null;
    const end = entries.reduce<Place | null>(
      (next, e) => (before(entry.start, e.start) && (!next || before(e.start, next)) ? e.start : next),
      null,
    );
    return article(slice(chapters, entry.start, end), entry.title);
  });

  // A top-level entry with entries under it and no text of its own is their section.
  const sections = entries.map((entry, i) => (entry.top === i && entry.hasChildren && !bodies[i] ? entry.title.slice(0, 100) : null));
  const refs = new Set<string>();
  return entries.flatMap((entry, i) => {
    const paragraphs = bodies[i];
    if (!paragraphs || refs.has(entry.ref)) return [];
    refs.add(entry.ref);
    // The file's author is the publication, not the writer of each article: no byline.
    return [
      {
        ref: entry.ref,
        title: entry.title.slice(0, 300),
        section: entry.top === i ? null : sections[entry.top]!,
        byline: null,
        paragraphs,
      },
    ];
  });
}

/** The paragraphs from `start` up to `end` (or the book's end), across chapters. */
function slice(chapters: ParsedEpub['chapters'], start: Place, end: Place | null): Paragraph[] {
  const out: Paragraph[] = [];
  const last = end ?? { chapter: chapters.length - 1, index: chapters[chapters.length - 1]!.paragraphs.length };
  for (let c = start.chapter; c <= last.chapter; c++) {
    const paragraphs = chapters[c]!.paragraphs;
    out.push(...paragraphs.slice(c === start.chapter ? start.index : 0, c === last.chapter ? last.index : paragraphs.length));
  }
  return out;
}

/** An article's body from a stretch of the book, or null when it holds no text to read. */
function article(stretch: Paragraph[], title: string): Paragraph[] | null {
  let paragraphs = stretch.filter((p) => !p.html.includes(IMAGE_SCHEME));
  // The title is shown above the body: a first heading repeating it goes.
  if (paragraphs[0] && paragraphs[0].kind !== 'p' && letters(paragraphs[0].text) === letters(title)) paragraphs = paragraphs.slice(1);
  return paragraphs.some(isText) ? paragraphs : null;
}
