import { describe, expect, it, vi } from 'vitest';
import { EARLY_SHEET_ID, wordSheetPendingHtml } from '@changdu/contract';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { fail, ok } from '../../test/api-mock';
import { makeDetail, makeParagraph } from '../../test/articles';
import { makeBookWord, makeEntry, markedWord, tapWord } from '../../test/reader';
import { logIn, makeUser, renderApp } from '../../test/render-app';

const paragraph = makeParagraph('p1', {
  html: 'They <em>negotiated</em> a deal. It was quiet.',
  text: 'They negotiated a deal. It was quiet.',
  sentences: [
    { id: 'p1-s1', text: 'They negotiated a deal.' },
    { id: 'p1-s2', text: 'It was quiet.' },
  ],
});
const article = makeDetail({ paragraphs: [paragraph], words: [{ word: 'deal', resolve: '交易；这里指谈判达成的协议', tag: null }] });

/** A marked word's element (word book, level, key word). */
const marked = (text: string) => markedWord(text)!;

function loggedIn(handlers: Parameters<typeof renderApp>[1] = {}) {
  const user = makeUser();
  logIn(user);
  return renderApp('/article/12', {
    'GET /api/user/me': ok(user),
    'GET /reader/article/12/show': ok({ ...article, me: { starred: false, finished: false } }),
    'GET /reader/article/12/notes': ok({ list: [] }),
    'GET /reader/myword/review/article': ok({ list: [], next_offset: null }),
    'GET /reader/history/t': ok({ t: 'tok.sig', expires_in: 43200 }),
    ...handlers,
  });
}

describe('tapping a word', () => {
  it('looks it up with the sentence it sits in and shows the Chinese meaning and the form it is of', async () => {
    const { api } = renderApp('/article/12', {
      'GET /reader/article/12/show': ok(article),
      'GET /api/english/word': ok(makeEntry()),
    });
    await screen.findByRole('heading', { level: 1 });
    await tapWord('negotiated');
    // Titled by the headword once the dictionary answers.
    const sheet = await screen.findByRole('dialog', { name: 'negotiate' });
    expect(await within(sheet).findByText('商议, 谈判, 交涉')).toBeTruthy();
    const [lookup] = api.to('GET /api/english/word');
    expect(lookup?.query.get('word')).toBe('negotiated');
    expect(lookup?.query.get('sentence')).toBe('They negotiated a deal.');
    expect(within(sheet).getByText(/的过去式\/过去分词/).textContent).toBe('negotiated 是 negotiate 的过去式/过去分词');
    expect(within(sheet).getByText('/nɪˈɡəʊʃieɪt/')).toBeTruthy();
    expect(within(sheet).getByText('discuss the terms of an arrangement')).toBeTruthy();
    expect(within(sheet).getByText('CET-6')).toBeTruthy();
    // Logged out: a way to log in instead of the button.
    expect(within(sheet).getByRole('link', { name: '登录后加入生词本' }).getAttribute('href')).toBe('/Login?redirect=%2Farticle%2F12');
  });

  it('shows the server’s message, with its suggestions, for a word the dictionary lacks', async () => {
    const message = '词典里没有找到“Zorbly”。你要找的是不是：sorbly？';
    renderApp('/article/12', {
      'GET /reader/article/12/show': ok(
        makeDetail({ paragraphs: [makeParagraph('p1', { html: 'Zorbly winds.', text: 'Zorbly winds.' })] }),
      ),
      'GET /api/english/word': ok({ found: false, query: 'Zorbly', suggestions: ['sorbly'], message }),
    });
    await screen.findByRole('heading', { level: 1 });
    await tapWord('Zorbly');
    expect(await screen.findByText(message)).toBeTruthy();
    expect(screen.queryByRole('button', { name: '加入生词本' })).toBeNull();
  });

  it('shows an error’s message in the sheet when the lookup fails', async () => {
    renderApp('/article/12', {
      'GET /reader/article/12/show': ok(
        makeDetail({ paragraphs: [makeParagraph('p1', { html: 'Zorbly winds.', text: 'Zorbly winds.' })] }),
      ),
      'GET /api/english/word': fail(503, '查词暂时不可用'),
    });
    await screen.findByRole('heading', { level: 1 });
    await tapWord('Zorbly');
    expect(await screen.findByText('查词暂时不可用')).toBeTruthy();
  });

  it('adds the tapped form to the word book with its sentence and the article (the server resolves it as the sheet did)', async () => {
    const { api } = loggedIn({
      'GET /api/english/word': ok(makeEntry()),
      'POST /reader/myword': ok({ ...makeBookWord(), added: true }),
    });
    await screen.findByRole('heading', { level: 1 });
    await tapWord('negotiated');
    await userEvent.click(await screen.findByRole('button', { name: '加入生词本' }));
    await waitFor(() => expect(api.to('POST /reader/myword')).toHaveLength(1));
    expect(api.to('POST /reader/myword')[0]?.body).toEqual({ word: 'negotiated', sentence: 'They negotiated a deal.', article_id: 12 });
    // Said once, in the sheet (a status line), not by a toast laid over the exam tags.
    expect((await screen.findByRole('status')).textContent).toContain('已加入生词本');
    expect(screen.getAllByText(/已加入生词本/)).toHaveLength(1);
  });

  it('shows the meanings of the part of speech in the sentence first, the others folded, IPA by variety', async () => {
    loggedIn({ 'GET /api/english/word': ok(makeEntry()) });
    await screen.findByRole('heading', { level: 1 });
    await tapWord('negotiated');
    const shown = await screen.findByRole('list', { name: '中文释义' });
    expect(shown.textContent).toContain('商议, 谈判, 交涉');
    expect(shown.textContent).not.toContain('谈判者');
    expect(screen.getByText('在本句中作动词')).toBeTruthy();
    const more = screen.getByText('其他释义（1）').closest('details')!;
    expect(more.open).toBe(false);
    expect(more.textContent).toContain('谈判者');
    expect(screen.getByText('英').parentElement!.textContent).toBe('英/nɪˈɡəʊʃieɪt/');
    expect(screen.getByText('美').parentElement!.textContent).toBe('美/nɪˈɡoʊʃiˌeɪt/');
  });

  it('explains a function word for a learner', async () => {
    loggedIn({
      'GET /api/english/word': ok(
        makeEntry({
          word: 'the',
          query: 'the',
          form_of: null,
          meanings: [{ pos: 'art.', text: '这, 那（定冠词）', fits: true }],
          definition: null,
          definitions: [],
          function_note: '定冠词：指说话双方都知道的人和事物。',
        }),
      ),
    });
    await screen.findByRole('heading', { level: 1 });
    await tapWord('negotiated');
    expect((await screen.findByLabelText('用法说明')).textContent).toContain('定冠词');
    expect(screen.queryByText(/其他释义/)).toBeNull();
  });

  it('says 已在生词本 for a word the dictionary knows is in the book', async () => {
    loggedIn({ 'GET /api/english/word': ok(makeEntry({ in_wordbook: true })) });
    await screen.findByRole('heading', { level: 1 });
    await tapWord('negotiated');
    expect(await screen.findByText('已在生词本')).toBeTruthy();
    expect(screen.queryByRole('button', { name: '加入生词本' })).toBeNull();
  });

  it('the italic summary is tapped and marked like body text', async () => {
    const withSummary = {
      ...article,
      me: { starred: false, finished: false },
      summary: 'Diplomats met in secret. They negotiated for weeks.',
    };
    const { api } = loggedIn({
      'GET /reader/article/12/show': ok(withSummary),
      'GET /reader/myword/review/article': ok({ list: [makeBookWord()], next_offset: null }),
      'GET /api/english/word': ok(makeEntry()),
    });
    await screen.findByRole('heading', { level: 1 });
    const summary = document.querySelector('.reader-summary')!;
    await waitFor(() => expect(markedWord('negotiated', summary)?.className).toContain('w-book'));
    await tapWord('negotiated', { within: summary });
    await screen.findByRole('dialog', { name: 'negotiate' });
    const lookup = api.to('GET /api/english/word').at(-1);
    expect(lookup?.query.get('word')).toBe('negotiated');
    expect(lookup?.query.get('sentence')).toBe('They negotiated for weeks.');
  });

  it('marks word-book words by state, and a due one offers the four ratings and records the review with the time spent', async () => {
    let clock = 1_700_000_000_000;
    vi.spyOn(Date, 'now').mockImplementation(() => clock);
    const { api } = loggedIn({
      'GET /reader/myword/review/article': ok({ list: [makeBookWord()], next_offset: null }),
      'GET /api/english/word': ok(makeEntry({ in_wordbook: true })),
      'POST /reader/myword/41/review': ok(makeBookWord({ due: '2099-01-01T00:00:00.000Z' })),
    });
    await screen.findByRole('heading', { level: 1 });
    await waitFor(() => expect(markedWord('negotiated')?.className).toBe('w w-book w-review w-due'));
    expect(api.to('GET /reader/myword/review/article')[0]?.query.get('article_id')).toBe('12');

    await tapWord('negotiated');
    const ratings = await screen.findByRole('group', { name: '复习这个词' });
    expect(
      within(ratings)
        .getAllByRole('button')
        .map((b) => b.getAttribute('aria-label')),
    ).toEqual(['忘记 · 10分钟', '模糊 · 1天', '记得 · 3天', '简单 · 8天']);
    clock += 4200;
    await userEvent.click(within(ratings).getByRole('button', { name: '记得 · 3天' }));
    await waitFor(() => expect(api.to('POST /reader/myword/41/review')).toHaveLength(1));
    // With the reps the reader saw: a retried or queued-offline review counts once.
    expect(api.to('POST /reader/myword/41/review')[0]?.body).toEqual({ rating: 3, spent: 4200, reps: 3 });
    expect(await screen.findByText(/已复习 · 记得，3天后再见/)).toBeTruthy();
  });

  it('a word not yet due offers no ratings', async () => {
    loggedIn({
      'GET /reader/myword/review/article': ok({ list: [makeBookWord({ due: '2099-01-01T00:00:00.000Z' })], next_offset: null }),
      'GET /api/english/word': ok(makeEntry({ in_wordbook: true })),
    });
    await screen.findByRole('heading', { level: 1 });
    await waitFor(() => expect(markedWord('negotiated')?.className).toBe('w w-book w-review'));
    await tapWord('negotiated');
    expect(await screen.findByText('已在生词本')).toBeTruthy();
    expect(screen.queryByRole('group', { name: '复习这个词' })).toBeNull();
  });
});

describe('level words and key words', () => {
  it('the level chooser asks for the level’s words, marks their forms, and is remembered', async () => {
    const { api } = renderApp('/article/12', {
      'GET /reader/article/12/show': ok(article),
      'GET /reader/article/12/level_words': ok({
        level: 'C6',
        list: [{ word: 'negotiate', forms: ['negotiated'], phonetic: null, meaning: 'v. 谈判' }],
      }),
    });
    await screen.findByRole('heading', { level: 1 });
    expect(markedWord('negotiated')).toBeNull();
    await userEvent.click(screen.getByRole('button', { name: '阅读设置' }));
    const chooser = screen.getByRole('radiogroup', { name: '生词标注' });
    expect(
      within(chooser)
        .getAllByRole('radio')
        .map((r) => r.textContent),
    ).toEqual(['无', '四级/高考', '六级/考研', '专四', '专八', '雅思']);
    await userEvent.click(within(chooser).getByRole('radio', { name: '六级/考研' }));
    await waitFor(() => expect(marked('negotiated').classList.contains('w-level')).toBe(true));
    expect(api.to('GET /reader/article/12/level_words')[0]?.query.get('level')).toBe('C6');
    expect(marked('deal').classList.contains('w-level')).toBe(false);
    expect(screen.getByText('已标出超出六级/考研的 1 个词，点词看释义')).toBeTruthy();
    expect(localStorage.getItem('cd_reader_level')).toBe('C6');

    await userEvent.click(within(chooser).getByRole('radio', { name: '无' }));
    await waitFor(() => expect(markedWord('negotiated')).toBeNull());
    expect(localStorage.getItem('cd_reader_level')).toBeNull();
  });

  it('marks the article’s key words in the text and lists them with the editor’s explanation at the end', async () => {
    renderApp('/article/12', {
      'GET /reader/article/12/show': ok(article),
      'GET /api/english/word': ok({ found: false, query: 'deal', suggestions: [], message: '没有找到' }),
    });
    await screen.findByRole('heading', { level: 1 });
    expect(marked('deal').classList.contains('w-key')).toBe(true);
    const section = screen.getByRole('region', { name: '本文重点词汇' });
    expect(within(section).getByText('交易；这里指谈判达成的协议')).toBeTruthy();
    await tapWord('deal');
    const sheet = await screen.findByRole('dialog', { name: 'deal' });
    expect(within(sheet).getByRole('region', { name: '本文讲解' }).textContent).toContain('交易；这里指谈判达成的协议');
  });

  it('remembers the text size', async () => {
    renderApp('/article/12', { 'GET /reader/article/12/show': ok(article) });
    await screen.findByRole('heading', { level: 1 });
    await userEvent.click(screen.getByRole('button', { name: '阅读设置' }));
    const sizes = screen.getByRole('radiogroup', { name: '字号' });
    expect(within(sizes).getByRole('radio', { name: '标准' }).getAttribute('aria-checked')).toBe('true');
    expect((document.querySelector('article.reader') as HTMLElement).style.getPropertyValue('--reader-scale')).toBe('1');
    await userEvent.click(within(sizes).getByRole('radio', { name: '特大' }));
    expect((document.querySelector('article.reader') as HTMLElement).style.getPropertyValue('--reader-scale')).toBe('1.25');
    expect(localStorage.getItem('cd_reader_font')).toBe('3');
  });
});

describe('a tap made before the app started', () => {
  it('on the server-drawn text opens the word sheet for that word once the reader mounts', async () => {
    // What the first screen's script keeps: the paragraph, its text as drawn, and the tap's offset (inside "negotiated").
    window.__cdEarlyTap = { pid: 'p1', text: 'They negotiated a deal. It was quiet.', offset: 8 };
    const { api } = renderApp('/article/12', {
      'GET /reader/article/12/show': ok(article),
      'GET /api/english/word': ok(makeEntry()),
    });
    const sheet = await screen.findByRole('dialog', { name: 'negotiate' });
    expect(sheet).toBeTruthy();
    const [lookup] = api.to('GET /api/english/word');
    expect(lookup?.query.get('word')).toBe('negotiated');
    expect(lookup?.query.get('sentence')).toBe('They negotiated a deal.');
    // Answered once: the script keeps no more taps and the reader does not open it again.
    expect(window.__cdEarlyTap).toBeNull();
  });

  it('replaces the sheet the first screen opened with its own, where it was, and later sheets slide in as usual', async () => {
    window.__cdEarlyTap = { pid: 'p1', text: 'They negotiated a deal. It was quiet.', offset: 8 };
    document.body.insertAdjacentHTML('beforeend', wordSheetPendingHtml('negotiated'));
    renderApp('/article/12', {
      'GET /reader/article/12/show': ok(article),
      'GET /api/english/word': ok(makeEntry()),
    });
    const sheet = await screen.findByRole('dialog', { name: 'negotiate' });
    // One sheet: the script's is gone, and the reader's does not slide in a second time.
    expect(document.getElementById(EARLY_SHEET_ID)).toBeNull();
    expect(document.querySelectorAll('.word-sheet')).toHaveLength(1);
    expect(sheet.classList.contains('modal-settled')).toBe(true);
    expect(document.querySelector('.modal-backdrop')!.classList.contains('modal-settled')).toBe(true);
    await userEvent.click(within(sheet).getByRole('button', { name: '关闭' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    await tapWord('deal');
    const next = await screen.findByRole('dialog');
    expect(next.classList.contains('modal-settled')).toBe(false);
  });

  it('between two words (after a full stop) opens nothing', async () => {
    window.__cdEarlyTap = { pid: 'p1', text: 'They negotiated a deal. It was quiet.', offset: 23 };
    const { api } = renderApp('/article/12', { 'GET /reader/article/12/show': ok(article) });
    await screen.findByRole('heading', { level: 1 });
    await waitFor(() => expect(window.__cdEarlyTap).toBeNull());
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(api.to('GET /api/english/word')).toHaveLength(0);
  });
});
