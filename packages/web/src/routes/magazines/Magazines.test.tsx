import { describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { MagazineArticle, MagazineDetail } from '@changdu/contract';
import { fail, ok } from '../../test/api-mock';
import { makeCard, makeDetail, makeTask } from '../../test/articles';
import { logIn, makeUser, renderApp } from '../../test/render-app';

const manager = makeUser({ role: 'manager', is_manager: true });

function entry(id: number, overrides: Partial<MagazineArticle> = {}): MagazineArticle {
  return {
    id,
    position: id,
    section: 'Leaders',
    title: `Story ${id}`,
    url: `https://weekly.example/2026/11/21/story-${id}`,
    state: 'downloaded',
    error: null,
    review: 'unreviewed',
    review_reason: null,
    article_id: 100 + id,
    article: { ...makeCard({ id: 100 + id, title: `Story ${id}` }), status: 'draft' },
    ...overrides,
  };
}

function issue(articles: MagazineArticle[], overrides: Partial<MagazineDetail> = {}): MagazineDetail {
  const sections: MagazineDetail['sections'] = [];
  for (const a of articles) {
    const last = sections.at(-1);
    if (last && last.title === a.section) last.articles.push(a);
    else sections.push({ title: a.section, articles: [a] });
  }
  return {
    id: 7,
    name: 'The Test Weekly',
    edition: '2026-11-21',
    url: 'https://weekly.example/2026-11-21',
    cover: null,
    placeholder: 8,
    status: 'draft',
    article_count: articles.length,
    published_at: null,
    created_at: '2026-11-21T08:00:00.000Z',
    review_reason: null,
    crawled_at: null,
    crawl_error: null,
    task_id: null,
    sections,
    ...overrides,
  };
}

describe('admin magazine issue', () => {
  it('shows each article’s state and error, follows the download task, and audits with a reason', async () => {
    logIn(manager);
    const failed = entry(2, {
      section: 'Science',
      state: 'failed',
      error: '下载失败：网站返回错误（HTTP 500）',
      article: null,
      article_id: null,
    });
    const { api } = renderApp('/admin/magazine/7', {
      'GET /api/user/me': ok(manager),
      'GET /reader/magazine/7': ok(issue([entry(1), failed])),
      'POST /reader/magazine/7/download_articles': ok({ task_id: 99 }),
      'GET /reader/task/99': ok(makeTask({ status: 'done', progress: 100, message: '下载完成：成功 1 篇，失败 0 篇' })),
      'POST /reader/magazine/7/audit': ok(issue([entry(1, { review: 'rejected', review_reason: '重复' }), failed])),
      'POST /reader/magazine/7/publish': fail(409, '请先审核通过本期再发布'),
    });
    const science = await screen.findByRole('region', { name: 'Science' });
    expect(within(science).getByText('下载失败：网站返回错误（HTTP 500）')).toBeTruthy();
    expect(within(science).getByText('下载失败')).toBeTruthy();
    const u = userEvent.setup();
    await u.click(screen.getByRole('button', { name: '下载文章（1 篇）' }));
    expect(await screen.findByText('下载完成：成功 1 篇，失败 0 篇')).toBeTruthy();

    const leaders = screen.getByRole('region', { name: 'Leaders' });
    expect(within(leaders).getByRole('link', { name: '编辑' }).getAttribute('href')).toBe('/admin/article/101');
    await u.click(within(leaders).getByRole('button', { name: '退回' }));
    let dialog = await screen.findByRole('dialog', { name: '退回文章' });
    await u.click(within(dialog).getByRole('button', { name: '取消' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(api.to('POST /reader/magazine/7/audit')).toHaveLength(0);
    await u.click(within(leaders).getByRole('button', { name: '退回' }));
    dialog = await screen.findByRole('dialog', { name: '退回文章' });
    await u.click(within(dialog).getByRole('button', { name: '确定退回' }));
    expect(within(dialog).getByText('请写明退回原因')).toBeTruthy();
    expect(api.to('POST /reader/magazine/7/audit')).toHaveLength(0);
    await u.type(within(dialog).getByLabelText('退回《Story 1》的原因'), '重复');
    await u.click(within(dialog).getByRole('button', { name: '确定退回' }));
    await waitFor(() =>
      expect(api.to('POST /reader/magazine/7/audit')[0]?.body).toEqual({ articles: [{ id: 1, action: 'reject', reason: '重复' }] }),
    );
    await u.click(screen.getByRole('button', { name: '发布本期' }));
    expect(await screen.findByText('请先审核通过本期再发布')).toBeTruthy();
  });
});

describe('reading an issue', () => {
  it('lists the sections and opens an article with “next in this issue”', async () => {
    const published = (id: number, section: string) =>
      entry(id, { section, article: { ...makeCard({ id: 100 + id, title: `Story ${id}` }), status: 'published' } });
    const data = issue([published(1, 'Leaders'), published(2, 'Science')], {
      status: 'published',
      published_at: '2026-11-21T08:00:00.000Z',
    });
    renderApp('/magazine/7', {
      'GET /reader/magazine/7': ok(data),
      'GET /reader/article/101/show': ok(makeDetail({ id: 101, title: 'Story 1' })),
    });
    const science = await screen.findByRole('region', { name: 'Science' });
    expect(
      within(science)
        .getByRole('link', { name: /Story 2/ })
        .getAttribute('href'),
    ).toBe('/article/102?magazine=7');
    await userEvent.setup().click(screen.getByRole('link', { name: /Story 1/ }));
    const nav = await screen.findByRole('navigation', { name: '本期导航' });
    expect(within(nav).getByText(/第 1\/2 篇/)).toBeTruthy();
    expect(
      within(nav)
        .getByRole('link', { name: /本期下一篇/ })
        .getAttribute('href'),
    ).toBe('/article/102?magazine=7');
  });
});
