import { describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { ok } from '../../test/api-mock';
import { makeDetail, makeParagraph } from '../../test/articles';
import { makeBookWord, makeEntry, tapWord } from '../../test/reader';
import { logIn, makeUser, renderApp } from '../../test/render-app';

const sentence = 'After three tries he finally gave up.';
const article = makeDetail({
  paragraphs: [makeParagraph('p1', { html: sentence, text: sentence, sentences: [{ id: 'p1-s1', text: sentence }] })],
});
const gave = makeEntry({
  word: 'give',
  query: 'gave',
  form_of: { label: '过去式', form: 'gave' },
  meanings: [{ pos: 'vt.', text: '给, 赠送', fits: true }],
  phrase: { text: 'give up', meanings: [{ pos: null, text: '放弃, 停止' }], definition: 'stop maintaining or insisting on' },
});

describe('a word inside a phrase', () => {
  it('shows the phrase above the word, with its meanings, and adds it to the word book as a phrase card', async () => {
    logIn(makeUser());
    const { api } = renderApp('/article/12', {
      'GET /api/user/me': ok(makeUser()),
      'GET /reader/article/12/show': ok({ ...article, me: { starred: false, finished: false } }),
      'GET /reader/article/12/notes': ok({ list: [] }),
      'GET /reader/myword/review/article': ok({ list: [], next_offset: null }),
      'GET /reader/history/t': ok({ t: 'tok.sig', expires_in: 43200 }),
      'GET /api/english/word': ok(gave),
      'POST /reader/myword': ok({ ...makeBookWord({ word: 'give up', meaning: '放弃, 停止' }), added: true }),
    });
    await screen.findByRole('heading', { level: 1 });
    await tapWord('gave');
    const sheet = await screen.findByRole('dialog', { name: 'give' });
    const phrase = await within(sheet).findByRole('region', { name: '本句短语' });
    expect(phrase.textContent).toContain('give up');
    expect(within(phrase).getByRole('list', { name: '短语释义' }).textContent).toBe('放弃, 停止');
    // Above the word's own meanings.
    const wordMeanings = within(sheet).getByRole('list', { name: '中文释义' });
    expect(phrase.compareDocumentPosition(wordMeanings) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();

    await userEvent.click(within(phrase).getByRole('button', { name: '加入短语' }));
    await waitFor(() => expect(api.to('POST /reader/myword')).toHaveLength(1));
    expect(api.to('POST /reader/myword')[0]?.body).toEqual({ word: 'give up', sentence, article_id: 12 });
    expect((await within(phrase).findByRole('status')).textContent).toContain('短语已加入生词本');
    // The word's own button is still there for the word alone.
    expect(within(sheet).getByRole('button', { name: '加入生词本' })).toBeTruthy();
  });

  it('shows no phrase for a word that stands alone', async () => {
    renderApp('/article/12', {
      'GET /reader/article/12/show': ok(article),
      'GET /api/english/word': ok(makeEntry({ word: 'give', query: 'gave' })),
    });
    await screen.findByRole('heading', { level: 1 });
    await tapWord('gave');
    await screen.findByRole('list', { name: '中文释义' });
    expect(screen.queryByRole('region', { name: '本句短语' })).toBeNull();
  });
});
