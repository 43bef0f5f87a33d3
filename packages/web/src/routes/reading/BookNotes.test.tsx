import { describe, expect, it } from 'vitest';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { BookNote, NotedBook } from '@changdu/contract';
import { ok } from '../../test/api-mock';
import { makeBookCard } from '../../test/books';
import { logIn, makeUser, renderApp } from '../../test/render-app';

const note = (n: number, chapter: number, text: string): BookNote => ({
  id: n,
  note_uuid: `bn-${n}`,
  book_id: 5,
  chapter,
  text,
  comment: n === 1 ? '好句子' : '',
  root: `p${n}`,
  tag: null,
  color: 'yellow',
  data: {},
  created_at: '2026-11-20T08:00:00.000Z',
  updated_at: '2026-11-20T08:00:00.000Z',
});

const noted: NotedBook = {
  book: makeBookCard({ chapter_count: 3 }),
  note_count: 4,
  last_noted_at: '2026-11-20T08:00:00.000Z',
  notes: [note(1, 0, 'The little boat waited'), note(2, 1, 'The wind rose'), note(3, 1, 'Nobody slept'), note(4, 2, 'The sea was calm')],
};

describe('我的笔记 · 书', () => {
  it('groups my book notes by book; each links back to its passage in the book reader', async () => {
    const user = makeUser();
    logIn(user);
    const { router } = renderApp('/mynote', {
      'GET /api/user/me': ok(user),
      'GET /reader/mynote': ok({ list: [], next_offset: null }),
      'GET /reader/book/mynote': ok({ list: [noted], next_offset: null }),
    });
    await userEvent.click(await screen.findByRole('tab', { name: '书' }));
    expect(router.state.location.search).toBe('?tab=book');
    const list = await screen.findByRole('list', { name: '做过笔记的书' });
    expect(within(list).getByRole('heading', { name: 'Harbour Tales' })).toBeTruthy();
    expect(within(list).getByText('4 条笔记')).toBeTruthy();
    expect(within(list).getByText('好句子')).toBeTruthy();
    const passage = within(list).getByRole('link', { name: '“The wind rose”' });
    expect(passage.getAttribute('href')).toBe('/book/5/read?chapter=1&p=p2');
    // Three shown; the rest on asking.
    expect(within(list).queryByText('“The sea was calm”')).toBeNull();
    await userEvent.click(within(list).getByRole('button', { name: '展开全部 4 条' }));
    expect(within(list).getByRole('link', { name: '“The sea was calm”' }).getAttribute('href')).toBe('/book/5/read?chapter=2&p=p4');
  });

  it('says how to make one when there are none', async () => {
    const user = makeUser();
    logIn(user);
    renderApp('/mynote?tab=book', {
      'GET /api/user/me': ok(user),
      'GET /reader/book/mynote': ok({ list: [], next_offset: null }),
    });
    expect(await screen.findByText('还没有书中的笔记。读书时选中文字，就能划线或写下想法')).toBeTruthy();
  });
});
