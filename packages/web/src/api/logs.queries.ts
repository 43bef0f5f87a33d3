import { useInfiniteQuery } from '@tanstack/react-query';
import { call, unwrap, type ApiError, type Output } from './client';
import { apiKey } from './hooks';

/** Visitors page by offset, ten at a time (spec §9); "加载更多" fetches the next page. */
export function useVisitors() {
  return useInfiniteQuery<Output<'visitor.list'>, ApiError>({
    queryKey: apiKey('visitor.list'),
    queryFn: ({ pageParam, signal }) => unwrap(call('visitor.list', { offset: Number(pageParam), limit: 10 }, { signal })),
    initialPageParam: 0,
    getNextPageParam: nextOffset,
  });
}

/** One visitor's events, newest first; idle until a visitor is chosen. */
export function useVisitorLogs(cuid: string | null) {
  return useInfiniteQuery<Output<'visitor.logs'>, ApiError>({
    queryKey: [...apiKey('visitor.logs'), cuid],
    queryFn: ({ pageParam, signal }) => unwrap(call('visitor.logs', { cuid: cuid ?? '', offset: Number(pageParam) }, { signal })),
    initialPageParam: 0,
    getNextPageParam: nextOffset,
    enabled: cuid !== null,
  });
}

function nextOffset(page: { next_offset: number | null }): number | undefined {
  return page.next_offset ?? undefined;
}
