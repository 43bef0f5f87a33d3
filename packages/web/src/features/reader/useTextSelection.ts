import { useCallback, useEffect, useState, type RefObject } from 'react';
import type { Paragraph } from '@changdu/contract';
import { selectionRange, type TextRange } from './decorate';
import type { SelectionBox } from './SelectionToolbar';

export interface TextSelection {
  range: TextRange;
  /** Where the selection is on screen; null where the browser cannot say. */
  box: SelectionBox | null;
}

/** While the selection handles move, wait this long before showing the toolbar. */
const SETTLE_MS = 150;

function boxOf(selection: Selection): SelectionBox | null {
  const range = selection.getRangeAt(0);
  if (typeof range.getBoundingClientRect !== 'function') return null;
  const { top, bottom, left, right, width, height } = range.getBoundingClientRect();
  return width === 0 && height === 0 ? null : { top, bottom, left, right };
}

/**
 * The reader's text selection inside the article body, as paragraph offsets, with its
 * position for the toolbar. Follows the selection as it changes and the page as it scrolls.
 */
export function useTextSelection(
  body: RefObject<HTMLElement | null>,
  paragraphs: ReadonlyMap<string, Paragraph>,
): [TextSelection | null, () => void] {
  const [current, setCurrent] = useState<TextSelection | null>(null);

  useEffect(() => {
    let timer: number | undefined;
    const read = () => {
      window.clearTimeout(timer);
      const selection = window.getSelection();
      const root = body.current;
      if (!selection || selection.rangeCount === 0 || selection.isCollapsed || !root || !root.contains(selection.anchorNode)) {
        setCurrent(null);
        return;
      }
      const range = selectionRange(selection, paragraphs);
      setCurrent(range ? { range, box: boxOf(selection) } : null);
    };
    const later = () => {
      window.clearTimeout(timer);
      timer = window.setTimeout(read, SETTLE_MS);
    };
    const onScroll = () => {
      setCurrent((old) => {
        const selection = window.getSelection();
        return old && selection && selection.rangeCount > 0 ? { ...old, box: boxOf(selection) } : old;
      });
    };
    const root = body.current;
    document.addEventListener('selectionchange', later);
    root?.addEventListener('mouseup', read);
    root?.addEventListener('touchend', later);
    root?.addEventListener('keyup', read);
    window.addEventListener('scroll', onScroll, { passive: true });
    // A selection already there when the listeners start (made while the text was being drawn,
    // or put back by early-selection.ts before this effect ran) sent its selectionchange before
    // anyone listened: read it now.
    const existing = window.getSelection();
    if (existing && !existing.isCollapsed) later();
    return () => {
      window.clearTimeout(timer);
      document.removeEventListener('selectionchange', later);
      root?.removeEventListener('mouseup', read);
      root?.removeEventListener('touchend', later);
      root?.removeEventListener('keyup', read);
      window.removeEventListener('scroll', onScroll);
    };
  }, [body, paragraphs]);

  const clear = useCallback(() => {
    window.getSelection()?.removeAllRanges();
    setCurrent(null);
  }, []);

  return [current, clear];
}
