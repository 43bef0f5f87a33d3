import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { BookChapter, BookDetail } from '@changdu/contract';
import { ok } from '../../test/api-mock';
import { makeParagraph } from '../../test/articles';
import { makeBookCard } from '../../test/books';
import { makeBookWord, makeEntry, markedWord, wordInText } from '../../test/reader';
import { logIn, makeUser, renderApp } from '../../test/render-app';

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

/** The chapter's text is on the page (words are plain text; only marked ones are elements). */
const textShown = () => screen.findByText('An unprecedented storm came.');

/**
 * A tap at (x, y) that lands on `word`: jsdom has no layout, so the browser's caret hit test is
 * faked to fall inside the word, as `tapWord` does for the article reader.
 */
function tapOnWord(text: string, x: number, y: number) {
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
    fireEvent.click(node.parentElement!, { clientX: x, clientY: y });
  } finally {
    Reflect.deleteProperty(document, 'caretRangeFromPoint');
  }
}

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

describe('tap-zone paging on a phone', () => {
  it('a tap beside the words turns a screen less a line: left quarter back, right quarter and bottom third forward', async () => {
    phone();
    const scrollBy = vi.spyOn(window, 'scrollBy').mockImplementation(() => {});
    open();
    await textShown();
    const body = document.querySelector('.reader-body')!;
    const tap = (x: number, y: number, target: Element = body) => fireEvent.click(target, { clientX: x, clientY: y });
    tap(10, 300);
    tap(380, 300);
    tap(195, 700);
    tap(195, 300); // the middle of the upper screen: nothing
    const tops = scrollBy.mock.calls.map(([options]) => (options as ScrollToOptions).top!);
    expect(tops).toHaveLength(3);
    const step = -tops[0]!;
    // A screen (844 px) less about one line of text.
    expect(step).toBeGreaterThan(844 - 60);
    expect(step).toBeLessThan(844);
    expect(tops).toEqual([-step, step, step]);
  });

  it('never steals a word tap, even in an edge zone: the dictionary opens instead', async () => {
    phone();
    const scrollBy = vi.spyOn(window, 'scrollBy').mockImplementation(() => {});
    const { api } = open({ 'GET /api/english/word': ok({ word: 'storm' }) });
    await textShown();
    tapOnWord('storm', 10, 300);
    tapOnWord('An', 380, 800);
    expect(scrollBy).not.toHaveBeenCalled();
    await waitFor(() => expect(api.to('GET /api/english/word').map((r) => r.query.get('word'))).toEqual(['storm', 'An']));
  });

  it('leaves a wide screen to the mouse and keys', async () => {
    Object.defineProperty(window, 'innerWidth', { configurable: true, value: 1280 });
    const scrollBy = vi.spyOn(window, 'scrollBy').mockImplementation(() => {});
    open();
    await textShown();
    fireEvent.click(document.querySelector('.reader-body')!, { clientX: 5, clientY: 300 });
    expect(scrollBy).not.toHaveBeenCalled();
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
