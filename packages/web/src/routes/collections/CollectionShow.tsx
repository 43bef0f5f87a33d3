import { Link, useLocation, useNavigate, useParams } from 'react-router';
import type { CollectionDetail } from '@changdu/contract';
import { errorMessage } from '../../api/client';
import { useCollection, useMarkCollection } from '../../api/collections.queries';
import { useCurrentUser } from '../../api/users.queries';
import { LoadFailed } from '../../components/LoadFailed';
import { NotFound } from '../../components/NotFound';
import { PageHeader } from '../../components/PageHeader';
import { ReadingCard } from '../../components/ReadingList';
import { Spinner } from '../../components/Spinner';
import { formatDate } from '../../lib/format';
import { loginPathFor } from '../../lib/navigation';
import { useIsLoggedIn } from '../../lib/session';
import { toast } from '../../lib/toast';
import { OwnerActions } from './OwnerActions';
import { CollectionCover } from './parts';
import '../../styles/reading-screens.css';
import '../../styles/collections.css';

/** `/collection/{id}/show`: the header, follow and star, progress with "continue", the articles in order. */
export function CollectionShow() {
  const id = Number(useParams().id);
  const valid = Number.isInteger(id) && id > 0;
  const query = useCollection(id, valid);
  if (!valid || query.error?.code === '404') return <NotFound />;
  return (
    <div className="page">
      <PageHeader title={query.data?.title ?? '合集'} back />
      {query.isPending ? (
        <Spinner />
      ) : query.error ? (
        <LoadFailed message={query.error.msg} onRetry={() => void query.refetch()} />
      ) : (
        <CollectionView collection={query.data} />
      )}
    </div>
  );
}

function CollectionView({ collection }: { collection: CollectionDetail }) {
  const { me, articles } = collection;
  const withCollection = (articleId: number) => `/article/${articleId}?collection=${collection.id}`;
  const start = me?.continue_article_id ?? articles[0]?.id ?? null;
  const finished = me?.finished_count ?? 0;
  return (
    <>
      <header className="collection-head">
        <CollectionCover collection={collection} className="collection-head-cover" />
        <div className="collection-head-main">
          <h2 className="collection-head-title">{collection.title}</h2>
          <p className="collection-head-meta">
            {collection.owner.is_creator ? (
              <Link to={`/creator/${collection.owner.id}`} className="collection-owner">
                {collection.owner.name}
              </Link>
            ) : (
              <span>{collection.owner.name}</span>
            )}
            <span>{collection.article_count} 篇</span>
            <span>{collection.follower_count} 人关注</span>
            {!collection.is_published && <span className="badge badge-muted">仅自己可见</span>}
          </p>
          {collection.description && <p className="collection-head-desc">{collection.description}</p>}
        </div>
      </header>

      <div className="collection-actions">
        {start !== null && (
          <Link to={withCollection(start)} className="button button-primary">
            {finished === 0 ? '开始阅读' : me?.continue_article_id ? '继续阅读' : '从头再读'}
          </Link>
        )}
        <MarkButtons collection={collection} />
      </div>

      {me && articles.length > 0 && (
        <div className="collection-progress" role="group" aria-label="阅读进度">
          <div className="progress-track" aria-hidden="true">
            <div className="progress-fill" style={{ width: `${Math.round((finished / articles.length) * 100)}%` }} />
          </div>
          <span className="collection-progress-text">
            已读 {finished}/{articles.length}
          </span>
        </div>
      )}

      {me?.can_edit && (
        <OwnerActions collection={collection} editPath={`/collection/new?id=${collection.id}`} afterDelete="/MyCollection" />
      )}
      {me?.can_edit && collection.hidden_count > 0 && (
        <p className="notice">有 {collection.hidden_count} 篇文章已下线，读者看不到；再次保存合集时会移出。</p>
      )}

      <section className="section" aria-labelledby="collection-articles-title">
        <h2 id="collection-articles-title" className="section-title">
          文章列表
        </h2>
        {articles.length === 0 ? (
          <p className="empty">合集里还没有文章</p>
        ) : (
          <ol className="reading-list collection-articles" aria-label="合集中的文章">
            {articles.map((article) => (
              <ReadingCard key={article.id} article={article} to={withCollection(article.id)}>
                <span className="collection-position">第 {article.position} 篇</span>
                {article.finished && <span className="read-mark">✓ 已读</span>}
                {article.note && <span className="collection-note">{article.note}</span>}
              </ReadingCard>
            ))}
          </ol>
        )}
      </section>
      {collection.published_at && <p className="muted collection-foot">发布于 {formatDate(collection.published_at)}</p>}
    </>
  );
}

function MarkButtons({ collection }: { collection: CollectionDetail }) {
  const loggedIn = useIsLoggedIn();
  const navigate = useNavigate();
  const { pathname } = useLocation();
  const mark = useMarkCollection(collection.id);
  const { user } = useCurrentUser();
  // Following is for readers of someone else's list: the owner sees new articles by adding them.
  const own = user !== null && user.user_id === collection.owner.id;
  const followed = collection.me?.followed ?? false;
  const starred = collection.me?.starred ?? false;
  const act = (action: 'follow' | 'unfollow' | 'star' | 'unstar') => {
    if (!loggedIn) {
      void navigate(loginPathFor(pathname));
      return;
    }
    mark.mutate(
      { id: collection.id, action },
      {
        onSuccess: () =>
          toast({ follow: '已关注，有新文章会提醒你', unfollow: '已取消关注', star: '已收藏', unstar: '已取消收藏' }[action]),
        onError: (error) => toast(errorMessage(error)),
      },
    );
  };
  return (
    <>
      {!own && (
        <button
          type="button"
          className="button button-secondary collection-follow"
          aria-pressed={followed}
          disabled={mark.isPending}
          onClick={() => act(followed ? 'unfollow' : 'follow')}
        >
          {followed ? '已关注' : '+ 关注'}
        </button>
      )}
      <button
        type="button"
        className="button button-ghost"
        aria-pressed={starred}
        disabled={mark.isPending}
        onClick={() => act(starred ? 'unstar' : 'star')}
      >
        {starred ? '★ 已收藏' : '☆ 收藏'}
      </button>
    </>
  );
}
