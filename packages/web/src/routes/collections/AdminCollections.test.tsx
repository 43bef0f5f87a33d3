import { describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { CreatorApplication } from '@changdu/contract';
import { fail, ok } from '../../test/api-mock';
import { makeCollection } from '../../test/collections';
import { logIn, makeUser, renderApp } from '../../test/render-app';

const manager = makeUser({ user_id: 1, role: 'manager', effective_role: 'manager', is_manager: true });

const managed = { ...makeCollection(), deleted_at: null };

const application: CreatorApplication = {
  id: 3,
  user: { id: 9, username: 'bob' },
  statement: '我想整理考研阅读合集',
  bio: null,
  status: 'pending',
  reason: null,
  created_at: '2026-11-02T08:00:00.000Z',
  reviewed_at: null,
};

function asManager(path: string, handlers: Parameters<typeof renderApp>[1]) {
  logIn(manager);
  return renderApp(path, { 'GET /api/user/me': ok(manager), ...handlers });
}

describe('collections admin', () => {
  it('edits a collection under the admin frame’s one top bar, named by a heading', async () => {
    asManager('/admin/collection/edit', {});
    expect(await screen.findByRole('heading', { level: 2, name: '新建合集' })).toBeTruthy();
    // One top bar (the frame's), one main heading.
    expect(document.querySelectorAll('.page-header')).toHaveLength(1);
    expect(screen.getAllByRole('heading', { level: 1 }).map((h) => h.textContent)).toEqual(['管理后台']);
  });

  it('deletes a collection only after the manager confirms it', async () => {
    const { api } = asManager('/admin/collection', {
      'GET /reader/collection/manage': ok({ list: [managed], next_offset: null }),
      'POST /reader/collection/7/destory': ok({ ok: true }),
    });
    const u = userEvent.setup();
    const row = (await screen.findByText('Sleep science')).closest('li')!;
    await u.click(within(row).getByRole('button', { name: '删除' }));
    let dialog = await screen.findByRole('dialog', { name: '删除合集' });
    await u.click(within(dialog).getByRole('button', { name: '取消' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(api.to('POST /reader/collection/7/destory')).toHaveLength(0);

    await u.click(within(row).getByRole('button', { name: '删除' }));
    dialog = await screen.findByRole('dialog', { name: '删除合集' });
    expect(within(dialog).getByText(/确定删除“Sleep science”吗/)).toBeTruthy();
    await u.click(within(dialog).getByRole('button', { name: '确定删除' }));
    await waitFor(() => expect(api.to('POST /reader/collection/7/destory')).toHaveLength(1));
    expect(await screen.findByText('合集已删除')).toBeTruthy();
  });

  it('refuses a creator with the reason only after confirming, and keeps the dialog open on a server error', async () => {
    let answer = fail(400, '拒绝原因不能为空');
    const { api } = asManager('/admin/collection?tab=apply', {
      'GET /reader/creator/applications': ok({ list: [application], next_offset: null }),
      'POST /reader/creator/applications/3/review': () => answer,
    });
    const u = userEvent.setup();
    await u.click(await screen.findByRole('button', { name: '拒绝' }));
    const dialog = await screen.findByRole('dialog', { name: '拒绝申请' });
    expect(api.to('POST /reader/creator/applications/3/review')).toHaveLength(0);
    await u.click(within(dialog).getByRole('button', { name: '确定拒绝' }));
    expect(await within(dialog).findByText('拒绝原因不能为空')).toBeTruthy();

    answer = ok({ ...application, status: 'refused', reason: '样例太少' });
    await u.type(within(dialog).getByRole('textbox'), '样例太少');
    await u.click(within(dialog).getByRole('button', { name: '确定拒绝' }));
    expect(await screen.findByText('已拒绝')).toBeTruthy();
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(api.to('POST /reader/creator/applications/3/review').map((r) => r.body)).toEqual([
      { action: 'refuse', reason: '' },
      { action: 'refuse', reason: '样例太少' },
    ]);
  });
});
