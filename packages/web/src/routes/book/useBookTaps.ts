import { useEffect, useRef } from 'react';
import type { Paragraph } from '@changdu/contract';
import { caretAtPoint, tappedWord, wordAt, wordTarget } from '../../features/reader/word-at-point';
import type { WordTarget } from '../../features/reader/WordSheet';

/** Narrower than this, the reader is on a phone (or a small tablet): the side zones turn pages. */
export const TAP_PAGING_MAX_WIDTH = 768;
/** The left and right zones, as a share of the screen's width. */
export const EDGE_ZONE = 0.25;
/** A press held this long without moving looks up the word under it, wherever it is. */
export const LONG_PRESS_MS = 500;
/** A press that moves further than this is a drag (a selection, a scroll), not a long press. */
const LONG_PRESS_SLACK_PX = 10;

/**
 * What keeps its own taps: controls, dialogs and the bars. Words, highlights and pictures do not:
 * in a side zone they page like the blank around them.
 */
const OWN_TAPS =
  'a, button, input, textarea, select, label, [role="button"], [role="dialog"], [role="toolbar"], .page-header, .book-chapter-nav, .book-reader-bar';

export type TapAction = 'back' | 'forward' | 'word' | 'chrome' | null;

/**
 * The book reader's one tap rule (docs/books.md, "Tap zones"). On a phone the left quarter of the
 * screen goes a screen back and the right quarter a screen forward, on text or not, as in
 * e-readers; in the middle a tap on a word looks it up and a tap beside the words shows or hides
 * the bars. A wide screen is left to the mouse: a click on a word looks it up, keys page.
 * (A long press looks a word up anywhere: `useBookTaps`.)
 */
export function tapAction(target: Element, x: number, width: number, onWord: boolean): TapAction {
  if (target.closest(OWN_TAPS)) return null;
  if (width > TAP_PAGING_MAX_WIDTH) return onWord ? 'word' : null;
  if (x < width * EDGE_ZONE) return 'back';
  if (x > width * (1 - EDGE_ZONE)) return 'forward';
  return onWord ? 'word' : 'chrome';
}

/** The bars fixed over the text (top, bottom) that are on screen now, which a page turn must not count. */
function coveredHeight(): number {
  let covered = 0;
  for (const el of document.querySelectorAll<HTMLElement>('.page-book-reader .page-header, .book-reader-bar')) {
    const position = getComputedStyle(el).position;
    const box = el.getBoundingClientRect();
    // A bar slid out of view (the bars hidden by a tap) covers nothing.
    if ((position === 'fixed' || position === 'sticky') && box.bottom > 0 && box.top < window.innerHeight) covered += box.height;
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

function turnPage(direction: 'back' | 'forward'): void {
  const step = screenStep();
  window.scrollBy({ top: direction === 'forward' ? step : -step, behavior: 'smooth' });
}

/** Whether a tap or press belongs to the book reader's page (not a dialog over it, not a selection being made). */
function readerTap(target: EventTarget | null): target is Element {
  return (
    target instanceof Element &&
    target.closest('.page-book-reader') !== null &&
    !document.body.classList.contains('modal-open') &&
    (window.getSelection()?.isCollapsed ?? true)
  );
}

export interface BookTaps {
  /** The paragraphs on the page, by id, to find a tapped word's sentence. */
  paragraphs: ReadonlyMap<string, Paragraph>;
  onWord: (word: WordTarget) => void;
  /** A tap in the middle beside the words: show or hide the bars. */
  onChrome: () => void;
}

/**
 * Taps and long presses on the book reader's page, by the rule of `tapAction`. Listens on the
 * document, so the page itself carries no click handler: the paging taps are a shortcut, the
 * keys (`usePageKeys`) and the chapter buttons are the way every reader has.
 */
export function useBookTaps({ paragraphs, onWord, onChrome }: BookTaps): void {
  const latest = useRef({ paragraphs, onWord, onChrome });
  useEffect(() => {
    latest.current = { paragraphs, onWord, onChrome };
  });

  useEffect(() => {
    let press: { id: number; x: number; y: number; scrollY: number; timer: number } | null = null;
    // A long press looked up a word: the mouse events its lift makes (a touch lift's are aimed at
    // the sheet now over the text, and would close it) are dropped, until the next press.
    let swallowClick = false;
    const endPress = () => {
      if (press) window.clearTimeout(press.timer);
      press = null;
    };

    const onPointerDown = (event: PointerEvent) => {
      endPress();
      swallowClick = false;
      if (!event.isPrimary || event.button !== 0 || !readerTap(event.target) || event.target.closest(OWN_TAPS)) return;
      const { clientX: x, clientY: y } = event;
      const timer = window.setTimeout(() => {
        // A press the page scrolled under (a swipe the browser took) is no long press.
        const still = press?.scrollY === window.scrollY;
        press = null;
        if (!still) return;
        const caret = caretAtPoint(x, y);
        const word = wordTarget(caret && wordAt(caret, { x, y }), latest.current.paragraphs);
        if (!word) return;
        swallowClick = true;
        latest.current.onWord(word);
      }, LONG_PRESS_MS);
      press = { id: event.pointerId, x, y, scrollY: window.scrollY, timer };
    };
    const moved = (x: number, y: number) => {
      if (press && Math.hypot(x - press.x, y - press.y) > LONG_PRESS_SLACK_PX) endPress();
    };
    const onPointerMove = (event: PointerEvent) => {
      if (press && event.pointerId === press.id) moved(event.clientX, event.clientY);
    };
    const onPointerUp = (event: PointerEvent) => {
      if (press && event.pointerId === press.id) endPress();
    };
    // A touch browser may cancel the pointer when its own long press starts (to select the word),
    // before ours fires: the press then lives on until the finger lifts, moves or the page scrolls.
    const onTouchMove = (event: TouchEvent) => {
      const touch = event.touches[0];
      if (touch) moved(touch.clientX, touch.clientY);
    };
    const onTouchEnd = () => endPress();
    // The browser's own long-press menu would cover the word sheet the press opened.
    const onContextMenu = (event: Event) => {
      if (swallowClick) event.preventDefault();
    };

    const onLift = (event: MouseEvent) => {
      if (!swallowClick) return;
      event.stopPropagation();
      event.preventDefault();
    };

    const onClick = (event: MouseEvent) => {
      if (event.defaultPrevented || !readerTap(event.target)) return;
      const point = { x: event.clientX, y: event.clientY };
      const word = tappedWord(event.target, point, latest.current.paragraphs);
      const action = tapAction(event.target, point.x, window.innerWidth, word !== null);
      if (action === 'back' || action === 'forward') turnPage(action);
      else if (action === 'word' && word) latest.current.onWord(word);
      else if (action === 'chrome') latest.current.onChrome();
    };

    document.addEventListener('pointerdown', onPointerDown);
    document.addEventListener('pointermove', onPointerMove);
    document.addEventListener('pointerup', onPointerUp);
    document.addEventListener('touchmove', onTouchMove, { passive: true });
    document.addEventListener('touchend', onTouchEnd);
    document.addEventListener('contextmenu', onContextMenu);
    document.addEventListener('click', onClick);
    for (const type of ['mousedown', 'mouseup', 'click'] as const) document.addEventListener(type, onLift, true);
    return () => {
      endPress();
      document.removeEventListener('pointerdown', onPointerDown);
      document.removeEventListener('pointermove', onPointerMove);
      document.removeEventListener('pointerup', onPointerUp);
      document.removeEventListener('touchmove', onTouchMove);
      document.removeEventListener('touchend', onTouchEnd);
      document.removeEventListener('contextmenu', onContextMenu);
      document.removeEventListener('click', onClick);
      for (const type of ['mousedown', 'mouseup', 'click'] as const) document.removeEventListener(type, onLift, true);
    };
  }, []);
}
