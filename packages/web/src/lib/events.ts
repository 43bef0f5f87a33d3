import { LogEvents } from '@changdu/contract';
import { call } from '../api/client';
import { getClientId, getUserId, isNewVisitor } from './client-identity';
import { isInApp } from './native-bridge';

/** Where an event comes from: the native app's WebView or a plain browser. */
export function logSource(): 'WEB' | 'WEBVIEW' {
  return isInApp() ? 'WEBVIEW' : 'WEB';
}

/**
 * Sends a client event (`POST /api/log`) with who sent it. Fire and forget: a lost
 * event must never disturb the reader, so neither failure nor auth errors surface.
 * Events raised while the page is still loading (OPEN_APP, the first PAGE_OPEN) wait for its
 * load and an idle moment, in order, so they do not compete with the page's own files for the
 * first connections (docs/performance.md); who sent them is taken when they are raised.
 */
export function logEvent(name: string, data?: unknown): Promise<void> {
  const body = { name, data, cuid: getClientId(), uid: getUserId(), is_new: isNewVisitor(), source: logSource() };
  return afterLoad(async () => {
    await call('log.add', body, { redirectOnAuthError: false });
  });
}

function afterLoad<T>(send: () => Promise<T>): Promise<T> {
  if (document.readyState === 'complete') return send();
  return new Promise<T>((resolve, reject) => {
    window.addEventListener(
      'load',
      () => {
        const later = window.requestIdleCallback ?? ((run: () => void) => window.setTimeout(run, 1));
        // Settled into the promise returned above.
        later(() => void send().then(resolve, reject));
      },
      { once: true },
    );
  });
}

export function logOpenApp(): Promise<void> {
  return logEvent(LogEvents.OPEN_APP);
}

/** The page-open event carries the full path, query included. */
export function logPageOpen(path: string): Promise<void> {
  return logEvent(LogEvents.PAGE_OPEN, { path });
}
