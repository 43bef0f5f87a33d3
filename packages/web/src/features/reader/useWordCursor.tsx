import {
  useCallback,
  useId,
  useLayoutEffect,
  useRef,
  useState,
  type FocusEvent,
  type KeyboardEvent,
  type ReactNode,
  type RefObject,
} from 'react';
import type { Paragraph } from '@changdu/contract';
import { cursorRange, cursorTarget, cursorText, firstWordInView, moveCursor, type CursorWord } from './word-cursor';
import type { WordTarget } from './WordSheet';

/** The name of the CSS highlight that draws the cursor (`::highlight(word-cursor)` in reader.css). */
const HIGHLIGHT = 'word-cursor';
/** Room kept above and below the cursor's word for the page's header and bottom bar. */
const MARGIN_TOP = 72;
const MARGIN_BOTTOM = 120;

export const WORD_CURSOR_HINT = 'Enter 选词 · ←→ 移动 · ↑↓ 换段 · Enter 查词 · Esc 退出';

/**
 * Looking a word up with the keyboard alone. The text is one Tab stop (not a stop per word: a long
 * article has thousands); Enter there starts a cursor on the first word on screen, the left and right
 * arrows move it word by word, up and down to the next or previous paragraph, Enter opens the word's
 * sheet, and Escape ends the cursor. Without a cursor the arrows still turn pages (`usePageKeys`). The
 * sheet gives focus back to the text when it closes, so the cursor carries on from the same word.
 *
 * The cursor is drawn with the CSS Custom Highlight API (no element is added to the text, whose
 * offsets the reading tools rely on) and its word is said in a polite live region.
 */
export function useWordCursor(
  ref: RefObject<HTMLElement | null>,
  paragraphs: ReadonlyMap<string, Paragraph>,
  open: (target: WordTarget) => void,
) {
  const hintId = useId();
  const [cursor, setCursor] = useState<CursorWord | null>(null);
  const [spoken, setSpoken] = useState('');
  const moved = useRef(false);

  const draw = useCallback(
    (scroll: boolean) => {
      const registry = typeof CSS !== 'undefined' ? CSS.highlights : undefined;
      const range = cursor && ref.current ? cursorRange(ref.current, cursor) : null;
      if (registry) {
        if (range) registry.set(HIGHLIGHT, new Highlight(range));
        else registry.delete(HIGHLIGHT);
      }
      if (!scroll || !range || typeof range.getBoundingClientRect !== 'function') return;
      const box = range.getBoundingClientRect();
      if (box.top < MARGIN_TOP || box.bottom > window.innerHeight - MARGIN_BOTTOM) {
        window.scrollBy({ top: box.top - window.innerHeight / 3 });
      }
    },
    [cursor, ref],
  );

  // A layout effect: the highlight changes in the same commit as the spoken word, never a frame
  // after it (a passive effect left the previous word drawn while the new one was already said).
  useLayoutEffect(() => {
    draw(moved.current);
    moved.current = false;
    return () => {
      if (typeof CSS !== 'undefined') CSS.highlights?.delete(HIGHLIGHT);
    };
  }, [draw]);

  const place = (next: CursorWord | null) => {
    moved.current = true;
    setCursor(next);
    setSpoken(next && ref.current ? cursorText(ref.current, next) : '');
  };

  const onKeyDown = (event: KeyboardEvent<HTMLElement>) => {
    const container = ref.current;
    // Keys on a control inside the text (a paragraph's menu handle) are the control's.
    if (!container || event.target !== event.currentTarget || event.altKey || event.ctrlKey || event.metaKey) return;
    let handled = true;
    if (event.key === 'Enter') {
      if (!cursor) place(firstWordInView(container, paragraphs));
      else {
        const target = cursorTarget(container, paragraphs, cursor);
        if (target) open(target);
      }
    } else if (cursor && (event.key === 'ArrowRight' || event.key === 'ArrowLeft')) {
      place(moveCursor(container, paragraphs, cursor, event.key === 'ArrowRight' ? 1 : -1, 'word'));
    } else if (cursor && (event.key === 'ArrowDown' || event.key === 'ArrowUp')) {
      place(moveCursor(container, paragraphs, cursor, event.key === 'ArrowDown' ? 1 : -1, 'paragraph'));
    } else if (cursor && event.key === 'Escape') {
      place(null);
    } else handled = false;
    // The page's own keys (`usePageKeys`) leave a handled key alone.
    if (handled) event.preventDefault();
  };

  const textProps = {
    tabIndex: 0,
    role: 'group',
    'aria-label': '正文',
    'aria-describedby': hintId,
    onKeyDown,
    // Shown again when focus comes back (from the sheet), hidden while it is elsewhere.
    onFocus: () => draw(false),
    onBlur: (event: FocusEvent<HTMLElement>) => {
      if (event.relatedTarget instanceof Node && event.currentTarget.contains(event.relatedTarget)) return;
      if (typeof CSS !== 'undefined') CSS.highlights?.delete(HIGHLIGHT);
    },
  };

  const aside: ReactNode = (
    <>
      <p id={hintId} className="word-cursor-hint">
        {WORD_CURSOR_HINT}
      </p>
      <span className="visually-hidden" aria-live="polite" data-testid="word-cursor">
        {spoken}
      </span>
    </>
  );

  return { textProps, aside, cursor };
}
