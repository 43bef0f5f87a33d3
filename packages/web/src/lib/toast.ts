/**
 * The toast queue (spec §4, §9), kept outside React so any code can call `toast()`.
 * One toast shows at a time; while it shows, the next waits and retries every 250 ms.
 * A toast leaves after its duration (the clock stops while the pointer is over it),
 * or on click when dismissible; leaving plays a 150 ms animation before removal.
 */

export type ToastPosition = 'top' | 'center' | 'bottom';

export interface ToastOptions {
  message: string;
  /** Milliseconds on screen. */
  duration?: number;
  position?: ToastPosition;
  dismissible?: boolean;
}

export interface ToastItem {
  id: number;
  message: string;
  duration: number;
  position: ToastPosition;
  dismissible: boolean;
  leaving: boolean;
}

export const DEFAULT_TOAST_MS = 2000;
export const TOAST_RETRY_MS = 250;
export const TOAST_LEAVE_MS = 150;

let nextId = 1;
let current: ToastItem | null = null;
let waiting: ToastItem[] = [];
let hideTimer: number | undefined;
let retryTimer: number | undefined;
let shownAt = 0;
let remaining = 0;
const listeners = new Set<() => void>();

function notify(): void {
  for (const listener of listeners) listener();
}

function startClock(): void {
  window.clearTimeout(hideTimer);
  shownAt = Date.now();
  hideTimer = window.setTimeout(() => dismissToast(), remaining);
}

function pump(): void {
  if (current === null && waiting.length > 0) {
    const [next, ...rest] = waiting as [ToastItem, ...ToastItem[]];
    waiting = rest;
    current = next;
    remaining = next.duration;
    startClock();
    notify();
  }
  if (waiting.length > 0 && retryTimer === undefined) {
    retryTimer = window.setTimeout(() => {
      retryTimer = undefined;
      pump();
    }, TOAST_RETRY_MS);
  }
}

/** Queues a toast; returns its id. */
export function showToast(options: ToastOptions): number {
  const item: ToastItem = {
    id: nextId++,
    message: options.message,
    duration: options.duration ?? DEFAULT_TOAST_MS,
    position: options.position ?? 'bottom',
    dismissible: options.dismissible ?? true,
    leaving: false,
  };
  waiting = [...waiting, item];
  pump();
  return item.id;
}

/** The default helper: a message at the bottom for 2 s. */
export function toast(message: string): number {
  return showToast({ message });
}

/** Starts the leave animation of the shown toast (or of `id`, when it is the one shown). */
export function dismissToast(id?: number): void {
  if (!current || current.leaving || (id !== undefined && current.id !== id)) return;
  window.clearTimeout(hideTimer);
  current = { ...current, leaving: true };
  notify();
  // The slot frees after the animation; a waiting toast takes it on its next 250 ms retry.
  window.setTimeout(() => {
    current = null;
    notify();
  }, TOAST_LEAVE_MS);
}

/** Hovering stops the clock; leaving restarts it with the time that was left. */
export function pauseToast(): void {
  if (!current || current.leaving) return;
  window.clearTimeout(hideTimer);
  remaining = Math.max(0, remaining - (Date.now() - shownAt));
}

export function resumeToast(): void {
  if (!current || current.leaving) return;
  startClock();
}

export function getCurrentToast(): ToastItem | null {
  return current;
}

export function subscribeToasts(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** Clears every toast and timer; for tests. */
export function resetToastsForTests(): void {
  window.clearTimeout(hideTimer);
  window.clearTimeout(retryTimer);
  hideTimer = undefined;
  retryTimer = undefined;
  current = null;
  waiting = [];
  notify();
}
