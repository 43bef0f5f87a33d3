import { useQuery } from '@tanstack/react-query';
import type { Task } from '@changdu/contract';
import { call, unwrap, type ApiError } from './client';
import { apiKey } from './hooks';

/** How often a running task is asked for its progress. */
export const TASK_POLL_MS = 1000;

export function isTaskFinished(task: Pick<Task, 'status'> | undefined): boolean {
  return task?.status === 'done' || task?.status === 'failed';
}

/** A background task, polled every second until it is done or has failed; idle for null. */
export function useTask(id: number | null) {
  return useQuery<Task, ApiError>({
    queryKey: apiKey('task.show', { id: id ?? 0 }),
    queryFn: ({ signal }) => unwrap(call('task.show', { id: id ?? 0 }, { signal })),
    enabled: id !== null,
    staleTime: 0,
    refetchInterval: (query) => (isTaskFinished(query.state.data) ? false : TASK_POLL_MS),
  });
}
