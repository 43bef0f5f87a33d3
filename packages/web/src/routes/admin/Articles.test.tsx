import { describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { ok } from '../../test/api-mock';
import { makeCard, makeManage } from '../../test/articles';
import { logIn, makeUser, renderApp } from '../../test/render-app';
import { splitParagraphs } from './Articles';

const manager = makeUser({ role: 'manager', is_manager: true });
const row = (id: number, status = 'draft') => ({ ...makeCard({ id }), status, url: null, updated_at: '2025-03-02T08:00:00.000Z' });

describe('admin article list', () => {
  it('filters by status and keyword (kept in the URL) and pages with 加载更多', async () => {
    logIn(manager);
    const { api, router } = renderApp('/admin/articles', {
      'GET /api/user/me': ok(manager),
      'GET /reader/article/manage': (request) =>
        request.query.get('offset') === '0'
          ? ok({ list: Array.from({ length: 10 }, (_, i) => row(i + 1)), next_offset: 10 })
          : ok({ list: [row(11)], next_offset: null }),
    });
    const u = userEvent.setup();
    const list = await screen.findByRole('list', { name: '文章列表' });
    expect(within(list).getAllByRole('link')).toHaveLength(10);
    expect(within(list).getAllByRole('link')[0]?.getAttribute('href')).toBe('/admin/article/1');
    await u.click(screen.getByRole('button', { name: '加载更多' }));
    await waitFor(() => expect(within(list).getAllByRole('link')).toHaveLength(11));

    await u.click(screen.getByRole('button', { name: '待审核' }));
    await waitFor(() => expect(api.to('GET /reader/article/manage').at(-1)?.query.get('status')).toBe('pending'));
    await u.type(screen.getByLabelText('关键词'), 'heron');
    await u.click(screen.getByRole('button', { name: '筛选' }));
    await waitFor(() => expect(api.to('GET /reader/article/manage').at(-1)?.query.get('q')).toBe('heron'));
    expect(new URLSearchParams(router.state.location.search).get('status')).toBe('pending');
    expect(screen.getByRole('navigation', { name: '管理后台导航' }).querySelector('[aria-current="page"]')?.textContent).toBe('文章');
  });

  it('新建文章 splits the text on blank lines, creates the draft and opens it', async () => {
    logIn(manager);
    const { api, router } = renderApp('/admin/articles', {
      'GET /api/user/me': ok(manager),
      'GET /reader/article/manage': ok({ list: [], next_offset: null }),
      'POST /reader/article/create': ok(makeManage({ id: 31 })),
      'GET /reader/article/31/edit': ok(makeManage({ id: 31 })),
    });
    const u = userEvent.setup();
    await u.click(await screen.findByRole('button', { name: '新建文章' }));
    const dialog = await screen.findByRole('dialog', { name: '新建文章' });
    await u.type(within(dialog).getByLabelText('英文标题'), 'A Walk in the Rain');
    await u.type(within(dialog).getByLabelText('正文'), 'First line\ncontinues.{enter}{enter}Second one.');
    await u.click(within(dialog).getByRole('button', { name: '创建草稿' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/admin/article/31'));
    expect(api.to('POST /reader/article/create')[0]?.body).toEqual({
      article: {
        title: 'A Walk in the Rain',
        paragraphs: [
          { kind: 'p', text: 'First line continues.' },
          { kind: 'p', text: 'Second one.' },
        ],
      },
    });
  });

  it('splitParagraphs ignores blank runs and joins wrapped lines', () => {
    expect(splitParagraphs('\n\nOne\ntwo\n\n\n  \nThree\n')).toEqual(['One two', 'Three']);
  });
});
