import type { Paragraph } from '@changdu/contract';

/**
 * The reading page's paragraph decorations, done on the paragraph HTML before it is
 * rendered, so React owns the result and nothing is patched into the live DOM: the words
 * that carry a mark (word book, level, key word) are wrapped in a `span.w` with the mark's
 * classes, and saved highlights become `mark.hl` elements. Every other word stays plain
 * text (a tap finds its word from the text at the tap point: `word-at-point.ts`), so a
 * long article renders about as many nodes as its static HTML. Links and inline markup stay
 * as they are; a paragraph with no marks and no highlights is its HTML unchanged.
 *
 * Offsets: a note's `start`/`end` count characters of the paragraph's plain `text`, which
 * the server makes from the HTML's text by collapsing whitespace runs and trimming. The
 * helpers here map between that text and the raw text of the rendered element, so
 * highlights land on the same characters after any re-render or reload.
 */

export interface Highlight {
  /** The note's uuid. */
  id: string;
  start: number;
  end: number;
  color: string;
  /** The note has a comment: its highlight ends with a marker in the text. */
  commented?: boolean;
}

/** A word as the reader sees it: letters, with inner apostrophes (don't, women's). */
const WORD = /[A-Za-z\u00C0-\u024F]+(?:['’][A-Za-z\u00C0-\u024F]+)*/g;
export const WORD_CHAR = /[A-Za-z\u00C0-\u024F'’]/;

/** The key a word is matched by (lower case, without a possessive 's). */
export function wordKey(word: string): string {
  return word.toLowerCase().replace(/['’]s$/, '');
}

/**
 * For each raw index (and the end), the index in the normalised text (whitespace runs
 * collapsed to one space, trimmed). Whitespace maps onto the space it collapsed into.
 */
export function normalizedIndex(raw: string): number[] {
  const map = new Array<number>(raw.length + 1);
  let norm = 0;
  let emitted = false;
  let pendingSpace = false;
  for (let i = 0; i < raw.length; i++) {
    if (/\s/.test(raw[i]!)) {
      if (emitted) pendingSpace = true;
      map[i] = norm;
      continue;
    }
    if (pendingSpace) {
      norm++;
      pendingSpace = false;
    }
    map[i] = norm;
    norm++;
    emitted = true;
  }
  map[raw.length] = norm;
  return map;
}

export type WordClass = (key: string) => string | undefined;

function textNodes(root: Node): Text[] {
  const walker = root.ownerDocument!.createTreeWalker(root, NodeFilter.SHOW_TEXT);
  const nodes: Text[] = [];
  for (let node = walker.nextNode(); node; node = walker.nextNode()) nodes.push(node as Text);
  return nodes;
}

/** `text` into `into`, with the words `wordClass` marks wrapped in spans and the rest left as text. */
function wrapWords(doc: Document, text: string, wordClass: WordClass | undefined, into: Node): void {
  let last = 0;
  if (wordClass) {
    for (const match of text.matchAll(WORD)) {
      const extra = wordClass(wordKey(match[0]));
      if (!extra) continue;
      const at = match.index;
      if (at > last) into.appendChild(doc.createTextNode(text.slice(last, at)));
      const span = doc.createElement('span');
      span.className = `w ${extra}`;
      span.textContent = match[0];
      into.appendChild(span);
      last = at + match[0].length;
    }
  }
  if (last < text.length) into.appendChild(doc.createTextNode(text.slice(last)));
}

/**
 * The marked words of a paragraph's text as one stable string (`key class` lines, sorted;
 * empty when no word is marked). A paragraph re-renders only when this string changes, so
 * the word book arriving touches only the paragraphs holding its words.
 */
export function wordMarks(text: string, wordClass: WordClass | undefined): string {
  if (!wordClass) return '';
  const marks = new Map<string, string>();
  for (const match of text.matchAll(WORD)) {
    const key = wordKey(match[0]);
    if (marks.has(key)) continue;
    const extra = wordClass(key);
    if (extra) marks.set(key, extra);
  }
  return [...marks]
    .map(([key, extra]) => `${key} ${extra}`)
    .sort()
    .join('\n');
}

/** The word classes of a `wordMarks` string; undefined when it marks nothing. */
export function marksClass(marks: string): WordClass | undefined {
  if (!marks) return undefined;
  const map = new Map(marks.split('\n').map((line) => [line.slice(0, line.indexOf(' ')), line.slice(line.indexOf(' ') + 1)]));
  return (key) => map.get(key);
}

/** The paragraph HTML with marked words in spans and highlight marks (the text itself is unchanged). */
export function decorateHtml(html: string, highlights: readonly Highlight[], wordClass?: WordClass): string {
  if (highlights.length === 0 && !wordClass) return html;
  const doc = new DOMParser().parseFromString(`<!doctype html><body>${html}`, 'text/html');
  const nodes = textNodes(doc.body);
  const map = normalizedIndex(nodes.map((n) => n.data).join(''));
  // Later notes are drawn over earlier ones.
  const cover = (norm: number): Highlight | undefined => {
    for (let i = highlights.length - 1; i >= 0; i--) {
      const h = highlights[i]!;
      if (norm >= h.start && norm < h.end) return h;
    }
    return undefined;
  };
  let base = 0;
  for (const node of nodes) {
    const text = node.data;
    const fragment = doc.createDocumentFragment();
    let runStart = 0;
    let runMark = text.length ? cover(map[base]!) : undefined;
    const flush = (end: number) => {
      const part = text.slice(runStart, end);
      if (!part) return;
      if (runMark) {
        const mark = doc.createElement('mark');
        mark.className = 'hl';
        mark.dataset.color = runMark.color;
        mark.dataset.note = runMark.id;
        wrapWords(doc, part, wordClass, mark);
        fragment.appendChild(mark);
      } else wrapWords(doc, part, wordClass, fragment);
    };
    for (let j = 1; j < text.length; j++) {
      const mark = cover(map[base + j]!);
      if (mark !== runMark) {
        flush(j);
        runStart = j;
        runMark = mark;
      }
    }
    flush(text.length);
    base += text.length;
    node.replaceWith(fragment);
  }
  // A highlight with a comment ends with a marker (drawn by CSS after its last mark).
  for (const h of highlights) {
    if (!h.commented) continue;
    const marks = [...doc.body.querySelectorAll<HTMLElement>('mark.hl')].filter((m) => m.dataset.note === h.id);
    marks.at(-1)?.classList.add('hl-commented');
  }
  return doc.body.innerHTML;
}

/* ---- Live DOM: offsets of the rendered paragraph ---- */

/** Characters of `root`'s text before the boundary (`node`, `offset`). */
export function rawOffset(root: Node, node: Node, offset: number): number {
  const range = root.ownerDocument!.createRange();
  range.setStart(root, 0);
  range.setEnd(node, offset);
  return range.toString().length;
}

/** The paragraph element (`[data-pid]`) a node sits in. */
export function paragraphElement(node: Node | null): HTMLElement | null {
  const element = node instanceof Element ? node : (node?.parentElement ?? null);
  return element?.closest<HTMLElement>('[data-pid]') ?? null;
}

export interface TextRange {
  root: string;
  start: number;
  end: number;
  text: string;
  sentenceId?: string;
}

/** Each sentence's position in the paragraph text (sentences are trimmed pieces of it, in order). */
export function sentenceSpans(paragraph: Paragraph): { id: string; text: string; start: number; end: number }[] {
  let cursor = 0;
  return paragraph.sentences.map((s) => {
    const found = paragraph.text.indexOf(s.text, cursor);
    const start = found === -1 ? cursor : found;
    cursor = start + s.text.length;
    return { ...s, start, end: cursor };
  });
}

/** The sentence holding a character of the paragraph; the paragraph itself if none does. */
export function sentenceAt(paragraph: Paragraph, offset: number): { id?: string; text: string } {
  const spans = sentenceSpans(paragraph);
  const hit = spans.find((s) => offset >= s.start && offset < s.end) ?? spans.findLast((s) => s.start <= offset);
  return hit ? { id: hit.id, text: hit.text } : { text: paragraph.text };
}

/**
 * A selection inside one paragraph as plain-text offsets, widened to whole words and
 * trimmed of surrounding spaces. A selection running into later paragraphs keeps its first.
 */
export function selectionRange(selection: Selection, paragraphs: ReadonlyMap<string, Paragraph>): TextRange | null {
  if (selection.rangeCount === 0 || selection.isCollapsed) return null;
  const range = selection.getRangeAt(0);
  const element = paragraphElement(range.startContainer);
  const paragraph = element && paragraphs.get(element.dataset.pid ?? '');
  if (!element || !paragraph) return null;
  const map = normalizedIndex(element.textContent ?? '');
  const rawEnd =
    paragraphElement(range.endContainer) === element ? rawOffset(element, range.endContainer, range.endOffset) : map.length - 1;
  const text = paragraph.text;
  let start = map[rawOffset(element, range.startContainer, range.startOffset)] ?? 0;
  let end = Math.min(map[rawEnd] ?? text.length, text.length);
  while (start > 0 && WORD_CHAR.test(text[start - 1]!) && WORD_CHAR.test(text[start]!)) start--;
  while (end < text.length && end > 0 && WORD_CHAR.test(text[end]!) && WORD_CHAR.test(text[end - 1]!)) end++;
  while (start < end && /\s/.test(text[start]!)) start++;
  while (end > start && /\s/.test(text[end - 1]!)) end--;
  if (end <= start) return null;
  const sentence = sentenceAt(paragraph, start);
  const inOne = sentenceSpans(paragraph).some((s) => s.id === sentence.id && end <= s.end);
  return { root: paragraph.id, start, end, text: text.slice(start, end), ...(inOne && sentence.id ? { sentenceId: sentence.id } : {}) };
}
