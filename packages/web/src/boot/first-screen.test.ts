import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { EARLY_SHEET_ID } from '@changdu/contract';
import { startApp, startOnceTextIsShown } from './first-screen';

/** The caret the browser's hit test would give: here, a character of the first text node of `element`. */
function caretAt(element: Element, offset: number) {
  const node = document.createTreeWalker(element, NodeFilter.SHOW_TEXT).nextNode()!;
  (document as Document & { caretRangeFromPoint?: unknown }).caretRangeFromPoint = () => {
    const range = document.createRange();
    range.setStart(node, offset);
    return range;
  };
}

const tap = (element: Element) => element.dispatchEvent(new MouseEvent('click', { bubbles: true, clientX: 10, clientY: 10 }));

beforeEach(() => {
  document.body.innerHTML =
    '<div id="root" data-drawn="12"><p class="para para-p" data-pid="p1" lang="en">The women’s <a href="/x">deal</a> held.</p></div>';
  window.__cdEarlyTap = undefined;
});
afterEach(() => {
  document.body.innerHTML = '';
  document.body.className = '';
  Reflect.deleteProperty(document, 'caretRangeFromPoint');
});

describe('a tap on the server-drawn text before the app has started', () => {
  it('opens the word’s sheet at once, in its looking-up state, and keeps the tap for the reader', () => {
    const p = document.querySelector('[data-pid="p1"]')!;
    caretAt(p, 6); // inside "women’s"
    tap(p);
    const sheet = document.getElementById(EARLY_SHEET_ID)!;
    expect(sheet.querySelector('[role="dialog"] h2')!.textContent).toBe('women');
    expect(sheet.querySelector('[role="status"]')!.textContent).toBe('查词中');
    expect(document.body.classList.contains('modal-open')).toBe(true);
    expect(window.__cdEarlyTap).toEqual({ pid: 'p1', text: 'The women’s deal held.', offset: 6 });
  });

  it('a second word replaces the first; the close button closes the sheet and forgets the tap', () => {
    const p = document.querySelector('[data-pid="p1"]')!;
    caretAt(p, 1);
    tap(p);
    caretAt(p, 6);
    tap(p);
    expect(document.querySelectorAll(`#${EARLY_SHEET_ID}`)).toHaveLength(1);
    expect(document.querySelector(`#${EARLY_SHEET_ID} h2`)!.textContent).toBe('women');
    tap(document.querySelector(`#${EARLY_SHEET_ID} button[aria-label="关闭"] svg`)!);
    expect(document.getElementById(EARLY_SHEET_ID)).toBeNull();
    expect(document.body.classList.contains('modal-open')).toBe(false);
    expect(window.__cdEarlyTap).toBeUndefined();
  });

  it('closes on Escape and on a click outside its panel, not on a click inside it', () => {
    const p = document.querySelector('[data-pid="p1"]')!;
    caretAt(p, 1);
    tap(p);
    tap(document.querySelector(`#${EARLY_SHEET_ID} .spinner`)!);
    expect(document.getElementById(EARLY_SHEET_ID)).not.toBeNull();
    document.dispatchEvent(new KeyboardEvent('keydown', { key: 'Escape' }));
    expect(document.getElementById(EARLY_SHEET_ID)).toBeNull();
    expect(window.__cdEarlyTap).toBeUndefined();
    tap(p);
    tap(document.querySelector(`#${EARLY_SHEET_ID} .modal-layer`)!);
    expect(document.getElementById(EARLY_SHEET_ID)).toBeNull();
    expect(window.__cdEarlyTap).toBeUndefined();
  });

  it('leaves links, punctuation and a reader that has taken over alone', () => {
    const p = document.querySelector('[data-pid="p1"]')!;
    const link = p.querySelector('a')!;
    caretAt(link, 1);
    tap(link);
    expect(document.getElementById(EARLY_SHEET_ID)).toBeNull();
    const tail = p.lastChild as Text; // " held."
    (document as Document & { caretRangeFromPoint?: unknown }).caretRangeFromPoint = () => {
      const range = document.createRange();
      range.setStart(tail, tail.data.length); // after the full stop
      return range;
    };
    tap(p);
    expect(document.getElementById(EARLY_SHEET_ID)).toBeNull();
    expect(window.__cdEarlyTap).toBeUndefined();
    caretAt(p, 1);
    window.__cdEarlyTap = null;
    tap(p);
    expect(document.getElementById(EARLY_SHEET_ID)).toBeNull();
    expect(window.__cdEarlyTap).toBeNull();
  });
});

describe('starting the app', () => {
  it('puts the held styles and modules into the head and runs the entry, once', () => {
    document.head.insertAdjacentHTML(
      'beforeend',
      '<template id="cd-app" data-entry="/assets/index-e1.js"><link rel="preload" as="style" href="/assets/a.css" data-held><link rel="modulepreload" href="/assets/s.js"></template>',
    );
    startApp();
    startApp();
    expect([...document.head.querySelectorAll('link[rel="preload"][as="style"]')].map((l) => l.getAttribute('href'))).toEqual([
      '/assets/a.css',
    ]);
    expect([...document.head.querySelectorAll('link[rel="modulepreload"]')].map((l) => l.getAttribute('href'))).toEqual(['/assets/s.js']);
    const entries = document.head.querySelectorAll('script[type="module"]');
    expect(entries).toHaveLength(1);
    expect(entries[0]!.getAttribute('src')).toBe('/assets/index-e1.js');
    expect(window.__cdAppStarted).toBeTypeOf('number');
  });

  it('waits for the text’s first paint to be presented, then starts it once', () => {
    vi.useFakeTimers();
    let report = () => {};
    let painted = false;
    vi.stubGlobal(
      'PerformanceObserver',
      class {
        static supportedEntryTypes = ['paint'];
        constructor(callback: () => void) {
          report = callback;
        }
        observe() {}
        disconnect() {}
      },
    );
    vi.spyOn(performance, 'getEntriesByName').mockImplementation(() => (painted ? [{} as PerformanceEntry] : []));
    document.head.innerHTML = '<template id="cd-app" data-entry="/assets/index-e2.js"></template>';
    window.__cdAppStarted = undefined;
    try {
      startOnceTextIsShown();
      report(); // another paint entry (first paint) before the text's
      expect(window.__cdAppStarted).toBeUndefined();
      painted = true;
      report();
      expect(document.head.querySelectorAll('script[src="/assets/index-e2.js"]')).toHaveLength(1);
      vi.advanceTimersByTime(1000);
      expect(document.head.querySelectorAll('script[src="/assets/index-e2.js"]')).toHaveLength(1);
    } finally {
      vi.useRealTimers();
      vi.unstubAllGlobals();
      vi.restoreAllMocks();
    }
  });
});
