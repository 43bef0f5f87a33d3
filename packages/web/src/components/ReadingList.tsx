import { useState, type ReactNode } from 'react';
import { Link } from 'react-router';
import type { InfiniteData, UseInfiniteQueryResult } from '@tanstack/react-query';
import type { ArticleCard } from '@changdu/contract';
import type { ApiError } from '../api/client';
import { coverPath, coverSources, placeholderPath } from '../lib/articles';
import { LoadFailed } from './LoadFailed';
import { LoadMore } from './LoadMore';
import { Spinner } from './Spinner';

/** A compact article row of the reader's own lists (notes, stars, history): thumbnail, titles, a meta line. */
export function ReadingCard({ article, to, children }: { article: ArticleCard; to?: string; children?: ReactNode }) {
  const [broken, setBroken] = useState(false);
  const { src, srcSet } = coverSources(broken ? placeholderPath(article.placeholder) : coverPath(article));
  return (
    <li className="reading-card">
      <Link to={to ?? `/article/${article.id}`} className="reading-card-link">
        <img
          className="reading-card-cover"
          src={src}
          srcSet={srcSet}
          sizes="96px"
          alt=""
          loading="lazy"
          decoding="async"
          onError={broken ? undefined : () => setBroken(true)}
        />
        <div className="reading-card-body">
          <h3 className="reading-card-title" lang="en">
            {article.title}
          </h3>
          {article.title_zh && <p className="reading-card-title-zh">{article.title_zh}</p>}
          {children && <div className="reading-card-meta">{children}</div>}
        </div>
      </Link>
    </li>
  );
}

type Page<T> = { list: T[]; next_offset: number | null };

export interface ReadingListProps<T extends ArticleCard> {
  query: UseInfiniteQueryResult<InfiniteData<Page<T>, number>, ApiError>;
  label: string;
  empty: ReactNode;
  item: (article: T) => ReactNode;
}

/** A paged list of reading cards with loading, failure, empty and end states; scrolls on by itself. */
export function ReadingList<T extends ArticleCard>({ query, label, empty, item }: ReadingListProps<T>) {
  if (query.isPending) return <Spinner label="加载中" />;
  if (query.isError && !query.data) {
    return <LoadFailed title="加载失败" message={query.error.msg} onRetry={() => void query.refetch()} />;
  }
  const items = query.data.pages.flatMap((page) => page.list);
  if (items.length === 0) return <div className="empty">{empty}</div>;
  return (
    <>
      <ul className="reading-list" aria-label={label}>
        {items.map((article) => item(article))}
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
