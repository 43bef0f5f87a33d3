import { describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { fail, ok } from '../../test/api-mock';
import { cards } from '../../test/articles';
import { stubIntersectionObserver } from '../../test/intersection';
import { renderApp } from '../../test/render-app';

const pages =
  (first: number, total: number, size = 10) =>
  (request: { query: URLSearchParams }) => {
    const offset = Number(request.query.get('offset'));
    const count = Math.min(size, total - offset);
    return ok({ list: cards(first + offset, count), next_offset: offset + count < total ? offset + count : null });
  };

describe('home list', () => {
  it('shows recommended articles and loads the next page when the end of the list scrolls into view', async () => {
    const io = stubIntersectionObserver();
    const { api } = renderApp('/', {
      'GET /api/recommend/foryou': pages(1, 14),
      'GET /reader/article/new_count': ok({ count: 0, since: null }),
    });
    const list = await screen.findByRole('list', { name: '推荐文章' });
    expect(within(list).getAllByRole('link')).toHaveLength(10);
    expect(screen.getByRole('tab', { name: '推荐' }).getAttribute('aria-selected')).toBe('true');

    io.scrollIntoView();
    await waitFor(() => expect(within(list).getAllByRole('link')).toHaveLength(14));
    expect(api.to('GET /api/recommend/foryou').map((r) => r.query.get('offset'))).toEqual(['0', '10']);
    expect(await screen.findByText('没有更多了')).toBeTruthy();
  });

  it('the 最新 tab lists the newest articles, keeps the tab in the URL, and scrolls on as well', async () => {
    const io = stubIntersectionObserver();
    const { api, router } = renderApp('/', {
      'GET /api/recommend/foryou': pages(1, 3),
      'GET /reader/article/waikan': pages(101, 25),
      'GET /reader/article/new_count': ok({ count: 0, since: null }),
    });
    await screen.findByRole('list', { name: '推荐文章' });
    await userEvent.setup().click(screen.getByRole('tab', { name: '最新' }));
    const list = await screen.findByRole('list', { name: '最新文章' });
    expect(router.state.location.search).toBe('?tab=latest');
    expect(within(list).getByText('Article number 101')).toBeTruthy();

    io.scrollIntoView();
    await waitFor(() => expect(within(list).getAllByRole('link')).toHaveLength(20));
    io.scrollIntoView();
    await waitFor(() => expect(within(list).getAllByRole('link')).toHaveLength(25));
    expect(api.to('GET /reader/article/waikan').map((r) => r.query.get('offset'))).toEqual(['0', '10', '20']);
  });

  it('badges 最新 with the new-article count, and asks again after the newest list is viewed', async () => {
    let viewed = false;
    const { api } = renderApp('/', {
      'GET /api/recommend/foryou': pages(1, 2),
      'GET /reader/article/new_count': () => ok({ count: viewed ? 0 : 3, since: null }),
      'GET /reader/article/waikan': (request) => {
        viewed = true; // the server records the visit when the first page is fetched
        return pages(101, 2)(request);
      },
    });
    const badge = await screen.findByTestId('new-count');
    expect(badge.textContent).toContain('3');
    expect(screen.getByRole('tab', { name: /最新/ }).textContent).toContain('篇新文章');

    await userEvent.setup().click(screen.getByRole('tab', { name: /最新/ }));
    await screen.findByRole('list', { name: '最新文章' });
    await waitFor(() => expect(screen.queryByTestId('new-count')).toBeNull());
    expect(api.to('GET /reader/article/new_count')).toHaveLength(2);
  });

  it('/article is the home list too', async () => {
    renderApp('/article', {
      'GET /api/recommend/foryou': pages(1, 1),
      'GET /reader/article/new_count': ok({ count: 0, since: null }),
    });
    expect(await screen.findByRole('list', { name: '推荐文章' })).toBeTruthy();
  });

  it('says so when there is nothing to show, and offers a retry when the list fails', async () => {
    let failing = true;
    renderApp('/?tab=latest', {
      'GET /reader/article/waikan': () => (failing ? fail(500, '服务器开小差了') : ok({ list: [], next_offset: null })),
      'GET /reader/article/new_count': ok({ count: 0, since: null }),
    });
    expect(await screen.findByText('服务器开小差了')).toBeTruthy();
    failing = false;
    await userEvent.setup().click(screen.getByRole('button', { name: '重试' }));
    expect(await screen.findByText('还没有发布的文章')).toBeTruthy();
  });

  it('links to search from the top of the page', async () => {
    renderApp('/', {
      'GET /api/recommend/foryou': pages(1, 1),
      'GET /reader/article/new_count': ok({ count: 0, since: null }),
    });
    expect((await screen.findByRole('link', { name: '搜索文章' })).getAttribute('href')).toBe('/Search');
  });
});
