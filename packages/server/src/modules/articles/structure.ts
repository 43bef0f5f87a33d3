import { randomBytes } from 'node:crypto';
import type { Paragraph } from '@changdu/contract';
import { parseHTML } from 'linkedom';

type Kind = Paragraph['kind'];

const BLOCKS: Record<string, Kind> = {
  P: 'p',
  H1: 'h2',
  H2: 'h2',
  H3: 'h3',
  H4: 'h3',
  H5: 'h3',
  H6: 'h3',
  BLOCKQUOTE: 'blockquote',
  LI: 'li',
  FIGURE: 'figure',
  PRE: 'p',
};
/**
 * Wrappers whose blocks are walked into: whatever a page wraps its text in (an itemprop="articleBody"
 * div, a <header> intro, sections, table cells, definition lists). Text sitting directly in one is kept
 * as a paragraph of its own.
 */
const CONTAINERS = new Set([
  'DIV', 'SECTION', 'ARTICLE', 'MAIN', 'UL', 'OL', 'BODY', 'HEADER', 'FOOTER', 'ASIDE', 'NAV', 'CENTER', 'HGROUP',
  'TABLE', 'THEAD', 'TBODY', 'TFOOT', 'TR', 'TD', 'TH', 'CAPTION', 'DL', 'DT', 'DD', 'DETAILS', 'SUMMARY', 'FIGCAPTION',
  'ADDRESS', 'FIELDSET',
]);

const segmenter = new Intl.Segmenter('en', { granularity: 'sentence' });

export function normalizeText(text: string): string {
  return text.replace(/\s+/g, ' ').trim();
}

export function newParagraphId(): string {
  return `p${randomBytes(4).toString('hex')}`;
}

/** Sentences of a paragraph, with ids derived from the paragraph's (stable) id. */
export function splitSentences(paragraphId: string, text: string): Paragraph['sentences'] {
  const sentences = [...segmenter.segment(text)].map((s) => s.segment.trim()).filter(Boolean);
  return sentences.map((sentence, i) => ({ id: `${paragraphId}-s${i + 1}`, text: sentence }));
}

const escapeHtml = (text: string) => text.replace(/[&<>"]/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;' })[c]!);

export function paragraph(kind: Kind, html: string, text: string, zh: string | null, id = newParagraphId()): Paragraph {
  const clean = normalizeText(text);
  return {
    id,
    kind,
    html: html.trim() || escapeHtml(clean),
    text: clean,
    sentences: kind === 'figure' ? [] : splitSentences(id, clean),
    zh,
  };
}

/** Plain text typed by an editor becomes a paragraph whose HTML is the escaped text. */
export function paragraphFromText(kind: Kind, text: string, zh: string | null, id?: string): Paragraph {
  return paragraph(kind, escapeHtml(normalizeText(text)), text, zh, id);
}

const escapeText = (text: string) => text.replace(/[&<>]/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;' })[c]!);

function htmlOf(node: Node): string {
  if (node.nodeType === 3) return escapeText(node.textContent ?? '');
  return node.nodeType === 1 ? (node as Element).outerHTML : '';
}

/**
 * Splits sanitised article HTML into addressable blocks, keeping every piece of text in order:
 * known blocks (p, headings, quotes, list items, figures) become paragraphs; wrappers of any kind
 * are walked into; text and inline elements lying directly in a wrapper (between its blocks, or
 * alone) are gathered into paragraphs, split where two line breaks meet. Empty blocks are dropped.
 * Tag names are compared in upper case whatever the parser gives.
 */
export function structureFromHtml(html: string): Paragraph[] {
  const { document } = parseHTML(`<!doctype html><html><body>${html}</body></html>`);
  const out: Paragraph[] = [];
  let run: Node[] = [];
  const flush = () => {
    const nodes = run;
    run = [];
    // Two or more <br> in a row end a paragraph.
    const pieces: Node[][] = [[]];
    for (let i = 0; i < nodes.length; i++) {
      const n = nodes[i]!;
      const isBr = n.nodeType === 1 && (n as Element).tagName.toUpperCase() === 'BR';
      if (isBr) {
        let j = i + 1;
        while (j < nodes.length && nodes[j]!.nodeType === 3 && !(nodes[j]!.textContent ?? '').trim()) j++;
        if (j < nodes.length && nodes[j]!.nodeType === 1 && (nodes[j] as Element).tagName.toUpperCase() === 'BR') {
          pieces.push([]);
          i = j;
          continue;
        }
      }
      pieces[pieces.length - 1]!.push(n);
    }
    for (const piece of pieces) {
      const text = normalizeText(piece.map((n) => (n.nodeType === 1 && (n as Element).tagName.toUpperCase() === 'BR' ? ' ' : (n.textContent ?? ''))).join(''));
      if (!text) continue;
      const inner = piece
        .map(htmlOf)
        .join('')
        .trim()
        .replace(/^(<br\s*\/?>\s*)+|(\s*<br\s*\/?>)+$/gi, '');
      out.push(paragraph('p', inner, text, null));
    }
  };
  const walk = (el: Element) => {
    for (const child of Array.from(el.childNodes)) {
      if (child.nodeType === 3) {
        run.push(child);
        continue;
      }
      if (child.nodeType !== 1) continue;
      const element = child as Element;
      const tag = element.tagName.toUpperCase();
      const kind = BLOCKS[tag];
      if (kind === 'figure' || (tag === 'IMG' && element.getAttribute('src'))) {
        flush();
        const img = tag === 'IMG' ? element : element.querySelector('img');
        if (img?.getAttribute('src')) out.push(paragraph('figure', element.outerHTML, element.textContent ?? '', null));
        else {
          const text = normalizeText(element.textContent ?? '');
          if (text) out.push(paragraph('p', element.innerHTML, text, null));
        }
      } else if (kind) {
        flush();
        const text = normalizeText(element.textContent ?? '');
        const img = element.querySelector('img');
        if (text) out.push(paragraph(kind, element.innerHTML, text, null));
        else if (img?.getAttribute('src')) out.push(paragraph('figure', img.outerHTML, '', null));
      } else if (CONTAINERS.has(tag)) {
        flush();
        walk(element);
        flush();
      } else {
        // Inline content (a, em, span, br, code…): part of the current run of text.
        run.push(element);
      }
    }
  };
  walk(document.body);
  flush();
  return out;
}

/**
 * Carries ids and translations from an earlier version to a new one: a block whose text is
 * unchanged keeps its id (notes and history point at it) and its editor's translation.
 */
export function keepStableIds(previous: Paragraph[], next: Paragraph[]): Paragraph[] {
  const byText = new Map<string, Paragraph[]>();
  for (const p of previous) byText.set(p.text, [...(byText.get(p.text) ?? []), p]);
  return next.map((p) => {
    const match = byText.get(p.text)?.shift();
    if (!match) return p;
    return { ...p, id: match.id, sentences: p.kind === 'figure' ? [] : splitSentences(match.id, p.text), zh: p.zh ?? match.zh };
  });
}

/** The body as plain text, for search and metrics (figures excluded). */
export function bodyText(paragraphs: Paragraph[]): string {
  return paragraphs
    .filter((p) => p.kind !== 'figure')
    .map((p) => p.text)
    .join('\n\n');
}
