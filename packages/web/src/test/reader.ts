import userEvent from '@testing-library/user-event';
import type { Note, WordEntry } from '@changdu/contract';
import type { Output } from '../api/client';

/** Reader test data in the contract's shapes. */

export function makeEntry(overrides: Partial<WordEntry> = {}): WordEntry {
  return {
    word: 'negotiate',
    query: 'negotiated',
    form_of: { label: '过去式/过去分词', form: 'negotiated' },
    pos_in_context: 'VERB',
    phonetic: 'nɪˈɡəʊʃieɪt',
    phonetics: [
      { variant: 'UK', ipa: 'nɪˈɡəʊʃieɪt' },
      { variant: 'US', ipa: 'nɪˈɡoʊʃiˌeɪt' },
    ],
    meanings: [
      { pos: 'vi.', text: '商议, 谈判, 交涉', fits: true },
      { pos: 'vt.', text: '谈妥, 转让', fits: true },
      { pos: 'n.', text: '谈判者', fits: false },
    ],
    sense_sure: true,
    definition: 'discuss the terms of an arrangement',
    definitions: ['discuss the terms of an arrangement', 'succeed in doing, achieving, or producing'],
    function_note: null,
    inflections: [{ label: '现在分词', form: 'negotiating' }],
    exams: ['CET-6', '考研'],
    frequency: 2541,
    in_wordbook: false,
    phrase: null,
    ...overrides,
  };
}

export function makeNote(overrides: Partial<Note> = {}): Note {
  return {
    id: 1,
    note_uuid: 'note-1',
    article_id: 12,
    text: 'quiet',
    comment: '',
    root: 'p1',
    tag: null,
    color: 'yellow',
    data: { start: 4, end: 9 },
    is_public: false,
    mine: true,
    user: null,
    created_at: '2025-03-01T08:00:00.000Z',
    updated_at: '2025-03-01T08:00:00.000Z',
    ...overrides,
  };
}

export type BookWord = Output<'words.ofArticle'>['list'][number];

export function makeBookWord(overrides: Partial<BookWord> = {}): BookWord {
  return {
    id: 41,
    word: 'negotiate',
    phonetic: null,
    meaning: 'v. 谈判',
    other_meanings: [],
    state: 'review',
    due: '2000-01-01T00:00:00.000Z',
    reps: 3,
    lapses: 0,
    last_review: '1999-12-25T00:00:00.000Z',
    created_at: '1999-12-01T00:00:00.000Z',
    contexts: [],
    intervals: [
      { rating: 1, label: '忘记', due: '2000-01-01T00:10:00.000Z', interval: '10分钟' },
      { rating: 2, label: '模糊', due: '2000-01-02T00:00:00.000Z', interval: '1天' },
      { rating: 3, label: '记得', due: '2000-01-04T00:00:00.000Z', interval: '3天' },
      { rating: 4, label: '简单', due: '2000-01-09T00:00:00.000Z', interval: '8天' },
    ],
    forms: ['negotiated'],
    ...overrides,
  };
}

/** Where a whole word of the reading page's text is: its text node and offset (the nth match, in document order). */
export function wordInText(word: string, within: ParentNode = document, nth = 0): { node: Text; offset: number } {
  const pattern = new RegExp(`(?<![A-Za-z'’])${word.replace(/[^A-Za-z'’]/g, '')}(?![A-Za-z'’])`, 'g');
  const found: { node: Text; offset: number }[] = [];
  for (const root of within.querySelectorAll('[data-pid]')) {
    const walker = document.createTreeWalker(root, NodeFilter.SHOW_TEXT);
    for (let node = walker.nextNode() as Text | null; node; node = walker.nextNode() as Text | null) {
      for (const match of node.data.matchAll(pattern)) found.push({ node, offset: match.index });
    }
  }
  const hit = found[nth];
  if (!hit) throw new Error(`"${word}" is not in the text`);
  return hit;
}

/**
 * Taps a word of the reading page. jsdom has no layout, so the browser's caret hit test
 * (`caretRangeFromPoint`, which the page asks for the tap point) is faked to land inside the
 * word; everything after it — the word's boundaries, its sentence, the sheet — is the page's own.
 * The e2e reader spec taps by coordinates in Chromium.
 */
export async function tapWord(word: string, options: { within?: ParentNode; nth?: number; inside?: number } = {}): Promise<void> {
  const { node, offset } = wordInText(word, options.within, options.nth);
  Object.defineProperty(document, 'caretRangeFromPoint', {
    configurable: true,
    value: () => {
      const range = document.createRange();
      range.setStart(node, offset + (options.inside ?? 1));
      return range;
    },
  });
  try {
    await userEvent.click(node.parentElement!);
  } finally {
    Reflect.deleteProperty(document, 'caretRangeFromPoint');
  }
}

/** The element of a marked word (word book, level, key word) of the reading page, or null when the word is plain text. */
export function markedWord(word: string, within: ParentNode = document): HTMLElement | null {
  return [...within.querySelectorAll<HTMLElement>('[data-pid] span.w')].find((s) => s.textContent === word) ?? null;
}

/** A paragraph element (`[data-pid]`) holding `html`, alone in the document, as the reader renders one. */
export function renderParagraph(html: string, pid = 'p1'): HTMLElement {
  const element = document.createElement('p');
  element.dataset.pid = pid;
  element.innerHTML = html;
  document.body.replaceChildren(element);
  return element;
}
