import { EARLY_SHEET_ID, wordSheetPendingHtml } from '@changdu/contract';
import { caretAtPoint, wordAt } from '../features/reader/word-at-point';
import { lookupForm } from '../features/reader/word-span';
import type { EarlyTap } from '../features/reader/early-tap';

/**
 * The script of a page the server drew (`/article/{id}`: server http/web-app.ts), inlined into
 * its head and built on its own (build/first-screen.ts): it runs before the text is parsed and
 * is all that runs until the whole page has been parsed.
 *
 * - A tap on a word opens that word's sheet at once, in its looking-up state (the reader's own
 *   sheet markup: contract `wordSheetPendingHtml`), and is kept as the paragraph, its text and
 *   the tap's offset. When the reader mounts it takes the tap (`takeEarlyTap`), looks the word
 *   up and replaces this sheet with its own, the same sheet filled in. The word is found by the
 *   reader's own rule (`wordAt`).
 * - The app is started once the page has been parsed and its text painted, so fetching and
 *   running it does not compete with the text: its styles and modules are listed, inert, in
 *   `<template id="cd-app">` (`startOnceTextIsShown`).
 */

declare global {
  interface Window {
    /** When this script started the app: it starts it once. */
    __cdAppStarted?: number;
  }
}

function closeSheet(): void {
  document.getElementById(EARLY_SHEET_ID)?.remove();
  document.body.classList.remove('modal-open');
  if (window.__cdEarlyTap !== null) window.__cdEarlyTap = undefined;
}

function openSheet(word: string): void {
  document.getElementById(EARLY_SHEET_ID)?.remove();
  document.body.insertAdjacentHTML('beforeend', wordSheetPendingHtml(word));
  document.body.classList.add('modal-open');
  document.querySelector<HTMLElement>(`#${EARLY_SHEET_ID} .modal-panel`)?.focus({ preventScroll: true });
}

function onClick(event: MouseEvent): void {
  // The reader answers taps itself once it has mounted.
  if (window.__cdEarlyTap === null) return;
  const target = event.target instanceof Element ? event.target : null;
  if (!target) return;
  const sheet = document.getElementById(EARLY_SHEET_ID);
  if (sheet?.contains(target)) {
    // The sheet's close button, or a click outside its panel, closes it (as the reader's does).
    if (target.closest('.icon-button') || !target.closest('.modal-panel')) closeSheet();
    return;
  }
  if (!target.closest('[data-pid]') || target.closest('a')) return;
  const point = { x: event.clientX, y: event.clientY };
  const caret = caretAtPoint(point.x, point.y);
  const hit = caret && wordAt(caret, point);
  if (!hit) return;
  window.__cdEarlyTap = {
    pid: hit.root.dataset.pid ?? '',
    text: hit.root.textContent ?? '',
    offset: offsetIn(hit.root, caret),
  } satisfies EarlyTap;
  openSheet(lookupForm(hit.word));
}

function offsetIn(root: Node, caret: { node: Node; offset: number }): number {
  const before = document.createRange();
  before.setStart(root, 0);
  before.setEnd(caret.node, caret.offset);
  return before.toString().length;
}

function onKey(event: KeyboardEvent): void {
  if (event.key === 'Escape' && window.__cdEarlyTap !== null && document.getElementById(EARLY_SHEET_ID)) closeSheet();
}

/** Puts the app's styles and modules (the template's links) into the head and runs its entry. */
export function startApp(): void {
  const template = document.getElementById('cd-app');
  if (!(template instanceof HTMLTemplateElement) || window.__cdAppStarted !== undefined) return;
  window.__cdAppStarted = performance.now();
  document.head.append(document.importNode(template.content, true));
  const entry = document.createElement('script');
  entry.type = 'module';
  entry.crossOrigin = '';
  entry.src = template.dataset.entry ?? '';
  document.head.append(entry);
}

/**
 * Starts the app once the page is parsed and its text is on screen (its first contentful paint
 * has been presented). Started as soon as the page is parsed, a page parsed before its first
 * frame fetched, compiled and ran the app's modules ahead of painting its text, and a tap on the
 * text waited behind them (on the 10,000-word article, medians of 11 loads: text painted at 184
 * ms against 116, a tap's sheet open at 188 ms against 127; the meaning came 40 ms later). A page
 * with no paint to wait for (in the background, or a browser without paint timing) starts at once;
 * the timer covers a paint that is never reported.
 */
export function startOnceTextIsShown(): void {
  const painted = () => performance.getEntriesByName('first-contentful-paint').length > 0;
  if (
    document.visibilityState === 'hidden' ||
    typeof PerformanceObserver === 'undefined' ||
    !PerformanceObserver.supportedEntryTypes?.includes('paint') ||
    painted()
  )
    return startApp();
  const observer = new PerformanceObserver(() => {
    if (!painted()) return;
    observer.disconnect();
    startApp();
  });
  observer.observe({ type: 'paint', buffered: true });
  setTimeout(startApp, 1000);
}

document.addEventListener('click', onClick, true);
document.addEventListener('keydown', onKey);
document.addEventListener('DOMContentLoaded', startOnceTextIsShown, { once: true });
