import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { BookChapter, BookDetail } from '@changdu/contract';
import { ok } from '../../test/api-mock';
import { makeParagraph } from '../../test/articles';
import { makeBookCard } from '../../test/books';
import { makeBookWord, makeEntry, markedWord, wordInText } from '../../test/reader';
import { logIn, makeUser, renderApp } from '../../test/render-app';
import { LONG_PRESS_MS } from './useBookTaps';

const chapter: BookChapter = {
  book_id: 5,
  chapter_count: 2,
  index: 0,
  title: 'The Lighthouse',
  word_count: 20,
  level: 'STANDARD',
  level_words: { C4: 1, C6: 1, L4: 0, L8: 0, IELTS: 0 },
  paragraphs: [
    makeParagraph('p1', { kind: 'h2', html: 'The Lighthouse', text: 'The Lighthouse' }),
    makeParagraph('p2', { html: 'An unprecedented storm came.', text: 'An unprecedented storm came.' }),
    makeParagraph('p3', { kind: 'h3', html: 'Later', text: 'Later' }),
    makeParagraph('p4', { html: 'They negotiated at dawn.', text: 'They negotiated at dawn.' }),
  ],
};

const book: BookDetail = {
  ...makeBookCard({ word_count: 40 }),
  description: null,
  toc: [
    { title: 'The Lighthouse', chapter: 0, anchor: null, paragraph: null, depth: 0 },
    { title: 'Later', chapter: 0, anchor: 'later', paragraph: 'p3', depth: 1 },
  ],
  chapters: [],
  mine: null,
  uploaded_by_me: false,
};

const stormEntry = makeEntry({ word: 'storm', query: 'storm', form_of: null });

/** The chapter's text is on the page (words are plain text; only marked ones are elements). */
const textShown = () => screen.findByText('An unprecedented storm came.');

/**
 * The browser's caret hit test, faked to fall inside `text` (jsdom has no layout), for whatever
 * point is asked while `act` runs, as `tapWord` does for the article reader.
 */
async function onWord(text: string, act: (node: Text) => unknown) {
  const { node, offset } = wordInText(text);
  Object.defineProperty(document, 'caretRangeFromPoint', {
    configurable: true,
    value: () => {
      const range = document.createRange();
      range.setStart(node, offset + 1);
      return range;
    },
  });
  try {
    await act(node);
  } finally {
    Reflect.deleteProperty(document, 'caretRangeFromPoint');
  }
}

/** A tap at (x, y) that lands on `text`'s word. */
const tapOnWord = (text: string, x: number, y: number) => onWord(text, (node) => fireEvent.click(node.parentElement!, { clientX: x, clientY: y }));

/** A finger held still on `text`'s word at (x, y) for `ms`, then lifted (the click the lift makes included). */
const pressOnWord = (text: string, x: number, y: number, ms = LONG_PRESS_MS + 100) =>
  onWord(text, async (node) => {
    const at = { clientX: x, clientY: y, pointerId: 1, isPrimary: true, button: 0 };
    fireEvent.pointerDown(node.parentElement!, at);
    await new Promise((resolve) => setTimeout(resolve, ms));
    fireEvent.pointerUp(node.parentElement!, at);
    fireEvent.click(node.parentElement!, at);
  });

/** The tap hint has been seen on this device: the page is free to tap. */
const hintSeen = () => localStorage.setItem('cd_book_tap_hint', '1');

function open(handlers: Parameters<typeof renderApp>[1] = {}) {
  return renderApp('/book/5/read?chapter=0', {
    'GET /reader/book/5/show': ok(book),
    'GET /reader/book/5/chapter/0': ok(chapter),
    ...handlers,
  });
}

let width: number;
let height: number;
beforeEach(() => {
  width = window.innerWidth;
  height = window.innerHeight;
});
afterEach(() => {
  Object.defineProperty(window, 'innerWidth', { configurable: true, value: width });
  Object.defineProperty(window, 'innerHeight', { configurable: true, value: height });
  localStorage.clear();
});

function phone() {
  Object.defineProperty(window, 'innerWidth', { configurable: true, value: 390 });
  Object.defineProperty(window, 'innerHeight', { configurable: true, value: 844 });
}

describe('tap zones on a phone', () => {
  const lookedUp = (api: { to: (call: string) => { query: URLSearchParams }[] }) =>
    api.to('GET /api/english/word').map((r) => r.query.get('word'));

  it('the left quarter goes a screen back and the right quarter a screen forward, on a word or beside the words', async () => {
    phone();
    hintSeen();
    const scrollBy = vi.spyOn(window, 'scrollBy').mockImplementation(() => {});
    const { api } = open({ 'GET /api/english/word': ok(stormEntry) });
    await textShown();
    const body = document.querySelector('.reader-body')!;
    await tapOnWord('storm', 39, 300); // x = 10%, on a word
    await tapOnWord('An', 351, 800); // x = 90%, on a word
    fireEvent.click(body, { clientX: 10, clientY: 300 });
    fireEvent.click(body, { clientX: 380, clientY: 700 });
    const tops = scrollBy.mock.calls.map(([options]) => (options as ScrollToOptions).top!);
    const step = -tops[0]!;
    // A screen (844 px) less about one line of text.
    expect(step).toBeGreaterThan(844 - 60);
    expect(step).toBeLessThan(844);
    expect(tops).toEqual([-step, step, -step, step]);
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(lookedUp(api)).toEqual([]);
  });

  it('a tap on a word in the middle opens its sheet and does not page', async () => {
    phone();
    hintSeen();
    const scrollBy = vi.spyOn(window, 'scrollBy').mockImplementation(() => {});
    const { api } = open({ 'GET /api/english/word': ok(stormEntry) });
    await textShown();
    await tapOnWord('storm', 195, 300); // x = 50%
    expect(await screen.findByRole('dialog', { name: 'storm' })).toBeTruthy();
    // The sheet shows the tapped word at once; its lookup is asked for after that render.
    await waitFor(() => expect(lookedUp(api)).toEqual(['storm']));
    expect(scrollBy).not.toHaveBeenCalled();
  });

  it('a long press on a word looks it up even in a side zone, while held; the lift does not page', async () => {
    phone();
    hintSeen();
    const scrollBy = vi.spyOn(window, 'scrollBy').mockImplementation(() => {});
    const { api } = open({ 'GET /api/english/word': ok(stormEntry) });
    await textShown();
    await onWord('storm', async (node) => {
      const at = { clientX: 39, clientY: 300, pointerId: 1, isPrimary: true, button: 0 }; // x = 10%
      fireEvent.pointerDown(node.parentElement!, at);
      // The sheet opens while the finger is still down.
      expect(await screen.findByRole('dialog', { name: 'storm' })).toBeTruthy();
      fireEvent.pointerUp(node.parentElement!, at);
      // A touch lift's mouse events land on what is under the finger now: the sheet's backdrop layer.
      const layer = screen.getByTestId('modal-layer');
      fireEvent.mouseDown(layer, at);
      fireEvent.mouseUp(layer, at);
      fireEvent.click(layer, at);
    });
    expect(screen.getByRole('dialog', { name: 'storm' })).toBeTruthy();
    // The sheet shows the tapped word at once; its lookup is asked for after that render.
    await waitFor(() => expect(lookedUp(api)).toEqual(['storm']));
    expect(scrollBy).not.toHaveBeenCalled();
  });

  it('a short press in a side zone is a tap and pages; a press that moves is a drag and does neither', async () => {
    phone();
    hintSeen();
    const scrollBy = vi.spyOn(window, 'scrollBy').mockImplementation(() => {});
    const { api } = open({ 'GET /api/english/word': ok(stormEntry) });
    await textShown();
    await pressOnWord('storm', 39, 300, 100);
    expect(scrollBy).toHaveBeenCalledTimes(1);
    await onWord('storm', async (node) => {
      fireEvent.pointerDown(node.parentElement!, { clientX: 195, clientY: 300, pointerId: 1, isPrimary: true, button: 0 });
      fireEvent.pointerMove(node.parentElement!, { clientX: 240, clientY: 300, pointerId: 1, isPrimary: true });
      await new Promise((resolve) => setTimeout(resolve, LONG_PRESS_MS + 100));
    });
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(lookedUp(api)).toEqual([]);
  });

  it('a tap in the middle beside the words hides the bars, the next one brings them back', async () => {
    phone();
    hintSeen();
    const scrollBy = vi.spyOn(window, 'scrollBy').mockImplementation(() => {});
    open();
    await textShown();
    const page = document.querySelector('.page-book-reader')!;
    const body = document.querySelector('.reader-body')!;
    fireEvent.click(body, { clientX: 195, clientY: 300 });
    expect(page.classList.contains('is-bars-hidden')).toBe(true);
    // The bars stay in the page for the keyboard and screen readers.
    expect(screen.getByRole('button', { name: '目录' })).toBeTruthy();
    fireEvent.click(body, { clientX: 195, clientY: 300 });
    expect(page.classList.contains('is-bars-hidden')).toBe(false);
    expect(scrollBy).not.toHaveBeenCalled();
  });

  it('leaves a wide screen to the mouse and keys: a click on a word near the edge looks it up', async () => {
    Object.defineProperty(window, 'innerWidth', { configurable: true, value: 1280 });
    const scrollBy = vi.spyOn(window, 'scrollBy').mockImplementation(() => {});
    const { api } = open({ 'GET /api/english/word': ok(stormEntry) });
    await textShown();
    fireEvent.click(document.querySelector('.reader-body')!, { clientX: 5, clientY: 300 });
    await tapOnWord('storm', 100, 300);
    expect(await screen.findByRole('dialog', { name: 'storm' })).toBeTruthy();
    expect(scrollBy).not.toHaveBeenCalled();
    // The sheet shows the tapped word at once; its lookup is asked for after that render.
    await waitFor(() => expect(lookedUp(api)).toEqual(['storm']));
    // No hint on a wide screen: the zones are a phone's.
    expect(screen.queryByRole('dialog', { name: '翻页说明' })).toBeNull();
  });
});

describe('the tap hint', () => {
  it('shows the zones the first time a book is opened on a phone, once; 阅读设置 opens it again', async () => {
    phone();
    const first = open();
    const hint = await screen.findByRole('dialog', { name: '翻页说明' });
    const zones = within(hint).getByRole('list', { name: '点按区域' });
    expect(within(zones).getAllByRole('listitem').map((li) => li.textContent)).toEqual([
      '左侧：‹ 上一页',
      '中间：点词查义点空白处隐藏或显示工具栏',
      '右侧：下一页 ›',
    ]);
    expect(within(hint).getByText('长按任意词也可查义，两侧的词也一样')).toBeTruthy();
    await userEvent.click(within(hint).getByRole('button', { name: '知道了' }));
    expect(screen.queryByRole('dialog', { name: '翻页说明' })).toBeNull();
    first.unmount();

    open();
    await textShown();
    expect(screen.queryByRole('dialog', { name: '翻页说明' })).toBeNull();
    await userEvent.click(screen.getByRole('button', { name: '阅读设置' }));
    await userEvent.click(within(screen.getByRole('dialog', { name: '阅读设置' })).getByRole('button', { name: '翻页说明' }));
    expect(await screen.findByRole('dialog', { name: '翻页说明' })).toBeTruthy();
    expect(screen.queryByRole('dialog', { name: '阅读设置' })).toBeNull();
  });

  it('closes with Escape, and closing it counts as seen', async () => {
    phone();
    open();
    await screen.findByRole('dialog', { name: '翻页说明' });
    await userEvent.keyboard('{Escape}');
    expect(screen.queryByRole('dialog', { name: '翻页说明' })).toBeNull();
    expect(localStorage.getItem('cd_book_tap_hint')).toBe('1');
  });
});

describe('the keyboard in book text', () => {
  it('looks a word up without a mouse: Tab to the text, Enter, arrows to the word, Enter', async () => {
    const user = userEvent.setup();
    const { api } = open({ 'GET /api/english/word': ok(makeEntry({ word: 'unprecedented', query: 'unprecedented', form_of: null })) });
    await textShown();
    const text = screen.getByRole('group', { name: '正文' });
    for (let i = 0; i < 40 && document.activeElement !== text; i++) await user.tab();
    expect(document.activeElement).toBe(text);
    await user.keyboard('{Enter}{ArrowDown}{ArrowRight}');
    expect(screen.getByTestId('word-cursor').textContent).toBe('unprecedented');
    await user.keyboard('{Enter}');
    await waitFor(() => expect(api.to('GET /api/english/word').map((r) => r.query.get('word'))).toEqual(['unprecedented']));
    expect(api.to('GET /api/english/word')[0]?.query.get('sentence')).toBe('An unprecedented storm came.');
    expect(await screen.findByRole('dialog', { name: 'unprecedented' })).toBeTruthy();
  });
});

describe('word marks in book text', () => {
  it('colours the chosen level’s words and underlines word-book words, as in articles', async () => {
    localStorage.setItem('cd_reader_level', 'C6');
    logIn(makeUser());
    const { api } = open({
      'GET /api/user/me': ok(makeUser()),
      'GET /reader/book/5/mynote': ok({ list: [] }),
      'GET /reader/book/5/history/t': ok({ t: 'tok.sig', expires_in: 43200 }),
      'POST /reader/mybook/5/pos': ok({}),
      'GET /reader/book/5/chapter/0/level_words': ok({
        level: 'C6',
        list: [{ word: 'unprecedented', forms: ['unprecedented'], phonetic: null, meaning: 'adj. 空前的' }],
      }),
      'GET /reader/book/5/chapter/0/mywords': ok({ list: [makeBookWord()], next_offset: null }),
    });
    await waitFor(() => expect(markedWord('unprecedented')?.classList.contains('w-level')).toBe(true));
    await waitFor(() => expect(markedWord('negotiated')?.classList.contains('w-book')).toBe(true));
    // An unmarked word stays plain text.
    expect(markedWord('storm')).toBeNull();
    expect(screen.getByText('已标出超出六级/考研的 1 个词，点词看释义')).toBeTruthy();
    expect(api.to('GET /reader/book/5/chapter/0/level_words')[0]?.query.get('level')).toBe('C6');
  });
});

describe('the table of contents', () => {
  it('a section line opens its paragraph and flashes it', async () => {
    open();
    await textShown();
    await userEvent.click(screen.getByRole('button', { name: '目录' }));
    await userEvent.click(within(screen.getByRole('dialog', { name: '目录' })).getByRole('button', { name: 'Later' }));
    await waitFor(() => expect(document.querySelector('[data-pid="p3"]')!.classList.contains('is-flashing')).toBe(true));
    expect(document.querySelector('[data-pid="p2"]')!.classList.contains('is-flashing')).toBe(false);
  });
});
