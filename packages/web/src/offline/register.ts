import type { Workbox } from 'workbox-window';
import { BUILD_ID } from '../lib/build-check';
import { OUTBOX_SYNC } from './caches';

/**
 * The service worker's side of the page: registered after the page has loaded and gone idle
 * (workbox-window is imported then, so neither it nor the worker is on the first load's path),
 * a waiting new worker taken over only when the reader agrees (UpdateBanner), the outbox sent
 * when the network returns. The dev server and tests register nothing (no built worker).
 */

let workbox: Workbox | null = null;
let waiting = false;
const listeners = new Set<() => void>();

const supported = () => typeof navigator !== 'undefined' && 'serviceWorker' in navigator && BUILD_ID !== 'dev';

/** True once a new build's worker is installed and waits for the reader's go-ahead. */
export function workerWaiting(): boolean {
  return waiting;
}

export function onWorkerWaiting(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** Sends the outbox now (the page's own run: online event, page load, a write made online). */
export async function sendOutbox(): Promise<void> {
  const { flushOutbox } = await import('./outbox');
  await flushOutbox();
}

/**
 * Asks the browser to send the outbox once it is online again, even with no page open
 * (Background Sync, where the browser has it); elsewhere the online event or the next page
 * load sends it.
 */
export async function requestOutboxSync(): Promise<void> {
  if (!supported()) return;
  try {
    const registration = (await navigator.serviceWorker.ready) as ServiceWorkerRegistration & {
      sync?: { register(tag: string): Promise<void> };
    };
    await registration.sync?.register(OUTBOX_SYNC);
  } catch {
    // Refused (no permission, no worker yet): the online event still sends it.
  }
}

/** Starts the worker and the outbox's senders, once the page has loaded and is idle. */
export function startOffline(): void {
  if (typeof window === 'undefined') return;
  window.addEventListener('online', () => void sendOutbox());
  const start = () => {
    void sendOutbox().catch(() => {});
    if (!supported()) return;
    void import('workbox-window').then(({ Workbox }) => {
      workbox = new Workbox('/sw.js', { scope: '/' });
      workbox.addEventListener('waiting', () => {
        waiting = true;
        for (const listener of listeners) listener();
      });
      void workbox.register();
    });
  };
  const idle = () => {
    if (typeof window.requestIdleCallback === 'function') window.requestIdleCallback(start, { timeout: 5000 });
    else setTimeout(start, 1000);
  };
  if (document.readyState === 'complete') idle();
  else window.addEventListener('load', idle, { once: true });
}

/** The hourly build check found a new build: fetch its worker, which then waits (see UpdateBanner). */
export function checkForWorkerUpdate(): void {
  void workbox?.update();
}

/**
 * Moves to the new build: a waiting worker takes over first (the page reloads once it controls
 * the page), otherwise a plain reload.
 */
export function applyUpdate(reload: () => void = () => window.location.reload()): void {
  if (workbox && waiting) {
    workbox.addEventListener('controlling', () => reload());
    workbox.messageSkipWaiting();
    return;
  }
  reload();
}
