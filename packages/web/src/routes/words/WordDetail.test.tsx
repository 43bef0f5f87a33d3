import { describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { Output } from '../../api/client';
import { fail, ok } from '../../test/api-mock';
import { logIn, makeUser, renderApp } from '../../test/render-app';
import { intervals, NOW, wordItem } from './test-cards';

const user = makeUser();

function detail(): Output<'words.detail'> {
  return {
    item: wordItem(3, 'negotiate', { state: 'review', reps: 4, lapses: 1, due: new Date(Date.now() + 5 * 86_400_000).toISOString() }),
    entry: {
      word: 'negotiate',
      query: 'negotiate',
      form_of: null,
      pos_in_context: null,
      sense_sure: true,
      phonetic: "ni'gәuʃieit",
      meanings: [
        { pos: 'v.', text: '谈判, 协商', fits: true },
        { pos: null, text: '[经] 议付', fits: false },
      ],
      phonetics: [{ variant: 'UK', ipa: 'nɪˈɡəʊʃieɪt' }],
      definition: 'discuss the terms of an arrangement',
      definitions: ['discuss the terms of an arrangement'],
      function_note: null,
      inflections: [
        { label: '过去式', form: 'negotiated' },
        { label: '现在分词', form: 'negotiating' },
      ],
      exams: ['CET-4', '考研'],
      frequency: 4000,
      in_wordbook: true,
      phrase: null,
    },
    contexts: [
      {
        sentence: 'Unions negotiated a new contract.',
        article_id: 12,
        article_title: 'Labour Pains',
        source: 'article',
        form: null,
        created_at: new Date(NOW).toISOString(),
      },
      {
        sentence: 'It is hard to negotiate with a toddler.',
        article_id: 7,
        article_title: 'Family Matters',
        source: 'article',
        form: null,
        created_at: new Date(NOW).toISOString(),
      },
    ],
    reviews: [
      { rating: 1, label: '忘记', state: 'review', review: new Date(NOW).toISOString(), scheduled_days: 0, spent: 6000 },
      { rating: 3, label: '记得', state: 'learning', review: new Date(NOW - 86_400_000).toISOString(), scheduled_days: 3, spent: 4000 },
    ],
    intervals: intervals().map((i, n) => ({ ...i, interval: ['10 分钟', '4 天', '9 天', '21 天'][n]! })),
  };
}

function openDetail(handlers: Parameters<typeof renderApp>[1] = {}) {
  logIn(user);
  return renderApp('/myword/negotiate/show', {
    'GET /api/user/me': ok(user),
    'GET /reader/myword/detail': ok(detail()),
    ...handlers,
  });
}

describe('word page (/myword/{word}/show)', () => {
  it('shows the entry, every sentence with the word marked and a link to its article, and the schedule', async () => {
    const { api } = openDetail();
    const heading = await screen.findByRole('heading', { name: /例句/ });
    expect(api.to('GET /reader/myword/detail')[0]?.query.get('word')).toBe('negotiate');
    expect(heading.textContent).toBe('例句 · 2');
    const section = heading.closest('section')!;
    expect([...section.querySelectorAll('mark')].map((m) => m.textContent)).toEqual(['negotiated', 'negotiate']);
    expect(within(section).getByRole('link', { name: '《Labour Pains》' }).getAttribute('href')).toBe('/article/12');
    expect(within(section).getByRole('link', { name: '《Family Matters》' }).getAttribute('href')).toBe('/article/7');

    const entry = screen.getByRole('region', { name: '释义' });
    expect(within(entry).getByText("/ni'gәuʃieit/")).toBeTruthy();
    expect(within(entry).getByText('CET-4')).toBeTruthy();
    expect(within(entry).getByText('discuss the terms of an arrangement')).toBeTruthy();
    expect(within(entry).getByText('negotiating')).toBeTruthy();

    const next = within(screen.getByRole('list', { name: '各评分的下次间隔' })).getAllByRole('listitem');
    expect(next.map((li) => li.textContent)).toEqual(['忘记10 分钟', '模糊4 天', '记得9 天', '简单21 天']);
    expect(screen.getByTestId('word-next-due').textContent).toBe('5 天后');

    const history = screen.getByRole('heading', { name: '复习记录' }).closest('section')!;
    const rows = within(history).getAllByRole('listitem');
    expect(rows[0]!.textContent).toContain('忘记');
    expect(rows[0]!.textContent).toContain('复习前复习中 · 间隔 当天内 · 用时 6 秒');
    expect(rows[1]!.textContent).toContain('间隔 3 天');
  });

  it('deletes the word after asking, then returns to the word book', async () => {
    const { api, router } = openDetail({
      'POST /reader/myword/del': ok({ ok: true }),
      'GET /reader/myword/overview': ok({
        total: 0,
        by_state: {},
        due_now: 0,
        due_today: 0,
        reviewed_today: 0,
        streak: 0,
        retention_30d: null,
      }),
    });
    const u = userEvent.setup();
    await u.click(await screen.findByRole('button', { name: '删除这个词' }));
    await u.click(within(await screen.findByRole('dialog', { name: '删除生词' })).getByRole('button', { name: '确定删除' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/myword'));
    expect(api.to('POST /reader/myword/del')[0]?.body).toEqual({ word: 'negotiate' });
  });

  it('a word not in the book says so', async () => {
    openDetail({ 'GET /reader/myword/detail': fail(404, '生词本里没有这个词') });
    expect(await screen.findByText('生词本里没有“negotiate”')).toBeTruthy();
  });
});
