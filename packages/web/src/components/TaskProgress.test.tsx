import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { act, render, screen } from '@testing-library/react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { MemoryRouter } from 'react-router';
import type { Task } from '@changdu/contract';
import { TASK_POLL_MS } from '../api/tasks.queries';
import { mockApi, ok } from '../test/api-mock';
import { makeTask } from '../test/articles';
import { TaskProgress } from './TaskProgress';

/** Answers GET /reader/task/99 with each of `states` in turn, then keeps the last. */
function serveTask(states: Partial<Task>[]) {
  let calls = 0;
  return mockApi({ 'GET /reader/task/99': () => ok(makeTask(states[Math.min(calls++, states.length - 1)])) });
}

function renderTask(onFinish?: (task: Task) => void) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  render(
    <QueryClientProvider client={client}>
      <MemoryRouter>
        <TaskProgress taskId={99} label="下载" linkLabel="查看草稿" onFinish={onFinish} />
      </MemoryRouter>
    </QueryClientProvider>,
  );
}

const tick = () => act(() => vi.advanceTimersByTimeAsync(TASK_POLL_MS));

describe('task progress', () => {
  beforeEach(() => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it('polls every second until the task is done, then shows its message and result link and stops', async () => {
    const api = serveTask([
      { status: 'queued', progress: 0 },
      { status: 'running', progress: 40, message: '正在抽取正文' },
      { status: 'done', progress: 100, message: '已生成草稿', link: '/admin/article/12' },
    ]);
    const onFinish = vi.fn();
    renderTask(onFinish);

    const bar = await screen.findByRole('progressbar', { name: '下载进度' });
    expect(bar.getAttribute('aria-valuenow')).toBe('0');
    await tick();
    expect(await screen.findByText('正在抽取正文')).toBeTruthy();
    expect(screen.getByRole('progressbar').getAttribute('aria-valuenow')).toBe('40');
    expect(screen.queryByRole('link')).toBeNull();

    await tick();
    const link = await screen.findByRole('link', { name: '查看草稿' });
    expect(link.getAttribute('href')).toBe('/admin/article/12');
    expect(screen.getByText('已生成草稿')).toBeTruthy();
    expect(screen.getByText('100%')).toBeTruthy();
    expect(onFinish).toHaveBeenCalledTimes(1);
    expect(onFinish.mock.calls[0]?.[0]).toMatchObject({ status: 'done' });

    await tick();
    await tick();
    expect(api.to('GET /reader/task/99')).toHaveLength(3);
  });

  it('a failed task shows its message as an alert, in the failed state, and stops polling', async () => {
    const api = serveTask([
      { status: 'running', progress: 20 },
      { status: 'failed', progress: 20, message: '页面无法访问（404）' },
    ]);
    renderTask();
    await screen.findByRole('progressbar');
    await tick();
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toBe('页面无法访问（404）');
    expect(alert.className).toContain('task-message-failed');
    expect(alert.closest('.task')?.getAttribute('data-status')).toBe('failed');
    expect(screen.queryByRole('link')).toBeNull();
    await tick();
    expect(api.to('GET /reader/task/99')).toHaveLength(2);
  });
});
