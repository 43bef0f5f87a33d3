import { describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { Note } from '@changdu/contract';
import { ok, type SeenRequest } from '../../test/api-mock';
import { makeDetail, makeParagraph } from '../../test/articles';
import { makeNote, wordInText } from '../../test/reader';
import { logIn, makeUser, renderApp } from '../../test/render-app';

// Raw HTML with extra whitespace: offsets count the server's collapsed `text`.
const paragraph = makeParagraph('p1', {
  html: 'They  <em>negotiated</em>\n a deal. It was   quiet.',
  text: 'They negotiated a deal. It was quiet.',
  sentences: [
    { id: 'p1-s1', text: 'They negotiated a deal.' },
    { id: 'p1-s2', text: 'It was quiet.' },
  ],
});
const article = makeDetail({ paragraphs: [paragraph, makeParagraph('p2')], me: { starred: false, finished: false } });
const QUIET = paragraph.text.indexOf('quiet');

/** The note the server would answer for a note.add body. */
function echo(request: SeenRequest) {
  const body = request.body as Partial<Note>;
  return ok(makeNote({ ...body, id: 7, mine: true } as Partial<Note>));
}

function open(handlers: Parameters<typeof renderApp>[1] = {}) {
  const user = makeUser();
  logIn(user);
  return renderApp('/article/12', {
    'GET /api/user/me': ok(user),
    'GET /reader/article/12/show': ok(article),
    'GET /reader/article/12/notes': ok({ list: [] }),
    'GET /reader/myword/review/article': ok({ list: [], next_offset: null }),
    'GET /reader/history/t': ok({ t: 'tok.sig', expires_in: 43200 }),
    'POST /reader/article/12/notes/add': echo,
    ...handlers,
  });
}

/** Selects from inside one word to inside another, as a reader dragging would, and lifts the finger. */
function select(fromWord: string, fromOffset: number, toWord: string, toOffset: number) {
  const paragraph = document.querySelector('[data-pid="p1"]')!;
  const from = wordInText(fromWord, paragraph.parentElement!);
  const to = wordInText(toWord, paragraph.parentElement!);
  const range = document.createRange();
  range.setStart(from.node, from.offset + fromOffset);
  range.setEnd(to.node, to.offset + toOffset);
  const selection = window.getSelection()!;
  selection.removeAllRanges();
  selection.addRange(range);
  fireEvent.mouseUp(paragraph);
}

describe('highlights and notes', () => {
  it('selecting text and choosing a colour saves a highlight anchored to its paragraph and drawn at once', async () => {
    const { api } = open();
    await screen.findByRole('heading', { level: 1 });
    select('was', 1, 'quiet', 2);
    const toolbar = await screen.findByRole('toolbar', { name: '划线工具' });
    await userEvent.click(within(toolbar).getByRole('radio', { name: '绿色' }));
    await waitFor(() => expect(api.to('POST /reader/article/12/notes/add')).toHaveLength(1));
    const body = api.to('POST /reader/article/12/notes/add')[0]?.body as Record<string, unknown>;
    expect(body).toMatchObject({
      text: 'was quiet',
      comment: '',
      root: 'p1',
      color: 'green',
      is_public: false,
      data: { start: QUIET - 4, end: QUIET + 5, sentence_id: 'p1-s2' },
    });
    expect(body.note_uuid).toMatch(/^[A-Za-z0-9-]{16,64}$/);
    await waitFor(() => expect(document.querySelectorAll('mark.hl[data-color="green"]').length).toBeGreaterThan(0));
    expect([...document.querySelectorAll('mark.hl')].map((m) => m.textContent).join('')).toBe('was   quiet');
    expect(screen.queryByRole('toolbar', { name: '划线工具' })).toBeNull();
  });

  it('写笔记 saves the trimmed comment with the chosen colour', async () => {
    const { api } = open();
    await screen.findByRole('heading', { level: 1 });
    select('negotiated', 0, 'deal', 4);
    await userEvent.click(await screen.findByRole('button', { name: '写笔记' }));
    const editor = await screen.findByRole('dialog', { name: '写笔记' });
    expect(within(editor).getByText('negotiated a deal')).toBeTruthy();
    await userEvent.type(within(editor).getByRole('textbox', { name: '笔记内容' }), '   They agreed.  ');
    await userEvent.click(within(editor).getByRole('radio', { name: '蓝色' }));
    await userEvent.click(within(editor).getByRole('button', { name: '保存' }));
    await waitFor(() => expect(api.to('POST /reader/article/12/notes/add')).toHaveLength(1));
    expect(api.to('POST /reader/article/12/notes/add')[0]?.body).toMatchObject({
      text: 'negotiated a deal',
      comment: 'They agreed.',
      color: 'blue',
      root: 'p1',
      data: { start: 5, end: 22, sentence_id: 'p1-s1' },
    });
    await waitFor(() => expect(screen.queryByRole('dialog', { name: '写笔记' })).toBeNull());
  });

  it('restores saved highlights from paragraph and offsets after a reload', async () => {
    open({
      'GET /reader/article/12/notes': ok({
        list: [makeNote({ note_uuid: 'n-9', text: 'quiet', color: 'pink', data: { start: QUIET, end: QUIET + 5 } })],
      }),
    });
    await waitFor(() => expect(document.querySelector('mark.hl[data-note="n-9"]')?.textContent).toBe('quiet'));
    expect(document.querySelector('mark.hl')?.getAttribute('data-color')).toBe('pink');
    expect(document.querySelector('mark.hl')?.closest('[data-pid]')?.getAttribute('data-pid')).toBe('p1');
  });

  it('asks a logged-out reader to log in instead of saving', async () => {
    const { api } = renderApp('/article/12', { 'GET /reader/article/12/show': ok(article) });
    await screen.findByRole('heading', { level: 1 });
    select('was', 0, 'quiet', 5);
    await userEvent.click(within(await screen.findByRole('toolbar', { name: '划线工具' })).getByRole('radio', { name: '黄色' }));
    const prompt = await screen.findByRole('dialog', { name: '登录后继续' });
    expect(within(prompt).getByRole('link', { name: '登录' }).getAttribute('href')).toBe('/Login?redirect=%2Farticle%2F12');
    expect(api.to('POST /reader/article/12/notes/add')).toHaveLength(0);
  });

  it('复制 copies the selected text', async () => {
    const writeText = vi.fn().mockResolvedValue(undefined);
    vi.stubGlobal('navigator', { ...navigator, clipboard: { writeText } });
    renderApp('/article/12', { 'GET /reader/article/12/show': ok(article) });
    await screen.findByRole('heading', { level: 1 });
    select('It', 0, 'quiet', 5);
    await userEvent.click(await screen.findByRole('button', { name: '复制' }));
    expect(writeText).toHaveBeenCalledWith('It was quiet');
    expect(await screen.findByText('已复制')).toBeTruthy();
  });
});

describe('the notes panel', () => {
  const mine = makeNote({ note_uuid: 'mine-1', text: 'quiet', comment: '安静', data: { start: QUIET, end: QUIET + 5 } });
  const theirs = makeNote({
    id: 2,
    note_uuid: 'theirs-1',
    text: 'negotiated a deal',
    comment: '好句子',
    mine: false,
    is_public: true,
    user: { id: 9, username: '小林' },
    data: { start: 5, end: 22 },
  });

  it('lists my notes, and in a tab the public notes of other readers with their names', async () => {
    const { api } = open({
      'GET /reader/article/12/notes': ok({ list: [mine] }),
      'GET /reader/article/12/notes/all': ok({ list: [mine, theirs], counts: { mine: 1, public: 1 } }),
    });
    await screen.findByRole('heading', { level: 1 });
    await userEvent.click(screen.getByRole('button', { name: '笔记' }));
    const panel = await screen.findByRole('dialog', { name: '笔记' });
    expect(within(panel).getByText('安静')).toBeTruthy();
    await userEvent.click(within(panel).getByRole('tab', { name: /大家的笔记/ }));
    const others = within(panel).getByRole('tabpanel', { name: '大家的笔记' });
    expect(await within(others).findByText('小林')).toBeTruthy();
    expect(within(others).getByText('好句子')).toBeTruthy();
    expect(within(others).queryByText('安静')).toBeNull();
    expect(within(panel).getByRole('tab', { name: /大家的笔记/ }).textContent).toContain('1');
    expect(api.to('GET /reader/article/12/notes/all')).toHaveLength(1);
  });

  it('deletes a note after a confirmation, and it leaves the text', async () => {
    const { api } = open({
      'GET /reader/article/12/notes': ok({ list: [mine] }),
      'GET /reader/article/12/notes/all': ok({ list: [mine], counts: { mine: 1, public: 0 } }),
      'POST /reader/article/notes/12/delete': ok({ ok: true }),
    });
    await waitFor(() => expect(document.querySelector('mark.hl[data-note="mine-1"]')).not.toBeNull());
    await userEvent.click(screen.getByRole('button', { name: '笔记' }));
    const panel = await screen.findByRole('dialog', { name: '笔记' });
    await userEvent.click(within(panel).getByRole('button', { name: '删除' }));
    expect(api.to('POST /reader/article/notes/12/delete')).toHaveLength(0);
    await userEvent.click(within(panel).getByRole('button', { name: '确认删除' }));
    await waitFor(() => expect(api.to('POST /reader/article/notes/12/delete')).toHaveLength(1));
    expect(api.to('POST /reader/article/notes/12/delete')[0]?.body).toEqual({ note_uuid: 'mine-1' });
    await waitFor(() => expect(document.querySelector('mark.hl')).toBeNull());
  });

  it('the 公开 switch saves the note as public under the same uuid', async () => {
    const { api } = open({
      'GET /reader/article/12/notes': ok({ list: [mine] }),
      'GET /reader/article/12/notes/all': ok({ list: [mine], counts: { mine: 1, public: 0 } }),
    });
    await screen.findByRole('heading', { level: 1 });
    await userEvent.click(screen.getByRole('button', { name: '笔记' }));
    const panel = await screen.findByRole('dialog', { name: '笔记' });
    await userEvent.click(within(panel).getByRole('switch', { name: '公开' }));
    await waitFor(() => expect(api.to('POST /reader/article/12/notes/add')).toHaveLength(1));
    expect(api.to('POST /reader/article/12/notes/add')[0]?.body).toMatchObject({
      note_uuid: 'mine-1',
      is_public: true,
      comment: '安静',
      root: 'p1',
      data: { start: QUIET, end: QUIET + 5 },
    });
  });
});
