import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { EARLY_SHEET_ID, packArticle } from '@changdu/contract';
import { makeDetail, makeParagraph } from '../test/articles';
import { makeEntry } from '../test/reader';
import { wordInput } from '../api/reader.queries';
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

describe('the tapped word looked up before the app has started', () => {
  const answer = makeEntry({ word: 'woman', query: 'women', form_of: { label: '复数', form: 'women' } });
  let fetched: { url: string; headers: Record<string, string> }[] = [];
  const page = () => {
    const text = 'The women’s deal held. Then the deal ended and the deal held.';
    const sentences = [
      { id: 'p1-s1', text: 'The women’s deal held.' },
      { id: 'p1-s2', text: 'Then the deal ended and the deal held.' },
    ];
    const article = makeDetail({
      id: 12,
      summary: null,
      paragraphs: [
        makeParagraph('p1', { html: 'The women’s <a href="/x">deal</a> held. Then the deal ended and the deal held.', text, sentences }),
      ],
    });
    document.body.insertAdjacentHTML(
      'beforeend',
      `<script type="application/json" id="cd-article" data-id="12">${JSON.stringify(packArticle(article))}</script>`,
    );
    document.querySelector('[data-pid="p1"]')!.innerHTML = 'The women’s <a href="/x">deal</a> held. Then the deal ended and the deal held.';
  };
  const respond = (reply: () => Promise<Response>) =>
    vi.stubGlobal('fetch', (url: string, init: RequestInit) => {
      fetched.push({ url, headers: init.headers as Record<string, string> });
      return reply();
    });
  const found = async () => new Response(JSON.stringify({ status: { code: '200', msg: 'ok' }, result: answer }));
  /** Taps "women" and lets the deferred lookup and its answer run. */
  const tapWomen = async () => {
    const p = document.querySelector('[data-pid="p1"]')!;
    caretAt(p, 6);
    tap(p);
    await settle();
    await settle();
    return p;
  };
  const settle = () => new Promise((resolve) => setTimeout(resolve, 0)).then(() => new Promise((resolve) => setTimeout(resolve, 0)));
  beforeEach(() => {
    fetched = [];
    vi.stubGlobal('requestAnimationFrame', (f: FrameRequestCallback) => setTimeout(() => f(0), 0));
  });
  afterEach(() => vi.unstubAllGlobals());

  it('asks with the word and its sentence, as the reader would, fills the sheet and keeps the answer for the reader', async () => {
    page();
    respond(found);
    await tapWomen();
    expect(fetched).toHaveLength(1);
    const url = new URL(fetched[0]!.url, 'http://x');
    expect(url.pathname).toBe('/api/english/word');
    expect([...url.searchParams]).toEqual([
      ['word', 'women'],
      ['sentence', 'The women’s deal held.'],
    ]);
    expect(fetched[0]!.headers['x-requested-with']).toBe('changdu');
    const sheet = document.getElementById(EARLY_SHEET_ID)!;
    expect(sheet.querySelector('h2')!.textContent).toBe('woman');
    expect(sheet.querySelector('.word-form-of')!.textContent).toBe('women 是 woman 的复数');
    expect(sheet.querySelector('[role="status"]')).toBeNull();
    expect(window.__cdEarlyTap?.answer).toEqual({ word: 'women', sentence: 'The women’s deal held.', result: answer });
  });

  it('names a second occurrence of the word in its sentence as the reader’s query does, and keeps it with the answer', async () => {
    page();
    respond(found);
    const p = document.querySelector('[data-pid="p1"]')!;
    const node = p.lastChild!;
    const sentence = 'Then the deal ended and the deal held.';
    (document as Document & { caretRangeFromPoint?: unknown }).caretRangeFromPoint = () => {
      const range = document.createRange();
      range.setStart(node, node.textContent!.lastIndexOf('deal') + 1);
      return range;
    };
    tap(p);
    await settle();
    await settle();
    const url = new URL(fetched[0]!.url, 'http://x');
    // The same parameters, in the same order, as the app's lookup of that tap (api/reader.queries.ts#wordInput).
    expect([...url.searchParams]).toEqual(Object.entries(wordInput('deal', sentence, 1)).map(([k, v]) => [k, String(v)]));
    expect(url.searchParams.get('at')).toBe('1');
    expect(window.__cdEarlyTap?.answer).toEqual({ word: 'deal', sentence, at: 1, result: answer });
  });

  it('leaves the sheet looking up, and keeps no answer, when the lookup fails or the reader has taken over', async () => {
    page();
    respond(() => Promise.reject(new TypeError('offline')));
    const p = await tapWomen();
    expect(fetched).toHaveLength(1);
    expect(document.getElementById(EARLY_SHEET_ID)!.querySelector('[role="status"]')!.textContent).toBe('查词中');
    expect(window.__cdEarlyTap?.answer).toBeUndefined();

    // The reader takes the tap while its lookup is out: the answer is neither kept nor drawn.
    let arrive = () => {};
    respond(
      () =>
        new Promise<Response>(
          (resolve) => (arrive = () => resolve(new Response(JSON.stringify({ status: { code: '200', msg: 'ok' }, result: answer })))),
        ),
    );
    caretAt(p, 1);
    tap(p);
    await settle();
    const kept = window.__cdEarlyTap!;
    window.__cdEarlyTap = null;
    arrive();
    await settle();
    expect(fetched).toHaveLength(2);
    expect(document.getElementById(EARLY_SHEET_ID)!.querySelector('.word-entry')).toBeNull();
    expect(kept.answer).toBeUndefined();
  });

  it('asks in the tap’s own task when the paragraph is drawn with its sentences’ cuts, without the data block', () => {
    respond(found);
    const p = document.querySelector<HTMLElement>('[data-pid="p1"]')!;
    p.innerHTML = 'The women’s deal held. Then the deal ended and the deal held.';
    p.dataset.cuts = '0 22 23 61';
    const node = p.firstChild!;
    (document as Document & { caretRangeFromPoint?: unknown }).caretRangeFromPoint = () => {
      const range = document.createRange();
      range.setStart(node, 30); // "deal" of the second sentence
      return range;
    };
    tap(p);
    expect(fetched).toHaveLength(1);
    expect(new URL(fetched[0]!.url, 'http://x').searchParams.get('sentence')).toBe('Then the deal ended and the deal held.');
  });

  it('the app waits while a tapped word is looked up, and starts once its meaning is drawn', async () => {
    page();
    let arrive = () => {};
    respond(() => new Promise<Response>((resolve) => (arrive = () => void found().then(resolve))));
    document.head.innerHTML =
      '<template id="cd-app" data-entry="/assets/index-e3.js"><link rel="modulepreload" href="/assets/s3.js"></template>';
    window.__cdAppStarted = undefined;
    await tapWomen();
    startApp();
    await settle();
    // Not even fetched: the app's modules would share the device with the answer.
    expect(document.head.querySelector('link[href="/assets/s3.js"]')).toBeNull();
    expect(document.head.querySelector('script[src="/assets/index-e3.js"]')).toBeNull();
    arrive();
    await settle();
    await settle();
    expect(document.getElementById(EARLY_SHEET_ID)!.querySelector('.word-form-of')).not.toBeNull();
    expect(document.head.querySelector('script[src="/assets/index-e3.js"]')).not.toBeNull();
    document.head.innerHTML = '';
    window.__cdAppStarted = undefined;
  });

  it('the app’s entry waits no longer than 1.5 s for a look-up that does not answer', async () => {
    page();
    respond(() => new Promise<Response>(() => {}));
    document.head.innerHTML = '<template id="cd-app" data-entry="/assets/index-e4.js"></template>';
    window.__cdAppStarted = undefined;
    await tapWomen();
    vi.useFakeTimers();
    try {
      startApp();
      await vi.advanceTimersByTimeAsync(1400);
      expect(document.head.querySelector('script[src="/assets/index-e4.js"]')).toBeNull();
      await vi.advanceTimersByTimeAsync(200);
      expect(document.head.querySelector('script[src="/assets/index-e4.js"]')).not.toBeNull();
    } finally {
      vi.useRealTimers();
      document.head.innerHTML = '';
      window.__cdAppStarted = undefined;
    }
  });
});

describe('starting the app', () => {
  it('puts the held styles and modules into the head and runs the entry, once', async () => {
    document.head.insertAdjacentHTML(
      'beforeend',
      '<template id="cd-app" data-entry="/assets/index-e1.js"><link rel="preload" as="style" href="/assets/a.css" data-held><link rel="modulepreload" href="/assets/s.js"></template>',
    );
    startApp();
    startApp();
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect([...document.head.querySelectorAll('link[rel="preload"][as="style"]')].map((l) => l.getAttribute('href'))).toEqual([
      '/assets/a.css',
    ]);
    expect([...document.head.querySelectorAll('link[rel="modulepreload"]')].map((l) => l.getAttribute('href'))).toEqual([
      '/assets/s.js',
      '/assets/index-e1.js',
    ]);
    const entries = document.head.querySelectorAll('script[type="module"]');
    expect(entries).toHaveLength(1);
    expect(entries[0]!.getAttribute('src')).toBe('/assets/index-e1.js');
    expect(window.__cdAppStarted).toBeTypeOf('number');
  });

  it('waits for the text’s first paint to be presented, then starts it once', async () => {
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
      await vi.advanceTimersByTimeAsync(0);
      expect(document.head.querySelectorAll('script[src="/assets/index-e2.js"]')).toHaveLength(1);
      await vi.advanceTimersByTimeAsync(2000);
      expect(document.head.querySelectorAll('script[src="/assets/index-e2.js"]')).toHaveLength(1);
    } finally {
      vi.useRealTimers();
      vi.unstubAllGlobals();
      vi.restoreAllMocks();
    }
  });
});
