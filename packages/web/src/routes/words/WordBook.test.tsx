import { describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { ok, type SeenRequest } from '../../test/api-mock';
import { stubIntersectionObserver } from '../../test/intersection';
import { logIn, makeUser, renderApp } from '../../test/render-app';
import { overview, wordItem } from './test-cards';

const user = makeUser();
const PAGE = 20;

/** The word list as the server pages it: `total` words named w000…, 20 a page, filtered by prefix `q`. */
function wordPages(total: number) {
  const all = Array.from({ length: total }, (_, i) => wordItem(i + 1, `w${String(i).padStart(3, '0')}`));
  return (request: SeenRequest) => {
    const q = request.query.get('q') ?? '';
    const offset = Number(request.query.get('offset'));
    const matching = all.filter((w) => w.word.startsWith(q));
    const list = matching.slice(offset, offset + PAGE);
    return ok({ list, next_offset: offset + PAGE < matching.length ? offset + PAGE : null });
  };
}

function openBook(handlers: Parameters<typeof renderApp>[1] = {}, path = '/myword') {
  logIn(user);
  return renderApp(path, {
    'GET /api/user/me': ok(user),
    'GET /reader/myword/overview': ok(overview()),
    'GET /reader/myword': wordPages(45),
    ...handlers,
  });
}

describe('word book (/myword)', () => {
  it('shows the overview, links each word to its page, and offers review and both exports', async () => {
    openBook({
      'GET /reader/myword': ok({
        list: [
          wordItem(1, 'negotiate', { state: 'review', due: new Date(Date.now() + 3 * 86_400_000).toISOString() }),
          wordItem(2, 'fathom'),
        ],
        next_offset: null,
      }),
    });
    const list = await screen.findByRole('list', { name: '生词' });
    expect(screen.getByTestId('due-now').textContent).toBe('12');
    expect(screen.getByTestId('due-today').textContent).toBe('18');
    expect(screen.getByTestId('reviewed-today').textContent).toBe('7');
    expect(screen.getByTestId('streak').textContent).toBe('3 天');
    expect(screen.getByTestId('retention').textContent).toBe('87%');
    expect(within(screen.getByRole('list', { name: '按状态' })).getByText('重新学习').nextSibling?.textContent).toBe('1');

    const rows = within(list).getAllByRole('listitem');
    expect(within(rows[0]!).getByRole('link').getAttribute('href')).toBe('/myword/negotiate/show');
    expect(within(rows[0]!).getByText('复习中')).toBeTruthy();
    expect(within(rows[0]!).getByText('3 天后')).toBeTruthy();
    expect(within(rows[1]!).getByText('新词')).toBeTruthy();

    expect(screen.getByRole('link', { name: '开始复习' }).getAttribute('href')).toBe('/flashcard/start');
    expect(screen.getByRole('link', { name: '导出 CSV' }).getAttribute('href')).toBe('/reader/myword/export?format=csv');
    expect(screen.getByRole('link', { name: '导出 Anki' }).getAttribute('href')).toBe('/reader/myword/export?format=anki');
  });

  it('loads the next page when the end of the list scrolls into view', async () => {
    const io = stubIntersectionObserver();
    const { api } = openBook();
    const list = await screen.findByRole('list', { name: '生词' });
    expect(within(list).getAllByRole('listitem')).toHaveLength(20);
    io.scrollIntoView();
    await waitFor(() => expect(within(list).getAllByRole('listitem')).toHaveLength(40));
    io.scrollIntoView();
    await waitFor(() => expect(within(list).getAllByRole('listitem')).toHaveLength(45));
    expect(api.to('GET /reader/myword').map((r) => r.query.get('offset'))).toEqual(['0', '20', '40']);
    expect(await screen.findByText('没有更多了')).toBeTruthy();
  });

  it('the order switch asks for that order and keeps it in the URL; the default is 最近加入', async () => {
    const { api, router } = openBook();
    await screen.findByRole('list', { name: '生词' });
    expect(api.to('GET /reader/myword')[0]?.query.get('order')).toBe('new');
    expect(screen.getByRole('button', { name: '最近加入' }).getAttribute('aria-pressed')).toBe('true');

    const u = userEvent.setup();
    for (const [label, order] of [
      ['最先到期', 'due'],
      ['字母', 'alpha'],
      ['最早加入', 'old'],
    ] as const) {
      await u.click(screen.getByRole('button', { name: label }));
      await waitFor(() => expect(api.to('GET /reader/myword').at(-1)?.query.get('order')).toBe(order));
      expect(router.state.location.search).toBe(`?order=${order}`);
      expect(screen.getByRole('button', { name: label }).getAttribute('aria-pressed')).toBe('true');
    }
  });

  it('searching asks for words starting with what was typed, in the current order', async () => {
    const { api, router } = openBook({}, '/myword?order=alpha');
    await screen.findByRole('list', { name: '生词' });
    await userEvent.setup().type(screen.getByRole('searchbox', { name: '搜索生词本' }), 'w01');
    await waitFor(() => expect(api.to('GET /reader/myword').at(-1)?.query.get('q')).toBe('w01'));
    expect(api.to('GET /reader/myword').at(-1)?.query.get('order')).toBe('alpha');
    expect(router.state.location.search).toBe('?order=alpha&q=w01');
    await waitFor(() => expect(within(screen.getByRole('list', { name: '生词' })).getAllByRole('listitem')).toHaveLength(10));

    await userEvent.setup().clear(screen.getByRole('searchbox', { name: '搜索生词本' }));
    await userEvent.setup().type(screen.getByRole('searchbox', { name: '搜索生词本' }), 'zz{Enter}');
    expect(await screen.findByText('生词本里没有以“zz”开头的词')).toBeTruthy();
  });

  it('deleting asks first, posts the word, and refreshes the list and the overview', async () => {
    let deleted = false;
    const { api } = openBook({
      'GET /reader/myword': () => ok({ list: [wordItem(1, 'fathom'), ...(deleted ? [] : [wordItem(2, 'linger')])], next_offset: null }),
      'POST /reader/myword/del': () => {
        deleted = true;
        return ok({ ok: true });
      },
    });
    const u = userEvent.setup();
    await screen.findByText('linger');
    await u.click(screen.getByRole('button', { name: '删除 linger' }));
    const dialog = await screen.findByRole('dialog', { name: '删除生词' });
    expect(api.to('POST /reader/myword/del')).toHaveLength(0);
    await u.click(within(dialog).getByRole('button', { name: '确定删除' }));
    await waitFor(() => expect(screen.queryByText('linger')).toBeNull());
    expect(api.to('POST /reader/myword/del')[0]?.body).toEqual({ word: 'linger' });
    expect(api.to('GET /reader/myword')).toHaveLength(2);
    expect(api.to('GET /reader/myword/overview')).toHaveLength(2);
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it('an empty book explains how words get there', async () => {
    openBook({ 'GET /reader/myword/overview': ok(overview({ total: 0, due_now: 0, due_today: 0 })) });
    expect(await screen.findByText('生词本还是空的')).toBeTruthy();
    expect(screen.getByText(/点按不认识的单词/)).toBeTruthy();
    expect(screen.getByRole('link', { name: '试试闪卡演示' }).getAttribute('href')).toBe('/flashcard/demo');
  });

  it('sends a visitor to log in first', async () => {
    const { router } = renderApp('/myword');
    await waitFor(() => expect(router.state.location.pathname).toBe('/Login'));
    expect(router.state.location.search).toBe(`?redirect=${encodeURIComponent('/myword')}`);
  });
});
