import type { Location } from 'react-router';
import { logPageOpen } from './events';
import { scheduleScrollToTop } from './scroll';

/** The slice of a data router the shell needs; a real router and test routers both fit. */
export interface RouterLike {
  state: { location: Location };
  subscribe(listener: (state: { location: Location }) => void): () => void;
}

/**
 * Runs the shell's per-navigation behaviours outside React, once per committed route
 * change (the initial page included): scroll to top after 500 ms (not on the article
 * page) and a PAGE_OPEN event with the full path. Returns an unsubscribe function.
 */
export function watchRouteChanges(router: RouterLike): () => void {
  let lastKey: string | null = null;
  let cancelScroll = () => {};
  const onLocation = (location: Location) => {
    // The router also notifies for loading states and fetchers; only a new location counts.
    if (location.key === lastKey) return;
    const initial = lastKey === null;
    lastKey = location.key;
    cancelScroll();
    // On first load the browser restores its own position; nothing to scroll yet.
    if (!initial) cancelScroll = scheduleScrollToTop(location.pathname);
    void logPageOpen(location.pathname + location.search);
  };
  onLocation(router.state.location);
  const unsubscribe = router.subscribe((state) => onLocation(state.location));
  return () => {
    cancelScroll();
    unsubscribe();
  };
}
