import type { QueryClient } from '@tanstack/react-query';
import { fetchCurrentUser, meKey } from '../api/users.queries';
import { setNavigate } from '../api/client';
import { initIdentity } from './client-identity';
import { logOpenApp } from './events';
import { installFatalErrorHandlers } from './fatal-errors';
import { watchRouteChanges, type RouterLike } from './route-effects';
import { dropScriptReadableToken, sessionStatus } from './session';
import { syncAppTheme } from './theme';
import { reloadOnce } from './chunk-reload';
import { startOffline } from '../offline/register';
import { refreshReadData } from '../api/reader.queries';
import { resendReadingReports } from './reading-reports';

export interface ShellRouter extends RouterLike {
  navigate(to: string): Promise<void> | void;
}

/**
 * Everything the shell does once at start (spec §4), in order: settle the visitor's
 * identity (before any cookie is written, so "new visitor" is judged right), catch
 * fatal errors, send OPEN_APP, fetch the current user only when the logged-in check
 * passes (a session known or possible, `sessionStatus`), then watch route changes (scroll + PAGE_OPEN). Returns a stop function.
 */
export function startShell(router: ShellRouter, queryClient: QueryClient): () => void {
  initIdentity();
  const uninstall = installFatalErrorHandlers();
  const onPreloadError = (event: Event) => {
    // Vite's own preload of a chunk's dependencies failed: same cure as a failed chunk.
    if (reloadOnce()) event.preventDefault();
  };
  window.addEventListener('vite:preloadError', onPreloadError);
  setNavigate((to) => void router.navigate(to));

  void logOpenApp();
  dropScriptReadableToken();
  // The token is an HttpOnly cookie: the server says who is logged in (see lib/session.ts).
  if (sessionStatus() !== 'out') {
    void queryClient.prefetchQuery({ queryKey: meKey, queryFn: fetchCurrentUser });
    // Reading time an earlier page left unreported (lib/reading-reports.ts).
    void resendReadingReports().then((credited) => credited && refreshReadData(queryClient));
  }
  // …and, for reading time read offline, once the network is back (lib/offline-reading.ts).
  const onOnline = () => {
    if (sessionStatus() !== 'out') void resendReadingReports().then((credited) => credited && refreshReadData(queryClient));
  };
  window.addEventListener('online', onOnline);
  void syncAppTheme();
  const unwatch = watchRouteChanges(router);
  // The service worker and the outbox's senders, after the page has loaded (docs/offline.md).
  startOffline();

  return () => {
    unwatch();
    uninstall();
    window.removeEventListener('vite:preloadError', onPreloadError);
    window.removeEventListener('online', onOnline);
  };
}
