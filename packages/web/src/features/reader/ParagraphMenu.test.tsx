import { describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { Note } from '@changdu/contract';
import { ok, type SeenRequest } from '../../test/api-mock';
import { makeDetail, makeParagraph } from '../../test/articles';
import { makeEntry, makeNote, tapWord } from '../../test/reader';
import { logIn, makeUser, renderApp } from '../../test/render-app';

const first = makeParagraph('p1', {
  html: 'They <em>negotiated</em> a deal. It was quiet.',
  text: 'They negotiated a deal. It was quiet.',
  sentences: [
    { id: 'p1-s1', text: 'They negotiated a deal.' },
    { id: 'p1-s2', text: 'It was quiet.' },
  ],
});
const second = makeParagraph('p2', {
  html: 'The river rose in spring.',
  text: 'The river rose in spring.',
  sentences: [{ id: 'p2-s1', text: 'The river rose in spring.' }],
});
const heading = makeParagraph('h-1', { kind: 'h2', html: 'Spring', text: 'Spring', sentences: [] });
const article = makeDetail({ paragraphs: [first, heading, second], me: { starred: false, finished: false } });

function echo(request: SeenRequest) {
  return ok(makeNote({ ...(request.body as Partial<Note>), id: 9, mine: true } as Partial<Note>));
}

function open(handlers: Parameters<typeof renderApp>[1] = {}) {
  logIn(makeUser());
  return renderApp('/article/12', {
    'GET /reader/article/12/show': ok(article),
    'GET /reader/article/12/notes': ok({ list: [] }),
    'GET /reader/myword/review/article': ok({ list: [], next_offset: null }),
    'GET /reader/history/t': ok({ t: 'tok.sig', expires_in: 43200 }),
    ...handlers,
  });
}

const handles = () => screen.getAllByRole('button', { name: '段落菜单' });

describe('the paragraph menu', () => {
  it('gives each text paragraph a handle beside it, outside the paragraph’s own text (headings have none)', async () => {
    open();
    await screen.findByRole('heading', { level: 1 });
    expect(handles().map((h) => h.getAttribute('data-para-menu'))).toEqual(['p1', 'p2']);
    // The paragraph element holds only its text, so offsets and copies never see the handle.
    expect(document.querySelector('[data-pid="p1"]')!.textContent).toBe('They negotiated a deal. It was quiet.');
    expect(handles()[0]!.nextElementSibling?.getAttribute('data-pid')).toBe('p1');
  });

  it('translates the whole paragraph in the AI sheet', async () => {
    const { api } = open({
      'POST /api/english/trans': ok({
        text: first.text,
        translation: '他们谈成了一笔交易。四下很安静。',
        from: 'ai',
        article_id: 12,
        paragraph_id: 'p1',
        offline: true,
        model: null,
        cached: false,
      }),
    });
    await screen.findByRole('heading', { level: 1 });
    await userEvent.click(handles()[0]!);
    const toolbar = screen.getByRole('toolbar', { name: '段落工具' });
    await userEvent.click(within(toolbar).getByRole('button', { name: '翻译' }));
    const sheet = await screen.findByRole('dialog', { name: '翻译' });
    expect(await within(sheet).findByText('他们谈成了一笔交易。四下很安静。')).toBeTruthy();
    expect(within(sheet).getByText(first.text)).toBeTruthy();
    expect(api.to('POST /api/english/trans')[0]?.body).toEqual({ text: first.text });
    expect(screen.queryByRole('toolbar', { name: '段落工具' })).toBeNull();
  });

  it('asks AI about the paragraph it was opened on, and highlights the whole paragraph from the same toolbar', async () => {
    const { api } = open({ 'POST /reader/article/12/notes/add': echo });
    await screen.findByRole('heading', { level: 1 });
    await userEvent.click(handles()[1]!);
    await userEvent.click(within(screen.getByRole('toolbar', { name: '段落工具' })).getByRole('button', { name: '问 AI' }));
    const sheet = await screen.findByRole('dialog', { name: '问 AI' });
    expect(within(sheet).getByText(second.text)).toBeTruthy();
    await userEvent.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('dialog', { name: '问 AI' })).toBeNull());

    await userEvent.click(handles()[0]!);
    await userEvent.click(within(screen.getByRole('toolbar', { name: '段落工具' })).getByRole('radio', { name: '绿色' }));
    await waitFor(() => expect(api.to('POST /reader/article/12/notes/add')).toHaveLength(1));
    const body = api.to('POST /reader/article/12/notes/add')[0]!.body as Record<string, unknown>;
    expect(body).toMatchObject({ root: 'p1', text: first.text, color: 'green', data: { start: 0, end: first.text.length } });
  });

  it('closes on a second tap of its handle or a tap elsewhere, and leaves word taps to the word sheet', async () => {
    const { api } = open({ 'GET /api/english/word': ok(makeEntry({ word: 'river', query: 'river', form_of: null })) });
    await screen.findByRole('heading', { level: 1 });
    await userEvent.click(handles()[0]!);
    expect(screen.getByRole('toolbar', { name: '段落工具' })).toBeTruthy();
    await userEvent.click(handles()[0]!);
    expect(screen.queryByRole('toolbar', { name: '段落工具' })).toBeNull();

    await userEvent.click(handles()[1]!);
    expect(screen.getByRole('toolbar', { name: '段落工具' })).toBeTruthy();
    await tapWord('river');
    expect(screen.queryByRole('toolbar', { name: '段落工具' })).toBeNull();
    expect(await screen.findByRole('dialog', { name: 'river' })).toBeTruthy();
    expect(api.to('GET /api/english/word')[0]?.query.get('word')).toBe('river');
  });
});
