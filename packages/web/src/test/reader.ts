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
    definition: 'discuss the terms of an arrangement',
    definitions: ['discuss the terms of an arrangement', 'succeed in doing, achieving, or producing'],
    function_note: null,
    inflections: [{ label: '现在分词', form: 'negotiating' }],
    exams: ['CET-6', '考研'],
    frequency: 2541,
    in_wordbook: false,
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
