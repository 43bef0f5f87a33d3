import type { InfiniteData, UseInfiniteQueryResult } from '@tanstack/react-query';
import type { ArticleCard as Card } from '@changdu/contract';
import type { ApiError } from '../api/client';
import { ArticleCard } from './ArticleCard';
import { LoadFailed } from './LoadFailed';
import { LoadMore } from './LoadMore';
import { Spinner } from './Spinner';

type Page<T> = { list: T[]; next_offset: number | null };

export interface ArticleListProps<T extends Card> {
  query: UseInfiniteQueryResult<InfiniteData<Page<T>, number>, ApiError>;
  /** The accessible name of the list. */
  label: string;
  empty: string;
  /** The first card gets a large cover (home). */
  featureFirst?: boolean;
  snippet?: (item: T) => string;
  /** `grid`: cards in two columns on wide screens; `rows`: one column with thumbnails (search). */
  layout?: 'grid' | 'rows';
}

/** A paged list of article cards with loading, failure, empty and end states; scrolls on by itself. */
export function ArticleList<T extends Card>({ query, label, empty, featureFirst = false, snippet, layout = 'grid' }: ArticleListProps<T>) {
  if (query.isPending) return <Spinner label="文章加载中" />;
  if (query.isError && !query.data) {
    return <LoadFailed title="文章加载失败" message={query.error.msg} onRetry={() => void query.refetch()} />;
  }
  const items = query.data.pages.flatMap((page) => page.list);
  if (items.length === 0) return <p className="empty">{empty}</p>;
  return (
    <>
      <ul className={`article-list article-list-${layout}`} aria-label={label}>
        {items.map((item, index) => (
          <ArticleCard key={item.id} article={item} featured={featureFirst && index === 0} snippet={snippet?.(item)} />
        ))}
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
