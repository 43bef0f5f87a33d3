import type { Paragraph } from '@changdu/contract';
import { normalizedIndex, WORD_CHAR } from './decorate';
import { textPoint, textRange } from './sentence-range';
import { wordTarget } from './word-at-point';
import { wordSpanAt } from './word-span';
import type { WordTarget } from './WordSheet';

/**
 * The keyboard's word cursor on the reading page: a word of a paragraph, kept as character
 * offsets into the paragraph element's text (not as nodes, which a paragraph drawn again with new
 * marks replaces). Words are found by the rule a tap uses (`wordSpanAt`).
 */
export interface CursorWord {
  pid: string;
  start: number;
  end: number;
}

/** The words of a paragraph's text, as [start, end) offsets, in order. */
export function wordsOf(raw: string): { start: number; end: number }[] {
  const words: { start: number; end: number }[] = [];
  for (let i = 0; i < raw.length;) {
    if (!WORD_CHAR.test(raw[i]!)) {
      i++;
      continue;
    }
    let end = i;
    while (end < raw.length && WORD_CHAR.test(raw[end]!)) end++;
    const span = wordSpanAt(raw, i);
    if (span) words.push(span);
    i = end;
  }
  return words;
}

/** The reading paragraphs inside `container`, in reading order: those the reader knows and that hold a word. */
function paragraphsIn(container: Element, known: ReadonlyMap<string, Paragraph>): HTMLElement[] {
  return [...container.querySelectorAll<HTMLElement>('[data-pid]')].filter(
    (el) => known.has(el.dataset.pid ?? '') && wordsOf(el.textContent ?? '').length > 0,
  );
}

function wordIn(el: HTMLElement, which: 'first' | 'last'): CursorWord {
  const words = wordsOf(el.textContent ?? '');
  const word = which === 'first' ? words[0]! : words[words.length - 1]!;
  return { pid: el.dataset.pid!, ...word };
}

/** Where the cursor starts: the first word of the first paragraph still on screen (the first paragraph without layout). */
export function firstWordInView(container: Element, known: ReadonlyMap<string, Paragraph>): CursorWord | null {
  const list = paragraphsIn(container, known);
  const inView = list.find((el) => el.getBoundingClientRect().bottom > 0) ?? list[0];
  return inView ? wordIn(inView, 'first') : null;
}

/**
 * The cursor moved by one word (`word`) or to the first word of the next or previous paragraph
 * (`paragraph`); it stays where it is at either end of the text.
 */
export function moveCursor(
  container: Element,
  known: ReadonlyMap<string, Paragraph>,
  cursor: CursorWord,
  step: 1 | -1,
  unit: 'word' | 'paragraph',
): CursorWord {
  const list = paragraphsIn(container, known);
  const at = list.findIndex((el) => el.dataset.pid === cursor.pid);
  if (at < 0) return cursor;
  if (unit === 'word') {
    const words = wordsOf(list[at]!.textContent ?? '');
    const i = words.findIndex((w) => w.start === cursor.start);
    const next = i < 0 ? undefined : words[i + step];
    if (next) return { pid: cursor.pid, ...next };
  }
  const other = list[at + step];
  if (!other) return cursor;
  return wordIn(other, unit === 'word' && step < 0 ? 'last' : 'first');
}

/** The paragraph element the cursor is in, if it is still drawn. */
function cursorParagraph(container: Element, cursor: CursorWord): HTMLElement | null {
  return [...container.querySelectorAll<HTMLElement>('[data-pid]')].find((el) => el.dataset.pid === cursor.pid) ?? null;
}

/** The DOM range of the cursor's word, to draw it and scroll to it. */
export function cursorRange(container: Element, cursor: CursorWord): Range | null {
  const el = cursorParagraph(container, cursor);
  return el && textRange(el, cursor.start, cursor.end);
}

/** The cursor's word as written. */
export function cursorText(container: Element, cursor: CursorWord): string {
  return cursorParagraph(container, cursor)?.textContent?.slice(cursor.start, cursor.end) ?? '';
}

/** What the cursor's word looks up: the word, its sentence and the note drawn over it, as a tap on it would. */
export function cursorTarget(container: Element, known: ReadonlyMap<string, Paragraph>, cursor: CursorWord): WordTarget | null {
  const root = cursorParagraph(container, cursor);
  // The text node holding the word's first letter (the offset before it may be the end of the node before).
  const point = root && textPoint(root, cursor.start + 1);
  if (!root || !point) return null;
  const raw = root.textContent ?? '';
  const hit = { root, word: raw.slice(cursor.start, cursor.end), start: normalizedIndex(raw)[cursor.start] ?? 0, node: point.node };
  return wordTarget(hit, known);
}
