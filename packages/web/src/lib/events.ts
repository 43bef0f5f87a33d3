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
 */
export async function logEvent(name: string, data?: unknown): Promise<void> {
  await call(
    'log.add',
    { name, data, cuid: getClientId(), uid: getUserId(), is_new: isNewVisitor(), source: logSource() },
    { redirectOnAuthError: false },
  );
}

export function logOpenApp(): Promise<void> {
  return logEvent(LogEvents.OPEN_APP);
}

/** The page-open event carries the full path, query included. */
export function logPageOpen(path: string): Promise<void> {
  return logEvent(LogEvents.PAGE_OPEN, { path });
}
