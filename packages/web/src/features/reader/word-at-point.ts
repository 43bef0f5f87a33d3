import { occurrenceAt, type Paragraph } from '@changdu/contract';
import { normalizedIndex, paragraphElement, rawOffset, sentenceSpans } from './decorate';
import { textRange } from './sentence-range';
import { lookupForm, wordSpanAt } from './word-span';
import type { WordTarget } from './WordSheet';

/**
 * A tap on the reading page, turned into the word under it. Words are plain text (only marked
 * words have elements: `decorate.ts`), so the word is found from the text at the tap point:
 * the browser's caret hit test gives a text position, and the word is the run of word
 * characters around it.
 */

/** A position in the text: a text node and a character offset in it. */
export interface Caret {
  node: Node;
  offset: number;
}

/** The longest sentence sent with a lookup. */
export const SENTENCE_MAX = 1000;

type CaretDocument = Document & {
  caretPositionFromPoint?: (x: number, y: number) => { offsetNode: Node; offset: number } | null;
  caretRangeFromPoint?: (x: number, y: number) => Range | null;
};

/** The text position under a point of the viewport (the standard call first, WebKit's where only it exists). */
export function caretAtPoint(x: number, y: number, doc: Document = document): Caret | null {
  const d = doc as CaretDocument;
  if (typeof d.caretPositionFromPoint === 'function') {
    const position = d.caretPositionFromPoint(x, y);
    return position ? { node: position.offsetNode, offset: position.offset } : null;
  }
  if (typeof d.caretRangeFromPoint === 'function') {
    const range = d.caretRangeFromPoint(x, y);
    return range ? { node: range.startContainer, offset: range.startOffset } : null;
  }
  return null;
}

export interface WordHit {
  /** The paragraph element (`[data-pid]`). */
  root: HTMLElement;
  /** The word as written (inner apostrophes kept, outer quotes dropped). */
  word: string;
  /** Where the word starts in the paragraph's plain text (the server's whitespace-collapsed text). */
  start: number;
  /** The text node the caret fell in. */
  node: Node;
}

/** Whether the point is on the word's own boxes (a caret test also answers for the blank beside a line). */
function onWord(range: Range | null, point: { x: number; y: number }): boolean {
  // Without layout (jsdom) there are no boxes to test: the caret is taken as is.
  if (!range || typeof range.getClientRects !== 'function') return true;
  const SLACK = 2;
  return [...range.getClientRects()].some(
    (box) => point.x >= box.left - SLACK && point.x <= box.right + SLACK && point.y >= box.top - SLACK && point.y <= box.bottom + SLACK,
  );
}

/** The word at a caret inside a paragraph, or null when the caret is on no word (spaces, punctuation, outside the text). */
export function wordAt(caret: Caret, point?: { x: number; y: number }): WordHit | null {
  if (caret.node.nodeType !== Node.TEXT_NODE) return null;
  const root = paragraphElement(caret.node);
  if (!root) return null;
  const raw = root.textContent ?? '';
  const at = rawOffset(root, caret.node, caret.offset);
  const span = wordSpanAt(raw, at);
  if (!span) return null;
  const { start, end } = span;
  if (point && !onWord(textRange(root, start, end), point)) return null;
  return { root, word: raw.slice(start, end), start: normalizedIndex(raw)[start] ?? 0, node: caret.node };
}

/**
 * What a tap on the reading page looks up: the word under the point, with its sentence and
 * the note drawn over it. Null for a tap on a link, on no word, or ending a selection.
 */
export function tappedWord(
  target: EventTarget | null,
  point: { x: number; y: number },
  paragraphs: ReadonlyMap<string, Paragraph>,
  caretAt: (x: number, y: number) => Caret | null = caretAtPoint,
): WordTarget | null {
  // Only a tap on a paragraph's text: not a link, not the margin or a handle beside it.
  if (!(target instanceof Element) || !target.closest('[data-pid]') || target.closest('a') || !window.getSelection()?.isCollapsed)
    return null;
  const caret = caretAt(point.x, point.y);
  return wordTarget(caret && wordAt(caret, point), paragraphs);
}

/**
 * What a word found in a paragraph looks up: the word, its sentence, which of the sentence's
 * occurrences of the word it is (`at`, only when not the first: the second "run" of a sentence
 * may be another part of speech), and the note drawn over it.
 */
export function wordTarget(hit: WordHit | null, paragraphs: ReadonlyMap<string, Paragraph>): WordTarget | null {
  const paragraph = hit && paragraphs.get(hit.root.dataset.pid ?? '');
  if (!hit || !paragraph) return null;
  // The sentence holding the word (decorate.ts#sentenceAt's rule), with where it starts in the paragraph.
  const spans = sentenceSpans(paragraph);
  const span = spans.find((s) => hit.start >= s.start && hit.start < s.end) ?? spans.findLast((s) => s.start <= hit.start);
  const sentence = (span ? span.text : paragraph.text).slice(0, SENTENCE_MAX);
  const word = lookupForm(hit.word);
  const at = occurrenceAt(sentence, word, hit.start - (span?.start ?? 0));
  const noteId = hit.node.parentElement?.closest<HTMLElement>('mark.hl')?.dataset.note;
  return { word, sentence, ...(at > 0 ? { at } : {}), ...(noteId ? { noteId } : {}) };
}
