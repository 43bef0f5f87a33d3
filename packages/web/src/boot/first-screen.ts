import {
  Codes,
  EARLY_SHEET_ID,
  Headers,
  isWordMissing,
  REQUESTED_WITH,
  unpackParagraph,
  wordEntryHtml,
  wordPhraseHtml,
  wordSheetPendingHtml,
  type PackedArticle,
  type Paragraph,
  type WordLookup,
} from '@changdu/contract';
import { caretAtPoint, wordAt } from '../features/reader/word-at-point';
import { lookupForm } from '../features/reader/word-span';
import { earlyTapTarget, type EarlyTap } from '../features/reader/early-tap';
import { LOOKUP_PATH } from '../offline/caches';
import { summaryParagraph, tappableParagraphs } from '../features/reader/summary-paragraph';
import { linkSettled } from './link-settled';

/**
 * The script of a page the server drew (`/article/{id}`: server http/web-app.ts), inlined into
 * its head and built on its own (build/first-screen.ts): it runs before the text is parsed and
 * is all that runs until the whole page has been parsed.
 *
 * - A tap on a word opens that word's sheet at once, in its looking-up state (the reader's own
 *   sheet markup: contract `wordSheetPendingHtml`), and is kept as the paragraph, its text and
 *   the tap's offset. The word and its sentence are found by the reader's own rules (`wordAt`,
 *   `earlyTapTarget` over the paragraph's sentence cuts drawn on it, or the page's data block) and
 *   looked up at once, as the reader asks, with the reader's identity: the answer fills the sheet
 *   (contract `wordEntryHtml`) and is kept on the tap. When the reader mounts it takes the tap
 *   (`takeEarlyTap`) and replaces this sheet with its own, filled from the kept answer, or looking
 *   the word up itself if none came yet.
 * - The app is started once the page has been parsed and its text painted, so fetching and
 *   running it does not compete with the text: its styles and modules are listed, inert, in
 *   `<template id="cd-app">` (`startOnceTextIsShown`); its entry runs once its modules are in and
 *   a tapped word's meaning is on screen (`startApp`).
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
  const tap: EarlyTap = { pid: hit.root.dataset.pid ?? '', text: hit.root.textContent ?? '', offset: offsetIn(hit.root, caret) };
  window.__cdEarlyTap = tap;
  // A paragraph drawn with its sentences' cuts, or the data block read by an earlier tap: ask now,
  // before the sheet is drawn, so the request is out first. Else after the sheet's frame: reading
  // the block (~80 KB on a long read, ~10–20 ms) must not delay it. (Read ahead at the first
  // paint instead, it delayed the sheet of a tap that came just then.)
  const own = drawnParagraph(tap, hit.root.dataset.cuts);
  if (own || drawn) pendingLookUp = lookUp(tap, own);
  openSheet(lookupForm(hit.word));
  if (!own && !drawn) pendingLookUp = afterNextFrame().then(() => lookUp(tap));
}

/**
 * The tapped paragraph as the reader reads it, from its text as drawn and the sentences' cuts the
 * server drew on it (contract `sentenceCuts`); null when it carries none (the summary) or they do
 * not fit its text.
 */
function drawnParagraph(tap: EarlyTap, cuts: string | undefined): ReadonlyMap<string, Paragraph> | null {
  const numbers = cuts ? cuts.split(' ').map(Number) : [];
  if (
    numbers.length === 0 ||
    numbers.length % 2 ||
    numbers.some((n, i) => !Number.isInteger(n) || n > tap.text.length || n < (numbers[i - 1] ?? 0))
  )
    return null;
  return new Map([[tap.pid, unpackParagraph({ id: tap.pid, kind: 'p', text: tap.text, cuts: numbers, zh: null })]]);
}

/** The page's data block, read once, by the first tap that needs it. */
let drawn: { article: PackedArticle; summary: Paragraph | null } | null = null;
function readBlock(): typeof drawn {
  if (drawn) return drawn;
  // Not parsed yet: a long page tapped while its end is still arriving.
  const text = document.getElementById('cd-article')?.textContent;
  if (!text) return null;
  try {
    const article = JSON.parse(text) as PackedArticle;
    drawn = { article, summary: article.summary ? summaryParagraph(article.summary) : null };
  } catch {
    return null;
  }
  return drawn;
}

/** The paragraphs a tap in paragraph `pid` can look a word up in: that one, unpacked (the summary is one too). */
function paragraphsFor(pid: string): ReadonlyMap<string, Paragraph> | null {
  const block = readBlock();
  if (!block) return null;
  const packed = block.article.paragraphs.find((p) => p.id === pid);
  return tappableParagraphs(new Map(packed ? [[pid, unpackParagraph(packed)]] : []), block.summary);
}

/**
 * Asks the dictionary for the tapped word as the reader's sheet would (the same URL, the login's
 * cookie with the app's `X-Requested-With`, the client id's cookie), so a reader's tap is counted once and
 * the answer says whether the word is in their book. A failure leaves the sheet to the reader.
 */
function lookUp(tap: EarlyTap, own: ReadonlyMap<string, Paragraph> | null = null): Promise<void> {
  // Asked after the sheet's frame: by then the reader may have taken over, or the sheet closed.
  if (window.__cdEarlyTap !== tap) return Promise.resolve();
  const all = own ?? paragraphsFor(tap.pid);
  // A long page tapped while its end (the data block) is still arriving: ask once it is parsed.
  if (!all && document.readyState === 'loading')
    return new Promise((resolve) =>
      document.addEventListener('DOMContentLoaded', () => resolve(window.__cdEarlyTap === tap ? lookUp(tap) : undefined), { once: true }),
    );
  const target = all && earlyTapTarget(tap, all);
  if (!target) return Promise.resolve();
  // The client id goes as its cookie, which the server reads when no header names it: reading
  // document.cookie is a round trip to the browser on a fresh page (~6 ms before the request).
  const headers: Record<string, string> = { [Headers.requestedWith]: REQUESTED_WITH };
  // As the reader's query asks it (api/reader.queries.ts#wordInput): no sentence parameter for none,
  // the tapped occurrence only when it is not the first.
  const query = new URLSearchParams(target.sentence ? { word: target.word, sentence: target.sentence } : { word: target.word });
  if (target.sentence && target.at) query.set('at', String(target.at));
  // High: on a cold load it queues beside the app's own files, which the sheet's meaning need not wait for.
  return (
    fetch(`${LOOKUP_PATH}?${query}`, { headers, credentials: 'same-origin', priority: 'high' })
      .then((res) => res.json() as Promise<{ status?: { code?: string }; result?: WordLookup | null }>)
      .then((body) => {
        const result = body.status?.code === Codes.OK ? body.result : null;
        // The reader has taken over, or another word was tapped since.
        if (!result || window.__cdEarlyTap !== tap) return;
        tap.answer = { word: target.word, sentence: target.sentence, ...(target.at ? { at: target.at } : {}), result };
        fillSheet(result);
      })
      .catch(() => undefined)
      // The meaning painted before the app's modules run.
      .then(afterNextFrame)
  );
}

/** The early sheet with the answer in place of its spinner (the reader's phrase and entry, their top parts). */
function fillSheet(result: WordLookup): void {
  const sheet = document.getElementById(EARLY_SHEET_ID);
  const body = sheet?.querySelector('.word-sheet-body');
  if (!sheet || !body) return;
  if (isWordMissing(result)) {
    body.innerHTML = '<p class="word-missing"></p>';
    body.firstElementChild!.textContent = result.message;
    return;
  }
  body.innerHTML = (result.phrase ? wordPhraseHtml(result.phrase) : '') + wordEntryHtml(result);
  const title = sheet.querySelector('.modal-title');
  if (title) title.textContent = result.word;
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

/**
 * The early look-up in flight, if any: the app's entry waits for its answer to be drawn (below).
 * Settles whatever the answer, so a failed look-up never holds the app.
 */
let pendingLookUp: Promise<void> | null = null;

/** Longest the app's entry waits for an early look-up's answer to be drawn. */
const HOLD_MS = 1500;

/** Resolves after the next frame has been drawn: what was put on screen is painted. */
const afterNextFrame = () => new Promise<void>((resolve) => requestAnimationFrame(() => setTimeout(resolve, 0)));

/**
 * Resolves once every module link has loaded or failed; at once where the browser does not
 * preload modules (an older WebView), which would never fire either event.
 */
function modulesLoaded(links: HTMLLinkElement[]): Promise<unknown> {
  if (!document.createElement('link').relList.supports?.('modulepreload')) return Promise.resolve();
  return Promise.all(links.map(linkSettled));
}

/** Resolves when an early look-up the script still answers has been drawn, or at `deadline` (performance.now()). */
function lookUpDrawn(deadline: number): Promise<unknown> {
  // Only a tap the script still answers holds the app (one closed, or taken by a reader, does not).
  const pending = window.__cdEarlyTap ? pendingLookUp : null;
  const left = deadline - performance.now();
  return pending && left > 0 ? Promise.race([pending, new Promise((resolve) => setTimeout(resolve, left))]) : Promise.resolve();
}

/**
 * Puts the app's styles and modules (the template's links) into the head, and runs its entry once
 * its modules have been fetched and compiled (`modulepreload`), each step only once no early
 * look-up is waiting to be drawn: fetching and compiling the app's modules (~400 KB) shares a
 * phone's cores with the look-up's answer, and running them and mounting a long article takes
 * the main thread for 100–200 ms; a meaning that arrived meanwhile waited behind either.
 */
export function startApp(): void {
  const template = document.getElementById('cd-app');
  if (!(template instanceof HTMLTemplateElement) || window.__cdAppStarted !== undefined) return;
  window.__cdAppStarted = performance.now();
  const entryUrl = template.dataset.entry ?? '';
  const load = () => {
    const content = document.importNode(template.content, true);
    // The entry too, so it is fetched beside its modules rather than after them.
    const preloadEntry = document.createElement('link');
    preloadEntry.rel = 'modulepreload';
    preloadEntry.crossOrigin = '';
    preloadEntry.href = entryUrl;
    content.append(preloadEntry);
    const modules = [...content.querySelectorAll<HTMLLinkElement>('link[rel="modulepreload"]')];
    document.head.append(content);
    return modulesLoaded(modules);
  };
  const run = () => {
    const entry = document.createElement('script');
    entry.type = 'module';
    entry.crossOrigin = '';
    entry.src = entryUrl;
    document.head.append(entry);
  };
  const deadline = window.__cdAppStarted + HOLD_MS;
  void lookUpDrawn(deadline)
    .then(load)
    .then(() => lookUpDrawn(deadline))
    .then(run);
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
