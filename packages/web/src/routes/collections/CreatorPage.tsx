import { useLocation, useNavigate, useParams } from 'react-router';
import type { OutputOf, Endpoints } from '@changdu/contract';
import { useCreator, useFollowCreator } from '../../api/collections.queries';
import { errorMessage } from '../../api/client';
import { ArticleCard } from '../../components/ArticleCard';
import { LoadFailed } from '../../components/LoadFailed';
import { NotFound } from '../../components/NotFound';
import { PageHeader } from '../../components/PageHeader';
import { Spinner } from '../../components/Spinner';
import { loginPathFor } from '../../lib/navigation';
import { useIsLoggedIn } from '../../lib/session';
import { toast } from '../../lib/toast';
import { CollectionCard, CreatorAvatar } from './parts';
import '../../styles/collections.css';

type CreatorProfile = OutputOf<Endpoints['creator.show']>;

/** `/creator/{id}`: who they are, follow, their published collections and articles. */
export function CreatorPage() {
  const id = Number(useParams().id);
  const valid = Number.isInteger(id) && id > 0;
  const query = useCreator(valid ? id : 0);
  if (!valid || query.error?.code === '404') return <NotFound />;
  return (
    <div className="page page-wide">
      <PageHeader title={query.data?.name ?? '创作者'} back />
      {query.isPending ? (
        <Spinner />
      ) : query.error ? (
        <LoadFailed message={query.error.msg} onRetry={() => void query.refetch()} />
      ) : (
        <Profile creator={query.data} />
      )}
    </div>
  );
}

function Profile({ creator }: { creator: CreatorProfile }) {
  const loggedIn = useIsLoggedIn();
  const navigate = useNavigate();
  const { pathname } = useLocation();
  const follow = useFollowCreator(creator.id);
  const followed = creator.me?.followed ?? false;
  const toggle = () => {
    if (!loggedIn) {
      void navigate(loginPathFor(pathname));
      return;
    }
    follow.mutate(
      { id: creator.id, status: !followed },
      { onSuccess: (r) => toast(r.followed ? '已关注，新作品会出现在“我的关注”里' : '已取消关注'), onError: (e) => toast(errorMessage(e)) },
    );
  };
  return (
    <>
      <header className="card creator-head">
        <CreatorAvatar name={creator.name} large />
        <div className="creator-head-main">
          <h2 className="profile-name">{creator.name}</h2>
          <p className="creator-stats">
            <span>
              <strong>{creator.follower_count}</strong> 关注者
            </span>
            <span>
              <strong>{creator.collection_count}</strong> 合集
            </span>
            {creator.article_count > 0 && (
              <span>
                <strong>{creator.article_count}</strong> 文章
              </span>
            )}
          </p>
          {creator.bio && <p className="creator-bio">{creator.bio}</p>}
        </div>
        <button
          type="button"
          className={`button ${followed ? 'button-secondary' : 'button-primary'} creator-follow`}
          aria-pressed={followed}
          disabled={follow.isPending}
          onClick={toggle}
        >
          {followed ? '已关注' : '+ 关注'}
        </button>
      </header>
      <section className="section" aria-labelledby="creator-collections-title">
        <h2 id="creator-collections-title" className="section-title">
          合集
        </h2>
        {creator.collections.length === 0 ? (
          <p className="empty">还没有公开的合集</p>
        ) : (
          <ul className="collection-grid" aria-label={`${creator.name}的合集`}>
            {creator.collections.map((c) => (
              <CollectionCard key={c.id} collection={c} />
            ))}
          </ul>
        )}
      </section>
      {creator.articles.length > 0 && (
        <section className="section" aria-labelledby="creator-articles-title">
          <h2 id="creator-articles-title" className="section-title">
            文章
          </h2>
          <ul className="article-list article-list-grid" aria-label={`${creator.name}的文章`}>
            {creator.articles.map((a) => (
              <ArticleCard key={a.id} article={a} />
            ))}
          </ul>
        </section>
      )}
    </>
  );
}
