import { Link } from 'react-router';
import { useNextInCollection } from '../../api/collections.queries';
import '../../styles/collection-next.css';

/** "合集中的下一篇" at the end of an article opened from a collection (`?collection=ID`). */
export function CollectionNext({ collectionId, articleId }: { collectionId: number; articleId: number }) {
  const next = useNextInCollection(collectionId, articleId);
  // Not in this collection (or it is gone): the article simply ends as usual.
  if (!next.data) return null;
  const { article, position, total, collection } = next.data;
  return (
    <nav className="collection-next" aria-label="合集导航">
      <p className="collection-next-where">
        <Link to={`/collection/${collection.id}/show`}>{collection.title}</Link>
        <span>
          {' '}
          · 第 {position}/{total} 篇
        </span>
      </p>
      {article ? (
        <Link to={`/article/${article.id}?collection=${collection.id}`} className="collection-next-link">
          <span className="collection-next-label">下一篇</span>
          <span className="collection-next-title" lang="en">
            {article.title}
          </span>
          {article.title_zh && <span className="collection-next-zh">{article.title_zh}</span>}
        </Link>
      ) : (
        <p className="collection-next-done">
          已读到合集最后一篇 · <Link to={`/collection/${collection.id}/show`}>回到合集</Link>
        </p>
      )}
    </nav>
  );
}
