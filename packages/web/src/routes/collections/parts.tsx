import { useState, type ReactNode } from 'react';
import { Link } from 'react-router';
import type { Collection } from '@changdu/contract';
import { PagedList, type PagedQuery } from '../../components/PagedList';
import { coverPath, coverSources, placeholderPath } from '../../lib/articles';

/** The collection screens' tabs: all, followed, mine. */
export function CollectionTabs({ current }: { current: 'all' | 'follow' | 'mine' }) {
  const tabs = [
    { key: 'all', to: '/collection/all', label: '发现合集' },
    { key: 'follow', to: '/collection/follow', label: '我的关注' },
    { key: 'mine', to: '/MyCollection', label: '我的合集' },
  ] as const;
  return (
    <nav className="collection-tabs" aria-label="合集">
      {tabs.map((tab) => (
        <Link
          key={tab.key}
          to={tab.to}
          className={`collection-tab${tab.key === current ? ' active' : ''}`}
          aria-current={tab.key === current ? 'page' : undefined}
        >
          {tab.label}
        </Link>
      ))}
    </nav>
  );
}

/** A collection's cover, falling back to its placeholder when the image is gone. */
export function CollectionCover({ collection, className }: { collection: Pick<Collection, 'cover' | 'placeholder'>; className: string }) {
  const [broken, setBroken] = useState(false);
  const { src, srcSet } = coverSources(broken ? placeholderPath(collection.placeholder) : coverPath(collection));
  return (
    <img
      className={className}
      src={src}
      srcSet={srcSet}
      sizes="(min-width: 720px) 240px, 50vw"
      alt=""
      loading="lazy"
      decoding="async"
      onError={broken ? undefined : () => setBroken(true)}
    />
  );
}

/** A collection tile of a grid: cover, title, owner, counts; `extra` adds a line (new articles, state). */
export function CollectionCard({ collection, extra }: { collection: Collection; extra?: ReactNode }) {
  return (
    <li className="collection-card">
      <Link to={`/collection/${collection.id}/show`} className="collection-card-link">
        <div className="collection-card-cover-wrap">
          <CollectionCover collection={collection} className="collection-card-cover" />
          <span className="collection-card-count">{collection.article_count} 篇</span>
        </div>
        <div className="collection-card-body">
          <h3 className="collection-card-title">{collection.title}</h3>
          <p className="collection-card-meta">
            <span>{collection.owner.name}</span>
            {collection.follower_count > 0 && <span>{collection.follower_count} 人关注</span>}
          </p>
          {extra && <div className="collection-card-extra">{extra}</div>}
        </div>
      </Link>
    </li>
  );
}

export interface CollectionGridProps<T extends Collection> {
  query: PagedQuery<T>;
  label: string;
  empty: ReactNode;
  extra?: (item: T) => ReactNode;
}

/** A paged grid of collections with loading, failure, empty and end states. */
export function CollectionGrid<T extends Collection>({ query, label, empty, extra }: CollectionGridProps<T>) {
  return (
    <PagedList query={query} label={label} className="collection-grid" empty={empty} noun="合集">
      {(item) => <CollectionCard key={item.id} collection={item} extra={extra?.(item)} />}
    </PagedList>
  );
}

/** A creator's round initial (no uploaded avatars yet). */
export function CreatorAvatar({ name, large = false }: { name: string; large?: boolean }) {
  return (
    <span className={`avatar creator-avatar${large ? ' creator-avatar-large' : ''}`} aria-hidden="true">
      {name.slice(0, 1).toUpperCase()}
    </span>
  );
}
