import { Link } from 'react-router';
import { useRandomCollections } from '../../api/collections.queries';
import { CollectionCard } from './parts';
import '../../styles/collections.css';

/** The explore page's way into collections: a few random picks and a link to all of them. */
export function ExploreCollections() {
  const picks = useRandomCollections(0, 4);
  return (
    <section className="section" aria-labelledby="explore-collections-title">
      <div className="section-head">
        <h2 id="explore-collections-title" className="section-title">
          合集
        </h2>
        <Link to="/collection/all" className="section-more">
          全部合集
        </Link>
      </div>
      {picks.data && picks.data.list.length > 0 ? (
        <ul className="collection-grid collection-grid-picks" aria-label="推荐的合集">
          {picks.data.list.map((c) => (
            <CollectionCard key={c.id} collection={c} />
          ))}
        </ul>
      ) : picks.data ? (
        <p className="empty">
          还没有公开的合集，<Link to="/collection/new">建一个</Link>
        </p>
      ) : null}
    </section>
  );
}
