import { useCallback } from 'react';
import { caretAtPoint, wordAt } from '../article/word-at-point';

/** Narrower than this, the reader is on a phone (or a small tablet): taps turn pages. */
export const TAP_PAGING_MAX_WIDTH = 768;
/** The left and right edge zones, as a share of the screen's width. */
export const EDGE_ZONE = 0.25;
/** The bottom zone: taps below this share of the screen's height go forward. */
export const BOTTOM_ZONE = 2 / 3;

/** What a tap lands on that keeps the tap for itself: a marked word, a highlight, a control, a picture. */
const OWN_TAPS =
  'span.w, mark, a, button, input, textarea, select, label, img, [role="button"], [role="dialog"], .page-header, .book-chapter-nav, .book-reader-bar';

/** Whether the point is on a word of the text (words are plain text: found from the text at the point, as the dictionary finds them). */
function onAWord(x: number, y: number): boolean {
  const caret = caretAtPoint(x, y);
  return Boolean(caret && wordAt(caret, { x, y }));
}

/**
 * Which way a tap turns the page, or null. Word taps always open the dictionary: only a tap
 * that lands on no word (the page margins, the space between lines and paragraphs) pages. The
 * zones: the left quarter goes back; the right quarter and the bottom third go forward; the
 * middle of the upper screen does nothing, so a missed word never jumps the page.
 */
export function tapTurn(target: Element, x: number, y: number, width: number, height: number): 'up' | 'down' | null {
  if (target.closest(OWN_TAPS) || onAWord(x, y)) return null;
  if (x < width * EDGE_ZONE) return 'up';
  if (x > width * (1 - EDGE_ZONE) || y > height * BOTTOM_ZONE) return 'down';
  return null;
}

/** Height of what stays fixed over the text (the top bar, the bottom bar), which a page turn must not count. */
function coveredHeight(): number {
  let covered = 0;
  for (const el of document.querySelectorAll<HTMLElement>('.page-header, .book-reader-bar')) {
    const position = getComputedStyle(el).position;
    if (position === 'fixed' || position === 'sticky') covered += el.getBoundingClientRect().height;
  }
  return covered;
}

/** One screen of text less one line, so the last line read is still in view after the turn. */
export function screenStep(): number {
  const body = document.querySelector<HTMLElement>('.reader-body');
  const style = body ? getComputedStyle(body) : null;
  const line = style ? Number.parseFloat(style.lineHeight) || Number.parseFloat(style.fontSize) * 1.6 || 28 : 28;
  return Math.max(1, Math.round(window.innerHeight - coveredHeight() - line));
}

/**
 * Tap-zone paging for the book reader on a phone. Answers a click handler that pages and
 * says so (true), or leaves the click to the word and selection handlers (false).
 */
export function useTapPaging(): (event: { target: EventTarget | null; clientX: number; clientY: number }) => boolean {
  return useCallback((event) => {
    if (window.innerWidth > TAP_PAGING_MAX_WIDTH || !(event.target instanceof Element)) return false;
    if (!(window.getSelection()?.isCollapsed ?? true)) return false;
    if (document.body.classList.contains('modal-open')) return false;
    const turn = tapTurn(event.target, event.clientX, event.clientY, window.innerWidth, window.innerHeight);
    if (!turn) return false;
    const step = screenStep();
    window.scrollBy({ top: turn === 'down' ? step : -step, behavior: 'smooth' });
    return true;
  }, []);
}
