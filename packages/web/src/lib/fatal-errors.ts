import { useSyncExternalStore } from 'react';

/**
 * Errors thrown outside React's reach (event handlers, timers, rejected promises
 * nobody awaited) are caught at the window and put the shell on the error page,
 * instead of leaving a half-working screen.
 */

// The error and the page it happened on: it is shown there, and cleared once the reader
// moves to another page (not when the shell merely re-mounts on the same page).
let fatal: { error: unknown; page: string } | null = null;
let page = '';
const listeners = new Set<() => void>();

function set(value: typeof fatal): void {
  fatal = value;
  for (const listener of listeners) listener();
}

export function reportFatal(error: unknown): void {
  set({ error: error ?? new Error('unknown error'), page });
}

export function clearFatal(): void {
  if (fatal !== null) set(null);
}

/** The shell tells which page is showing; leaving the page of a fatal error clears it. */
export function enterPage(pathname: string): void {
  if (pathname === page) return;
  page = pathname;
  if (fatal === null) return;
  // Reported before the shell named any page (the first page's effects had not run yet): it
  // happened on the page now entered, and must stay on screen rather than be cleared at once.
  if (fatal.page === '') fatal = { ...fatal, page: pathname };
  else if (fatal.page !== pathname) clearFatal();
}

/** A fresh start for each test: no error, no page. */
export function resetFatalForTests(): void {
  fatal = null;
  page = '';
}

export function getFatal(): unknown {
  return fatal?.error ?? null;
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
