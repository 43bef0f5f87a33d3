import { useSyncExternalStore } from 'react';

/**
 * Errors thrown outside React's reach (event handlers, timers, rejected promises
 * nobody awaited) are caught at the window and put the shell on the error page,
 * instead of leaving a half-working screen.
 */

let fatal: unknown = null;
const listeners = new Set<() => void>();

function set(error: unknown): void {
  fatal = error;
  for (const listener of listeners) listener();
}

export function reportFatal(error: unknown): void {
  set(error ?? new Error('unknown error'));
}

export function clearFatal(): void {
  if (fatal !== null) set(null);
}

export function getFatal(): unknown {
  return fatal;
}

// Noise that is not a failure of this page: a browser layout notice, and errors of
// cross-origin scripts (the analytics script) that the browser reduces to "Script error.".
const IGNORED = /^(ResizeObserver loop|Script error\.?$)/;

/** Installs the window listeners; returns an uninstall function. */
export function installFatalErrorHandlers(report: (error: unknown) => void = reportFatal): () => void {
  const onError = (event: ErrorEvent) => {
    if (IGNORED.test(event.message ?? '')) return;
    report(event.error ?? new Error(event.message));
  };
  const onRejection = (event: PromiseRejectionEvent) => report(event.reason);
  window.addEventListener('error', onError);
  window.addEventListener('unhandledrejection', onRejection);
  return () => {
    window.removeEventListener('error', onError);
    window.removeEventListener('unhandledrejection', onRejection);
  };
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** The current fatal error, or null. */
export function useFatalError(): unknown {
  return useSyncExternalStore(subscribe, getFatal, () => null);
}
