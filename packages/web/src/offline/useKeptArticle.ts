import { useSyncExternalStore } from 'react';
import { keptArticleIds } from './keep';

/**
 * Offline, whether an article of a list can be opened (its page is kept): lists mark the others
 * as not available offline. Online every article can be opened (null). One read of the kept pages
 * per change of the network, shared by every card.
 */
let kept: Set<number> | null = null;
let offline = typeof navigator !== 'undefined' && navigator.onLine === false;
const listeners = new Set<() => void>();
let watching = false;

function refresh() {
  offline = navigator.onLine === false;
  if (!offline) {
    kept = null;
    for (const listener of listeners) listener();
    return;
  }
  void keptArticleIds()
    .then((ids) => {
      kept = ids;
      for (const listener of listeners) listener();
    })
    .catch(() => {});
}

function subscribe(listener: () => void) {
  listeners.add(listener);
  if (!watching && typeof window !== 'undefined') {
    watching = true;
    window.addEventListener('online', refresh);
    window.addEventListener('offline', refresh);
    if (offline) refresh();
  }
  return () => listeners.delete(listener);
}

/** Reads the kept pages again (an article was removed from the 已下载 screen). */
export function refreshKeptArticles(): void {
  if (watching) refresh();
}

/** 'kept' or 'not-kept' while offline (once the kept pages are read); null online. */
export function useKeptArticle(id: number): 'kept' | 'not-kept' | null {
  return useSyncExternalStore(
    subscribe,
    () => (offline && kept ? (kept.has(id) ? 'kept' : 'not-kept') : null),
    () => null,
  );
}
