import { describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { ok } from '../../test/api-mock';
import { makeDetail, makeParagraph } from '../../test/articles';
import { logIn, makeUser, renderApp } from '../../test/render-app';
import { shareText } from './share';

const article = makeDetail({ title: 'Night Trains', paragraphs: [makeParagraph('p1'), makeParagraph('p2')] });

function asReader(me = { starred: false, finished: false }) {
  const user = makeUser();
  logIn(user);
  return renderApp('/article/12', {
    'GET /api/user/me': ok(user),
    'GET /reader/article/12/show': ok({ ...article, me }),
    'GET /reader/article/12/notes': ok({ list: [] }),
    'GET /reader/myword/review/article': ok({ list: [], next_offset: null }),
    'GET /reader/history/t': ok({ t: 'tok.sig', expires_in: 43200 }),
    'POST /reader/article/12/mark': (request) => {
      const { action, status } = request.body as { action: string; status: boolean };
      return ok({ starred: action === 'star' ? status : me.starred, finished: action === 'finish' ? status : me.finished });
    },
  });
}

describe('page steps', () => {
  it('PageDown, Space and the arrows scroll by the window height minus 250 px; PageUp and Shift+Space back', async () => {
    const scrollBy = vi.spyOn(window, 'scrollBy').mockImplementation(() => {});
    renderApp('/article/12', { 'GET /reader/article/12/show': ok(article) });
    await screen.findByRole('heading', { level: 1 });
    const step = window.innerHeight - 250;
    await userEvent.keyboard('{PageDown}');
    await userEvent.keyboard(' ');
    await userEvent.keyboard('{ArrowDown}');
    await userEvent.keyboard('{PageUp}');
    await userEvent.keyboard('{Shift>} {/Shift}');
    await userEvent.keyboard('{ArrowUp}');
    expect(scrollBy.mock.calls.map(([options]) => (options as ScrollToOptions).top)).toEqual([step, step, step, -step, -step, -step]);
  });

  it('the 下一页 and 上一页 buttons step the same distance; typing in a field does not', async () => {
    const scrollBy = vi.spyOn(window, 'scrollBy').mockImplementation(() => {});
    renderApp('/article/12', { 'GET /reader/article/12/show': ok(article) });
    await screen.findByRole('heading', { level: 1 });
    await userEvent.click(screen.getByRole('button', { name: '下一页' }));
    await userEvent.click(screen.getByRole('button', { name: '上一页' }));
    expect(scrollBy.mock.calls.map(([options]) => (options as ScrollToOptions).top)).toEqual([
      window.innerHeight - 250,
      -(window.innerHeight - 250),
    ]);
    scrollBy.mockClear();
    await userEvent.click(screen.getByRole('button', { name: '阅读设置' }));
    await userEvent.keyboard('{PageDown}');
    expect(scrollBy).not.toHaveBeenCalled();
  });

  it('shows the reading progress bar', async () => {
    renderApp('/article/12', { 'GET /reader/article/12/show': ok(article) });
    await screen.findByRole('heading', { level: 1 });
    expect(screen.getByRole('progressbar', { name: '阅读进度' }).getAttribute('aria-valuenow')).toBe('0');
  });
});

describe('marks, share and the reading record', () => {
  it('star and 读完了 post the mark and show the answer', async () => {
    const { api } = asReader();
    await screen.findByRole('heading', { level: 1 });
    const tools = screen.getByRole('navigation', { name: '阅读工具' });
    const star = within(tools).getByRole('button', { name: '收藏' });
    expect(star.getAttribute('aria-pressed')).toBe('false');
    await userEvent.click(star);
    await waitFor(() => expect(star.getAttribute('aria-pressed')).toBe('true'));
    expect(api.to('POST /reader/article/12/mark')[0]?.body).toEqual({ action: 'star', status: true });
    await userEvent.click(within(tools).getByRole('button', { name: '读完了' }));
    await waitFor(() => expect(api.to('POST /reader/article/12/mark')).toHaveLength(2));
    expect(api.to('POST /reader/article/12/mark')[1]?.body).toEqual({ action: 'finish', status: true });
  });

  it('reflects the reader’s marks from the article', async () => {
    asReader({ starred: true, finished: true });
    await screen.findByRole('heading', { level: 1 });
    const tools = screen.getByRole('navigation', { name: '阅读工具' });
    expect(within(tools).getByRole('button', { name: '收藏' }).getAttribute('aria-pressed')).toBe('true');
    expect(within(tools).getByRole('button', { name: '读完了' }).getAttribute('aria-pressed')).toBe('true');
    expect(screen.getByText('已读完这篇文章，阅读时长已记录')).toBeTruthy();
  });

  it('asks for the reading token when a logged-in reader opens the article, and not when logged out', async () => {
    const { api } = asReader();
    await screen.findByRole('heading', { level: 1 });
    await waitFor(() => expect(api.to('GET /reader/history/t')).toHaveLength(1));
    expect(api.to('GET /reader/history/t')[0]?.query.get('article_id')).toBe('12');
  });

  it('logged out: marking asks to log in, and no reading time is tracked', async () => {
    const { api } = renderApp('/article/12', { 'GET /reader/article/12/show': ok(article) });
    await screen.findByRole('heading', { level: 1 });
    await userEvent.click(screen.getByRole('button', { name: '收藏' }));
    expect(await screen.findByRole('dialog', { name: '登录后继续' })).toBeTruthy();
    expect(api.to('POST /reader/article/12/mark')).toHaveLength(0);
    expect(api.to('GET /reader/history/t')).toHaveLength(0);
  });

  it('shares with the spec’s text: the app’s sheet inside the app, Web Share in a browser', async () => {
    expect(shareText({ title: 'Night Trains', author: { id: 7, name: 'Mara Quill' }, source: 'Demo' }, 'https://x.test/article/12')).toBe(
      '分享文章《Night Trains》（Mara Quill）：https://x.test/article/12（来自畅读）',
    );
    const webShare = vi.fn().mockResolvedValue(undefined);
    vi.stubGlobal('navigator', { ...navigator, share: webShare });
    renderApp('/article/12', { 'GET /reader/article/12/show': ok(article) });
    await screen.findByRole('heading', { level: 1 });
    await userEvent.click(screen.getByRole('button', { name: '分享' }));
    await waitFor(() => expect(webShare).toHaveBeenCalled());
    expect(webShare.mock.calls[0]?.[0]).toEqual({
      title: 'Night Trains',
      text: `分享文章《Night Trains》（Mara Quill）：${window.location.origin}/article/12（来自畅读）`,
    });

    const callHandler = vi.fn().mockResolvedValue(true);
    window.flutter_inappwebview = { callHandler } as unknown as typeof window.flutter_inappwebview;
    await userEvent.click(screen.getByRole('button', { name: '分享' }));
    await waitFor(() => expect(callHandler).toHaveBeenCalledWith('share', expect.stringContaining('分享文章《Night Trains》')));
    expect(webShare).toHaveBeenCalledTimes(1);
  });

  it('opens at the paragraph named in the address (links from 我的笔记)', async () => {
    const scrollIntoView = vi.fn();
    const original = Element.prototype.scrollIntoView;
    Element.prototype.scrollIntoView = scrollIntoView;
    try {
      renderApp('/article/12#p2', { 'GET /reader/article/12/show': ok(article) });
      await screen.findByRole('heading', { level: 1 });
      await waitFor(() => expect(scrollIntoView).toHaveBeenCalled());
      expect((scrollIntoView.mock.contexts[0] as Element).getAttribute('data-pid')).toBe('p2');
    } finally {
      Element.prototype.scrollIntoView = original;
    }
  });
});
