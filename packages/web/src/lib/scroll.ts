/** Scroll behaviours of the shell (spec §2): scroll to top after navigation, page steps. */

export const SCROLL_DELAY_MS = 500;
/** Page steps leave this much of the previous screen visible, for context. */
export const PAGE_STEP_OVERLAP_PX = 250;

// The article and book readers restore their own reading position (and jump to a TOC section), so they are left alone.
const READER_PAGES = /^\/(article\/[^/]+|book\/[^/]+\/read)\/?$/i;

export function shouldScrollToTop(pathname: string): boolean {
  return !READER_PAGES.test(pathname);
}

/**
 * Scrolls to the top 500 ms after a route change (once the new screen has rendered),
 * except on the reading pages. Returns a cancel function for the next change.
 */
export function scheduleScrollToTop(pathname: string): () => void {
  if (!shouldScrollToTop(pathname)) return () => {};
  const timer = window.setTimeout(() => window.scrollTo({ top: 0, left: 0 }), SCROLL_DELAY_MS);
  return () => window.clearTimeout(timer);
}

/** The distance of one page step: window height minus 250 px (never below 1). */
export function pageStep(): number {
  return Math.max(1, window.innerHeight - PAGE_STEP_OVERLAP_PX);
}

export function scrollPage(direction: 'up' | 'down'): void {
  const step = pageStep();
  window.scrollBy({ top: direction === 'down' ? step : -step, behavior: 'smooth' });
}
