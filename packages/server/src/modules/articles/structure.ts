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
const CONTAINERS = new Set(['DIV', 'SECTION', 'ARTICLE', 'MAIN', 'UL', 'OL', 'BODY', 'HEADER', 'FOOTER', 'ASIDE']);

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

/** Splits sanitised article HTML into addressable blocks; empty blocks are dropped. */
export function structureFromHtml(html: string): Paragraph[] {
  const { document } = parseHTML(`<!doctype html><html><body>${html}</body></html>`);
  const out: Paragraph[] = [];
  const walk = (el: Element) => {
    for (const child of Array.from(el.children)) {
      const kind = BLOCKS[child.tagName];
      if (kind === 'figure' || (child.tagName === 'IMG' && child.getAttribute('src'))) {
        const img = child.tagName === 'IMG' ? child : child.querySelector('img');
        if (img?.getAttribute('src')) out.push(paragraph('figure', child.outerHTML, child.textContent ?? '', null));
      } else if (kind) {
        const text = normalizeText(child.textContent ?? '');
        if (text) out.push(paragraph(kind, child.innerHTML, text, null));
      } else if (CONTAINERS.has(child.tagName)) {
        walk(child);
      } else {
        const text = normalizeText(child.textContent ?? '');
        if (text) out.push(paragraph('p', child.outerHTML, text, null));
      }
    }
  };
  walk(document.body);
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
