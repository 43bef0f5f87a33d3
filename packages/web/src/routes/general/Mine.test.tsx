import { describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { getCookie } from '../../lib/cookies';
import { ok } from '../../test/api-mock';
import { logIn, makeUser, renderApp } from '../../test/render-app';

describe('Mine screen', () => {
  it('invites a logged-out visitor to log in or register, without asking the server who they are', async () => {
    const { api } = renderApp('/Mine');
    expect(await screen.findByRole('link', { name: '登录' })).toBeTruthy();
    expect(screen.getByRole('link', { name: '注册' })).toBeTruthy();
    expect(api.to('GET /api/user/me')).toHaveLength(0);
  });

  it('shows the username, masked phone, role and membership of a logged-in user', async () => {
    const user = makeUser({
      username: '读书人',
      phone: '13812345678',
      is_member: true,
      member: { level: 1, expires_at: '2099-01-31T00:00:00.000Z', days_left: 30 },
    });
    logIn(user);
    renderApp('/Mine', { 'GET /api/user/me': ok(user) });
    expect(await screen.findByText('读书人')).toBeTruthy();
    expect(screen.getByText('138****5678')).toBeTruthy();
    expect(screen.getByText('普通用户')).toBeTruthy();
    expect(screen.getByText(/剩余 30 天/)).toBeTruthy();
    expect(screen.getByRole('link', { name: '修改用户名' })).toBeTruthy();
    expect(screen.getByRole('link', { name: '修改密码' })).toBeTruthy();
    expect(screen.queryByRole('link', { name: '管理后台' })).toBeNull();
  });

  it('on a network failure keeps the session and offers a retry instead of the login card', async () => {
    const user = makeUser();
    logIn(user);
    renderApp('/Mine', { 'GET /api/user/me': 'network-error' });
    expect(await screen.findByText('网络异常')).toBeTruthy();
    expect(screen.getByRole('button', { name: '重试' })).toBeTruthy();
    expect(screen.queryByRole('link', { name: '登录' })).toBeNull();
    expect(getCookie('bb_uid')).toBe(String(user.user_id));
  });

  it('offers the admin dashboard to managers and super users only', async () => {
    const manager = makeUser({ role: 'manager', is_manager: true });
    logIn(manager);
    renderApp('/Mine', { 'GET /api/user/me': ok(manager) });
    expect(await screen.findByRole('link', { name: '管理后台' })).toBeTruthy();
  });

  it('logs out: the server is told (it clears the session cookie), the user id goes, the logged-out card shown', async () => {
    const user = makeUser();
    logIn(user);
    const { api } = renderApp('/Mine', { 'GET /api/user/me': ok(user), 'POST /auth/logout': ok({ ok: true }) });
    await userEvent.click(await screen.findByRole('button', { name: '退出登录' }));
    await waitFor(() => expect(screen.getByRole('link', { name: '登录' })).toBeTruthy());
    expect(api.to('POST /auth/logout')).toHaveLength(1);
    expect(api.to('POST /auth/logout')[0]?.headers['x-requested-with']).toBe('changdu');
    expect(getCookie('bb_uid')).toBeNull();
    expect(await screen.findByText('已退出登录')).toBeTruthy();
  });

  it('stays logged in and says so when the logout cannot reach the server (only it can remove the cookie)', async () => {
    const user = makeUser({ username: '读书人' });
    logIn(user);
    renderApp('/Mine', { 'GET /api/user/me': ok(user), 'POST /auth/logout': 'network-error' });
    await userEvent.click(await screen.findByRole('button', { name: '退出登录' }));
    expect(await screen.findByText('网络异常')).toBeTruthy();
    expect(screen.getByText('读书人')).toBeTruthy();
    expect(screen.queryByRole('link', { name: '登录' })).toBeNull();
    expect(getCookie('bb_uid')).toBe(String(user.user_id));
    expect((screen.getByRole('button', { name: '退出登录' }) as HTMLButtonElement).disabled).toBe(false);
  });

  it('switches the theme from the appearance card', async () => {
    renderApp('/Mine');
    await userEvent.click(await screen.findByRole('radio', { name: '纯黑' }));
    expect(document.documentElement.dataset.theme).toBe('black');
    expect(localStorage.getItem('bb_theme')).toBe('black');
    expect(screen.getByRole('radio', { name: '纯黑' }).getAttribute('aria-checked')).toBe('true');
  });

  it('links to the reader’s own pages: bookshelf, word book, flashcards, notes, stars, collections, follows, history, kept articles, read data, ranks and awards', async () => {
    renderApp('/Mine');
    const study = await screen.findByRole('list', { name: '学习' });
    const links = Object.fromEntries(
      within(study)
        .getAllByRole('link')
        .map((a) => [a.textContent, a.getAttribute('href')]),
    );
    expect(links).toEqual({
      我的书架: '/book',
      生词本: '/myword',
      闪卡复习: '/flashcard',
      我的笔记: '/mynote',
      我的收藏: '/MyStar',
      我的合集: '/MyCollection',
      我的关注: '/collection/follow',
      阅读记录: '/history',
      '已下载（离线可读）': '/offline',
      阅读数据: '/read_data',
      阅读周榜: '/Rank',
      我的奖励与邀请: '/Award',
    });
  });
});
