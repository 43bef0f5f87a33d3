import { describe, expect, it } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { ArticleManage } from '@changdu/contract';
import { ok, type SeenRequest } from '../../test/api-mock';
import { makeManage, makeParagraph, makeTask } from '../../test/articles';
import { logIn, makeUser, renderApp } from '../../test/render-app';

const manager = makeUser({ user_id: 2, username: 'editor', role: 'manager', is_manager: true });

function openEditor(article: ArticleManage = makeManage(), extra: Parameters<typeof renderApp>[1] = {}) {
  logIn(manager);
  // Every change answers the article as the server would have it after the change.
  const answer = (request: SeenRequest) => ok({ ...article, ...(request.body as object) });
  return renderApp(`/admin/article/${article.id}`, {
    'GET /api/user/me': ok(manager),
    [`GET /reader/article/${article.id}/edit`]: ok(article),
    [`POST /reader/article/${article.id}/update`]: ok(article),
    [`POST /reader/article/${article.id}/lock`]: answer,
    [`POST /reader/article/waikan/${article.id}/audit`]: ok(article),
    [`POST /reader/article/${article.id}/publish`]: answer,
    ...extra,
  });
}

describe('admin article editor', () => {
  it('保存 sends every field, each paragraph with its id so ids survive; a new paragraph has none', async () => {
    const article = makeManage({
      paragraphs: [makeParagraph('p1', { text: 'First.', zh: '第一。' }), makeParagraph('p2', { text: 'Second.', zh: null })],
    });
    const { api } = openEditor(article);
    const u = userEvent.setup();
    const zhTitle = await screen.findByLabelText('中文标题');
    await u.clear(zhTitle);
    await u.type(zhTitle, '新的中文标题');
    await u.click(screen.getByRole('button', { name: '第 2 段上移' }));
    await u.click(screen.getByRole('button', { name: '添加段落' }));
    await u.type(screen.getByLabelText('第 3 段原文'), 'A new paragraph.');
    await u.click(screen.getByRole('button', { name: '保存' }));

    await waitFor(() => expect(api.to('POST /reader/article/12/update')).toHaveLength(1));
    expect(api.to('POST /reader/article/12/update')[0]?.body).toEqual({
      article: {
        title: article.title,
        title_zh: '新的中文标题',
        summary: '',
        summary_zh: '',
        author: 'Mara Quill',
        topics: ['science'],
        level: null,
        paragraphs: [
          { id: 'p2', kind: 'p', text: 'Second.', zh: '' },
          { id: 'p1', kind: 'p', text: 'First.', zh: '第一。' },
          { kind: 'p', text: 'A new paragraph.', zh: '' },
        ],
      },
    });
    expect(await screen.findByText('已保存')).toBeTruthy();
  });

  it('shows which parts are untranslated, and publishing shows the server’s warning', async () => {
    const warning = '已发布，但还没有译文：中文标题、2 段正文（共 2 段）。读者打开“双语”会看到这篇文章还没有译文。';
    const bare = makeManage({ title_zh: null, translation: { title: false, summary: true, paragraphs: 2, translated: 0 } });
    openEditor(bare, { [`POST /reader/article/${bare.id}/publish`]: ok({ ...bare, status: 'published', warning }) });
    const note = await screen.findByRole('note');
    expect(note.textContent).toContain('还没有译文：中文标题、正文 2/2 段');
    const publish = screen.getByRole('form', { name: '发布' });
    await userEvent.setup().click(within(publish).getByRole('button', { name: '发布' }));
    expect(await screen.findByText(warning, { selector: '.toast' })).toBeTruthy();
  });

  it('a fully translated article says so', async () => {
    openEditor();
    expect(await screen.findByText('译文齐全')).toBeTruthy();
  });

  it('a level override is sent as the level; 自动 sends null', async () => {
    const { api } = openEditor();
    const u = userEvent.setup();
    await u.selectOptions(await screen.findByLabelText('难度'), 'DIFFICULT');
    await u.click(screen.getByRole('button', { name: '保存' }));
    await waitFor(() => expect(api.to('POST /reader/article/12/update')).toHaveLength(1));
    expect((api.to('POST /reader/article/12/update')[0]?.body as { article: { level: unknown } }).article.level).toBe('DIFFICULT');
  });

  it('发布 sends published_at only when a date is filled, as ISO time with the offset', async () => {
    const { api } = openEditor();
    const u = userEvent.setup();
    const publish = await screen.findByRole('form', { name: '发布' });
    await u.click(within(publish).getByRole('button', { name: '发布' }));
    await waitFor(() => expect(api.to('POST /reader/article/12/publish')).toHaveLength(1));
    expect(api.to('POST /reader/article/12/publish')[0]?.body).toEqual({ status: 'published' });

    await u.selectOptions(within(publish).getByLabelText('状态'), 'offline');
    fireEvent.change(within(publish).getByLabelText('发布时间'), { target: { value: '2025-04-01T09:30' } });
    await u.click(within(publish).getByRole('button', { name: '设为已下线' }));
    await waitFor(() => expect(api.to('POST /reader/article/12/publish')).toHaveLength(2));
    const body = api.to('POST /reader/article/12/publish')[1]?.body as { status: string; published_at: string };
    expect(body.status).toBe('offline');
    expect(body.published_at).toMatch(/^2025-04-01T09:30:00[+-]\d\d:\d\d$/);
    expect(new Date(body.published_at).getTime()).toBe(new Date('2025-04-01T09:30').getTime());
  });

  it('toggles the members-only lock, approves, and refuses with a required reason', async () => {
    const { api } = openEditor(makeManage({ is_lock: false, status: 'pending' }));
    const u = userEvent.setup();
    const lock = await screen.findByRole('switch', { name: '会员锁' });
    await u.click(lock);
    await waitFor(() => expect(api.to('POST /reader/article/12/lock')[0]?.body).toEqual({ is_lock: true }));
    await waitFor(() => expect(lock.getAttribute('aria-checked')).toBe('true'));

    await u.click(screen.getByRole('button', { name: '通过' }));
    await waitFor(() => expect(api.to('POST /reader/article/waikan/12/audit')[0]?.body).toEqual({ action: 'approve' }));

    await u.click(screen.getByRole('button', { name: '退回' }));
    const dialog = await screen.findByRole('dialog', { name: '退回文章' });
    await u.click(within(dialog).getByRole('button', { name: '退回' }));
    expect(within(dialog).getByRole('alert').textContent).toBe('请填写退回原因');
    await u.type(within(dialog).getByLabelText('退回原因'), '第 3 段漏译');
    await u.click(within(dialog).getByRole('button', { name: '退回' }));
    await waitFor(() =>
      expect(api.to('POST /reader/article/waikan/12/audit')[1]?.body).toEqual({ action: 'reject', reason: '第 3 段漏译' }),
    );
  });

  it('shows the refusal reason, the preview link, and the change history newest first', async () => {
    openEditor(
      makeManage({
        status: 'rejected',
        reject_reason: '标题不准确',
        events: [
          { id: 1, action: 'create', detail: '从 RSS 下载', user: null, created_at: '2025-03-01T08:00:00.000Z' },
          { id: 2, action: 'reject', detail: '标题不准确', user: { id: 2, username: 'editor' }, created_at: '2025-03-02T08:00:00.000Z' },
        ],
      }),
    );
    expect(await screen.findByText('退回原因：标题不准确')).toBeTruthy();
    expect(screen.getByRole('link', { name: '预览' }).getAttribute('href')).toBe('/article/12');
    const history = within(screen.getByRole('list', { name: '修改记录' })).getAllByRole('listitem');
    expect(history.map((item) => item.querySelector('.history-action')?.textContent)).toEqual(['退回', '创建']);
    expect(history[0]?.textContent).toContain('editor');
    expect(history[1]?.textContent).toContain('系统');
  });

  it('删除 asks first, then deletes and returns to the article list', async () => {
    const { api, router } = openEditor(makeManage(), {
      'POST /reader/article/12/delete': ok({ ok: true }),
      'GET /reader/article/manage': ok({ list: [], next_offset: null }),
    });
    const u = userEvent.setup();
    await u.click(await screen.findByRole('button', { name: '删除' }));
    const dialog = await screen.findByRole('dialog', { name: '删除文章' });
    expect(api.to('POST /reader/article/12/delete')).toHaveLength(0);
    await u.click(within(dialog).getByRole('button', { name: '确定删除' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/admin/articles'));
    expect(api.to('POST /reader/article/12/delete')).toHaveLength(1);
  });

  it('重新抽取 follows its task and reloads the new text into the form', async () => {
    let extracted = false;
    const before = makeManage({ paragraphs: [makeParagraph('p1', { text: 'Old text.' })] });
    const after = makeManage({ paragraphs: [makeParagraph('p1', { text: 'Fresh text.' })] });
    openEditor(before, {
      'GET /reader/article/12/edit': () => ok(extracted ? after : before),
      'POST /reader/article/12/redownload': () => {
        extracted = true;
        return ok({ task_id: 99 });
      },
      'GET /reader/task/99': ok(makeTask({ status: 'done', progress: 100, message: '已重新抽取', link: '/admin/article/12' })),
    });
    const u = userEvent.setup();
    expect(((await screen.findByLabelText('第 1 段原文')) as HTMLTextAreaElement).value).toBe('Old text.');
    await u.click(screen.getByRole('button', { name: '重新抽取' }));
    expect(await screen.findByText('已重新抽取')).toBeTruthy();
    await waitFor(() => expect((screen.getByLabelText('第 1 段原文') as HTMLTextAreaElement).value).toBe('Fresh text.'));
  });

  it('重新翻译 sends ai and cache in the address, follows its task and reloads the new Chinese', async () => {
    let translated = false;
    const before = makeManage({ paragraphs: [makeParagraph('p1', { text: 'Old text.', zh: '旧译文。' })] });
    const after = makeManage({ paragraphs: [makeParagraph('p1', { text: 'Old text.', zh: '新译文。' })] });
    const { api } = openEditor(before, {
      'GET /reader/article/12/edit': () => ok(translated ? after : before),
      'POST /reader/article/12/retranslate': () => {
        translated = true;
        return ok({ task_id: 98 });
      },
      'GET /reader/task/98': ok(makeTask({ status: 'done', progress: 100, message: '重新翻译：1 段由 AI 翻译', link: '/admin/article/12' })),
    });
    const u = userEvent.setup();
    expect(((await screen.findByLabelText('第 1 段译文')) as HTMLTextAreaElement).value).toBe('旧译文。');
    await u.click(screen.getByRole('checkbox', { name: '保留已有译文' }));
    await u.click(screen.getByRole('checkbox', { name: '用 AI 翻译' }));
    await u.click(screen.getByRole('button', { name: '重新翻译' }));
    expect(await screen.findByText('重新翻译：1 段由 AI 翻译')).toBeTruthy();
    const sent = api.to('POST /reader/article/12/retranslate')[0]!;
    expect(Object.fromEntries(sent.query)).toEqual({ ai: 'true', cache: 'false' });
    expect(sent.body).toEqual({});
    await waitFor(() => expect((screen.getByLabelText('第 1 段译文') as HTMLTextAreaElement).value).toBe('新译文。'));
    expect(await screen.findByText('译文已更新')).toBeTruthy();
  });
});
