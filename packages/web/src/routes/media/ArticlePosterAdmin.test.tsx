import { describe, expect, it } from 'vitest';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { ok } from '../../test/api-mock';
import { makeManage } from '../../test/articles';
import { logIn, makeUser, renderApp } from '../../test/render-app';
import { posterTextKey } from './poster-text';

const manager = makeUser({ user_id: 1, role: 'manager', effective_role: 'manager', is_manager: true });
const article = makeManage({ title: 'Sleep and memory', title_zh: '睡眠与记忆' });

function openPoster(path: string) {
  logIn(manager);
  return renderApp(path, {
    'GET /api/user/me': ok(manager),
    'GET /reader/article/12/edit': ok(article),
  });
}

const posterText = async () => ((await screen.findByLabelText('海报文字（Markdown）')) as HTMLTextAreaElement).value;

describe('the article poster editor', () => {
  it('keeps an edited poster text when the manager leaves and comes back, for that layout only', async () => {
    const first = openPoster('/admin/article/12/poster');
    expect(await posterText()).toContain('# Sleep and memory');
    const u = userEvent.setup();
    const box = screen.getByLabelText('海报文字（Markdown）');
    await u.clear(box);
    await u.type(box, '# 今晚早点睡');
    first.unmount();

    const again = openPoster('/admin/article/12/poster');
    expect(await posterText()).toBe('# 今晚早点睡');
    expect(screen.getByText(/改过的文字保存在这台设备上/)).toBeTruthy();
    again.unmount();

    openPoster('/admin/article/12/Poster2');
    expect(await posterText()).toContain('# Sleep and memory');
    expect(screen.queryByRole('button', { name: '恢复为文章原文' })).toBeNull();
  });

  it('goes back to the text made from the article and forgets the edit', async () => {
    localStorage.setItem(posterTextKey(12, 'poster'), '# 旧的文字');
    const first = openPoster('/admin/article/12/poster');
    expect(await posterText()).toBe('# 旧的文字');
    await userEvent.setup().click(screen.getByRole('button', { name: '恢复为文章原文' }));
    expect(await posterText()).toContain('## 睡眠与记忆');
    first.unmount();

    openPoster('/admin/article/12/poster');
    expect(await posterText()).toContain('# Sleep and memory');
    expect(localStorage.getItem(posterTextKey(12, 'poster'))).toBeNull();
  });
});
