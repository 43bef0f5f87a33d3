import { useState, type ReactNode } from 'react';
import { Link } from 'react-router';
import type { ArticleCard } from '@changdu/contract';
import { coverPath, coverSources, placeholderPath } from '../lib/articles';
import { PagedList, type PagedQuery } from './PagedList';

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

export interface ReadingListProps<T> {
  query: PagedQuery<T>;
  label: string;
  empty: ReactNode;
  item: (entry: T) => ReactNode;
  /** The list's class, when its entries are not reading cards (books, say). */
  className?: string;
}

/** A paged list of reading cards (or other entries) with loading, failure, empty and end states; scrolls on by itself. */
export function ReadingList<T>({ query, label, empty, item, className = 'reading-list' }: ReadingListProps<T>) {
  return (
    <PagedList query={query} label={label} className={className} empty={empty}>
      {(entry) => item(entry)}
    </PagedList>
  );
}
