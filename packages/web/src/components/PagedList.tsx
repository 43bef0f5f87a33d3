import type { ReactNode } from 'react';
import type { InfiniteData, UseInfiniteQueryResult } from '@tanstack/react-query';
import type { ApiError } from '../api/client';
import { LoadFailed } from './LoadFailed';
import { LoadMore } from './LoadMore';
import { Spinner } from './Spinner';

/** One page of a paged list call (`{list, next_offset}` in the contract). */
export type Page<T> = { list: T[]; next_offset: number | null };

/** A paged list call's infinite query, as the `*.queries.ts` hooks make them. */
export type PagedQuery<T> = UseInfiniteQueryResult<InfiniteData<Page<T>, number>, ApiError>;

export interface PagedListProps<T> {
  query: PagedQuery<T>;
  /** The accessible name of the list. */
  label: string;
  className: string;
  empty: ReactNode;
  /** What is loading or failed to load, e.g. 文章 (加载中 / 加载失败 follow). */
  noun?: string;
  children: (item: T, index: number) => ReactNode;
}

/**
 * A paged list with its loading, failure, empty and end states, loading the next page as the
 * reader scrolls near the end. Each list screen decides only how an item looks.
 */
export function PagedList<T>({ query, label, className, empty, noun = '', children }: PagedListProps<T>) {
  if (query.isPending) return <Spinner label={`${noun}加载中`} />;
  if (query.isError && !query.data) {
    return <LoadFailed title={`${noun}加载失败`} message={query.error.msg} onRetry={() => void query.refetch()} />;
  }
  const items = query.data.pages.flatMap((page) => page.list);
  if (items.length === 0) return <div className="empty">{empty}</div>;
  return (
    <>
      <ul className={className} aria-label={label}>
        {items.map((item, index) => children(item, index))}
      </ul>
      <LoadMore
        hasNextPage={query.hasNextPage}
        isFetchingNextPage={query.isFetchingNextPage}
        fetchNextPage={() => query.fetchNextPage()}
        failed={query.isFetchNextPageError}
        endText="没有更多了"
      />
    </>
  );
}
