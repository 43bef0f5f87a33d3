import { offsetWithin, textPoint } from './sentence-range';

/**
 * A selection made on the server-drawn article before the app had started: each end as a
 * paragraph id and a character offset in that paragraph's text as drawn. The app draws the same
 * text (contract `readerPageHtml`), so the offsets name the same characters after it takes over.
 */
export interface EarlySelection {
  startPid: string;
  start: number;
  endPid: string;
  end: number;
}

// Read once per page load, when the app mounts (main.tsx): the app's first commit may be its
// shell with the route still loading, which replaces the drawn text before the reader renders.
// The reader asks again in its first render (StrictMode asks twice): the same answer each time.
let kept: EarlySelection | null | undefined;

const paragraphElement = (node: Node): HTMLElement | null =>
  (node instanceof Element ? node : node.parentElement)?.closest<HTMLElement>('[data-pid]') ?? null;

function read(): EarlySelection | null {
  const root = typeof document === 'undefined' ? null : document.getElementById('root');
  if (!root?.dataset.drawn) return null;
  const selection = window.getSelection();
  if (!selection || selection.rangeCount === 0 || selection.isCollapsed) return null;
  const range = selection.getRangeAt(0);
  const from = paragraphElement(range.startContainer);
  const to = paragraphElement(range.endContainer);
  if (!from?.dataset.pid || !to?.dataset.pid || !root.contains(from) || !root.contains(to)) return null;
  return {
    startPid: from.dataset.pid,
    start: offsetWithin(from, range.startContainer, range.startOffset),
    endPid: to.dataset.pid,
    end: offsetWithin(to, range.endContainer, range.endOffset),
  };
}

/** The selection on the drawn text, if any: first called just before the app mounts. */
export function takeEarlySelection(): EarlySelection | null {
  if (kept === undefined) kept = read();
  return kept;
}

/**
 * Puts the kept selection back on the reader's own text (once it is drawn), so the reader's
 * selection toolbar follows as for any selection; from then on none is kept. False where the text
 * no longer holds it.
 */
export function restoreEarlySelection(selection: EarlySelection, body: HTMLElement): boolean {
  // Once: a reader mounted later (another article) finds nothing kept.
  kept = null;
  const paragraph = (pid: string) =>
    Array.from(body.querySelectorAll<HTMLElement>('[data-pid]')).find((element) => element.dataset.pid === pid) ?? null;
  const from = paragraph(selection.startPid);
  const to = paragraph(selection.endPid);
  const start = from && textPoint(from, selection.start);
  const end = to && textPoint(to, selection.end);
  const current = window.getSelection();
  if (!start || !end || !current) return false;
  const range = document.createRange();
  range.setStart(start.node, start.offset);
  range.setEnd(end.node, end.offset);
  current.removeAllRanges();
  current.addRange(range);
  return true;
}
