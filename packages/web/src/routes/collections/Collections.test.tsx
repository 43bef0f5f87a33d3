import { describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { CollectionDetail } from '@changdu/contract';
import { ok } from '../../test/api-mock';
import { makeCard } from '../../test/articles';
import { makeCollection } from '../../test/collections';
import { logIn, makeUser, renderApp } from '../../test/render-app';

function makeDetail(overrides: Partial<CollectionDetail> = {}): CollectionDetail {
  const articles = [1, 2, 3].map((id, i) => ({
    ...makeCard({ id, title: `Article ${id}` }),
    position: i + 1,
    note: id === 1 ? 'Start here' : null,
    finished: id === 1,
  }));
  return {
    ...makeCollection(),
    cover_article_id: null,
    articles,
    hidden_count: 0,
    me: { followed: false, starred: false, can_edit: false, finished_count: 1, continue_article_id: 2 },
    ...overrides,
  };
}

function asReader(path: string, handlers: Parameters<typeof renderApp>[1]) {
  const user = makeUser();
  logIn(user);
  return renderApp(path, { 'GET /api/user/me': ok(user), ...handlers });
}

describe('all collections', () => {
  it('lists published collections in a grid, with random picks once there are more than a batch', async () => {
    const many = [1, 2, 3, 4, 5, 6].map((id) => makeCollection({ id, title: `List ${id}` }));
    renderApp('/collection/all', {
      'GET /reader/collection': ok({ list: many, next_offset: null }),
      'GET /reader/collection/random': ok({ list: many.slice(0, 4) }),
    });
    const grid = await screen.findByRole('list', { name: '全部合集' });
    expect(
      within(grid)
        .getAllByRole('link')
        .map((a) => a.getAttribute('href')),
    ).toEqual(many.map((c) => `/collection/${c.id}/show`));
    expect(within(await screen.findByRole('list', { name: '随机推荐的合集' })).getAllByRole('listitem')).toHaveLength(4);
  });

  it('leaves the picks out when the whole list is short', async () => {
    const { api } = renderApp('/collection/all', {
      'GET /reader/collection': ok({ list: [makeCollection()], next_offset: null }),
    });
    await screen.findByRole('list', { name: '全部合集' });
    expect(screen.queryByRole('list', { name: '随机推荐的合集' })).toBeNull();
    expect(api.to('GET /reader/collection/random')).toHaveLength(0);
  });
});

describe('a collection', () => {
  it('shows the articles in order with my read marks and notes, my progress, and continues where I stopped', async () => {
    asReader('/collection/7/show', { 'GET /reader/collection/7/show': ok(makeDetail()) });
    const list = await screen.findByRole('list', { name: '合集中的文章' });
    const items = within(list).getAllByRole('listitem');
    expect(items.map((li) => li.querySelector('.reading-card-title')?.textContent)).toEqual(['Article 1', 'Article 2', 'Article 3']);
    expect(within(items[0]!).getByText('✓ 已读')).toBeTruthy();
    expect(within(items[0]!).getByText('Start here')).toBeTruthy();
    expect(within(items[1]!).queryByText('✓ 已读')).toBeNull();
    expect(within(items[0]!).getByRole('link').getAttribute('href')).toBe('/article/1?collection=7');
    expect(screen.getByText('已读 1/3')).toBeTruthy();
    expect(screen.getByRole('link', { name: '继续阅读' }).getAttribute('href')).toBe('/article/2?collection=7');
    expect(screen.getByRole('link', { name: 'amy' }).getAttribute('href')).toBe('/creator/2');
    expect(screen.queryByRole('button', { name: '删除' })).toBeNull();
  });

  it('follows with one tap and shows the answer', async () => {
    const { api } = asReader('/collection/7/show', {
      'GET /reader/collection/7/show': ok(makeDetail()),
      'POST /reader/collection/7/mark': ok({ starred: false, followed: true, star_count: 1, follower_count: 5 }),
    });
    await userEvent.click(await screen.findByRole('button', { name: '+ 关注' }));
    await screen.findByRole('button', { name: '已关注' });
    expect(api.to('POST /reader/collection/7/mark')[0]!.body).toEqual({ action: 'follow' });
    expect(screen.getByText('5 人关注')).toBeTruthy();
  });

  it('offers edit, publish and delete to its owner', async () => {
    asReader('/collection/7/show', {
      'GET /reader/collection/7/show': ok(makeDetail({ is_published: false, me: { ...makeDetail().me!, can_edit: true } })),
    });
    expect((await screen.findByRole('link', { name: '编辑' })).getAttribute('href')).toBe('/collection/new?id=7');
    expect(screen.getByRole('button', { name: '公开' })).toBeTruthy();
    expect(screen.getByRole('button', { name: '删除' })).toBeTruthy();
    expect(screen.getByText('仅自己可见')).toBeTruthy();
  });
});

describe('the collection editor', () => {
  it('adds found articles, reorders them with the buttons, and saves the order with notes', async () => {
    const found = [makeCard({ id: 11, title: 'Tides' }), makeCard({ id: 12, title: 'Winds' })];
    const { api } = asReader('/collection/new', {
      'GET /reader/article/topic': ok({ list: [], next_offset: null }),
      'GET /api/search': ok({ list: found.map((a) => ({ ...a, snippet: '' })), next_offset: null }),
      'POST /reader/collection/add': ok(makeDetail({ id: 9 })),
      'GET /reader/collection/9/show': ok(makeDetail({ id: 9 })),
    });
    await userEvent.type(await screen.findByLabelText('标题'), 'Weather');
    await userEvent.type(screen.getByLabelText('搜索文章'), 'sea');
    await userEvent.click(screen.getByRole('button', { name: '搜索' }));
    await userEvent.click(await screen.findByRole('button', { name: '添加《Tides》' }));
    await userEvent.click(screen.getByRole('button', { name: '添加《Winds》' }));
    expect(screen.getByRole('button', { name: '《Tides》已添加' })).toHaveProperty('disabled', true);
    await userEvent.click(screen.getByRole('button', { name: '上移《Winds》' }));
    await userEvent.type(screen.getByLabelText('《Tides》的备注'), 'then this');
    await userEvent.click(screen.getByRole('button', { name: '创建合集' }));
    await waitFor(() => expect(api.to('POST /reader/collection/add')).toHaveLength(1));
    expect(api.to('POST /reader/collection/add')[0]!.body).toEqual({
      title: 'Weather',
      description: '',
      articles: [
        { article_id: 12, note: '' },
        { article_id: 11, note: 'then this' },
      ],
    });
  });
});

describe('next in this collection', () => {
  it('ends an article opened from a collection with a link to the next one', async () => {
    const { makeDetail: articleDetail } = await import('../../test/articles');
    asReader('/article/1?collection=7', {
      'GET /reader/article/1/show': ok(articleDetail({ id: 1, title: 'Article 1' })),
      'GET /reader/collection/7/article/next': ok({
        article: makeCard({ id: 2, title: 'Article 2' }),
        position: 1,
        total: 3,
        collection: { id: 7, title: 'Sleep science' },
      }),
    });
    const nav = await screen.findByRole('navigation', { name: '合集导航' });
    expect(nav.textContent).toContain('第 1/3 篇');
    expect(
      within(nav)
        .getByRole('link', { name: /下一篇/ })
        .getAttribute('href'),
    ).toBe('/article/2?collection=7');
  });
});
