import type { ArticleCard as Card } from '@changdu/contract';
import { ArticleCard } from './ArticleCard';
import { PagedList, type PagedQuery } from './PagedList';

export interface ArticleListProps<T extends Card> {
  query: PagedQuery<T>;
  /** The accessible name of the list. */
  label: string;
  empty: string;
  /** The first card gets a large cover (home). */
  featureFirst?: boolean;
  snippet?: (item: T) => string;
  /** Why an item is there (recommendations). */
  reason?: (item: T) => string | null;
  /** `grid`: cards in two columns on wide screens; `rows`: one column with thumbnails (search). */
  layout?: 'grid' | 'rows';
}

/** A paged list of article cards with loading, failure, empty and end states; scrolls on by itself. */
export function ArticleList<T extends Card>({
  query,
  label,
  empty,
  featureFirst = false,
  snippet,
  reason,
  layout = 'grid',
}: ArticleListProps<T>) {
  return (
    <PagedList query={query} label={label} className={`article-list article-list-${layout}`} empty={empty} noun="文章">
      {(item, index) => (
        <ArticleCard
          key={item.id}
          article={item}
          featured={featureFirst && index === 0}
          snippet={snippet?.(item)}
          reason={reason?.(item)}
        />
      )}
    </PagedList>
  );
}
