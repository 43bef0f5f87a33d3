import type { Paragraph } from '@changdu/contract';

/** Where a sentence sits in its paragraph's text: [start, end) character offsets. */
export function sentenceOffsets(paragraphText: string, paragraph: Paragraph): Map<string, [number, number]> {
  const out = new Map<string, [number, number]>();
  let from = 0;
  for (const s of paragraph.sentences) {
    const at = paragraphText.indexOf(s.text, from);
    if (at < 0) continue;
    out.set(s.id, [at, at + s.text.length]);
    from = at + s.text.length;
  }
  return out;
}

/** The text node and offset holding character `offset` of an element's text (its end for the last). */
export function textPoint(element: Element, offset: number): { node: Text; offset: number } | null {
  const walker = document.createTreeWalker(element, NodeFilter.SHOW_TEXT);
  let seen = 0;
  for (let node = walker.nextNode(); node; node = walker.nextNode()) {
    const length = node.textContent?.length ?? 0;
    if (offset <= seen + length) return { node: node as Text, offset: offset - seen };
    seen += length;
  }
  return null;
}

/** A DOM range over characters [start, end) of an element's text. */
export function textRange(element: Element, start: number, end: number): Range | null {
  const from = textPoint(element, start);
  const to = textPoint(element, end);
  if (!from || !to) return null;
  const range = document.createRange();
  range.setStart(from.node, from.offset);
  range.setEnd(to.node, to.offset);
  return range;
}

/** The character offset within `element` of a DOM position inside it. */
export function offsetWithin(element: Element, node: Node, offset: number): number {
  const range = document.createRange();
  range.selectNodeContents(element);
  range.setEnd(node, offset);
  return range.toString().length;
}

/** The sentence at character `offset` of a paragraph, or its first one. */
export function sentenceAt(offsets: Map<string, [number, number]>, offset: number): string | null {
  let first: string | null = null;
  for (const [id, [start, end]] of offsets) {
    first ??= id;
    if (offset >= start && offset <= end) return id;
  }
  return first;
}
