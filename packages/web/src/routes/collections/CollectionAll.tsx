import { useState } from 'react';
import { Link } from 'react-router';
import { usePublishedCollections, useRandomCollections } from '../../api/collections.queries';
import { PageHeader } from '../../components/PageHeader';
import { Spinner } from '../../components/Spinner';
import { CollectionCard, CollectionGrid, CollectionTabs } from './parts';
import '../../styles/collections.css';

/** `/collection/all`: a few random picks, then every published collection (newest or most followed). */
export function CollectionAll() {
  const [order, setOrder] = useState<'new' | 'hot'>('new');
  const query = usePublishedCollections(order);
  return (
    <div className="page page-wide">
      <PageHeader
        title="合集"
        back
        actions={
          <Link to="/collection/new" className="button button-primary button-small">
            新建
          </Link>
        }
      />
      <CollectionTabs current="all" />
      {/* With only a few collections the picks would repeat the whole list below. */}
      {(query.data?.pages[0]?.list.length ?? 0) > 4 && <RandomPicks />}
      <section className="section" aria-labelledby="all-collections-title">
        <div className="section-head">
          <h2 id="all-collections-title" className="section-title">
            全部合集
          </h2>
          <div className="segmented" role="group" aria-label="排序">
            {(
              [
                ['new', '最新'],
                ['hot', '最热'],
              ] as const
            ).map(([key, label]) => (
              <button
                key={key}
                type="button"
                className={`segmented-option${order === key ? ' active' : ''}`}
                aria-pressed={order === key}
                onClick={() => setOrder(key)}
              >
                {label}
              </button>
            ))}
          </div>
        </div>
        <CollectionGrid
          query={query}
          label="全部合集"
          empty={
            <>
              <p>还没有公开的合集。把喜欢的文章整理成合集，分享给大家吧</p>
              <Link to="/collection/new" className="button button-secondary button-small empty-action">
                新建合集
              </Link>
            </>
          }
        />
      </section>
    </div>
  );
}

function RandomPicks() {
  const [seed, setSeed] = useState(0);
  const picks = useRandomCollections(seed);
  if (picks.isSuccess && picks.data.list.length === 0) return null;
  return (
    <section className="section" aria-labelledby="random-title">
      <div className="section-head">
        <h2 id="random-title" className="section-title">
          随便看看
        </h2>
        <button
          type="button"
          className="button button-ghost button-small"
          onClick={() => setSeed((s) => s + 1)}
          disabled={picks.isFetching}
        >
          换一批
        </button>
      </div>
      {picks.isPending ? (
        <Spinner />
      ) : picks.data ? (
        <ul className="collection-grid collection-grid-picks" aria-label="随机推荐的合集">
          {picks.data.list.map((c) => (
            <CollectionCard key={c.id} collection={c} />
          ))}
        </ul>
      ) : null}
    </section>
  );
}
