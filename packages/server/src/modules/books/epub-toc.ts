import type { Paragraph } from '@changdu/contract';
import { parseHTML } from 'linkedom';
import { asArray, attr, resolveHref, textOf, type Node } from './epub-xml.js';

/** A table-of-contents entry as the book's nav or NCX gives it: a file and a fragment in it. */
export interface RawToc {
  title: string;
  file: string | null;
  anchor: string | null;
  children: RawToc[];
}

/** The EPUB 3 nav document's `toc` list, nested. */
export function navToc(bytes: Buffer, navPath: string): RawToc[] {
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

/** The EPUB 2 NCX's nav map, nested. */
export function ncxToc(doc: Node, ncxPath: string): RawToc[] {
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

/**
 * Chapter titles by file: the first entry pointing at the file's top, else the first pointing
 * anywhere into it.
 */
export function tocTitles(toc: RawToc[]): Map<string, string> {
  const top = new Map<string, string>();
  const any = new Map<string, string>();
  const visit = (items: RawToc[]) => {
    for (const t of items) {
      if (t.file && !t.anchor && !top.has(t.file)) top.set(t.file, t.title);
      if (t.file && !any.has(t.file)) any.set(t.file, t.title);
      visit(t.children);
    }
  };
  visit(toc);
  for (const [file, title] of any) if (!top.has(file)) top.set(file, title);
  return top;
}

/** The fragments the TOC points at in each file. */
export function tocAnchors(toc: RawToc[]): Map<string, Set<string>> {
  const out = new Map<string, Set<string>>();
  const visit = (items: RawToc[]) => {
    for (const t of items) {
      if (t.file && t.anchor) out.set(t.file, (out.get(t.file) ?? new Set()).add(t.anchor));
      visit(t.children);
    }
  };
  visit(toc);
  return out;
}

const countable = (text: string) => text.replace(/\s+/g, '').length;
const SKIPPED = new Set(['SCRIPT', 'STYLE', 'TEMPLATE']);

/**
 * Where each wanted element id starts in the chapter's text, counted in non-space characters
 * (the sanitiser drops ids but keeps the text, so this count survives it).
 */
export function anchorOffsets(body: Element, ids: ReadonlySet<string>): Map<string, number> {
  const found = new Map<string, number>();
  let seen = 0;
  const walk = (el: Element) => {
    for (const child of Array.from(el.childNodes)) {
      if (child.nodeType === 3) seen += countable(child.textContent ?? '');
      if (child.nodeType !== 1) continue;
      const element = child as Element;
      if (SKIPPED.has(element.tagName.toUpperCase())) continue;
      const id = element.getAttribute('id');
      if (id && ids.has(id) && !found.has(id)) found.set(id, seen);
      walk(element);
    }
  };
  walk(body);
  return found;
}

/**
 * The id of the paragraph holding the character at `offset` (non-space characters from the
 * chapter start), or the next one when the offset falls between paragraphs; the last
 * paragraph when it lies past the end.
 */
export function paragraphAt(paragraphs: Paragraph[], offset: number): string | null {
  let end = 0;
  for (const p of paragraphs) {
    end += countable(p.text);
    if (offset < end) return p.id;
  }
  return paragraphs[paragraphs.length - 1]?.id ?? null;
}
