import { useState, type FormEvent } from 'react';
import { useLocation, useNavigate, useParams } from 'react-router';
import type { OutputOf, Endpoints } from '@changdu/contract';
import { useCreator, useFollowCreator, useSetByline } from '../../api/collections.queries';
import { useCurrentUser } from '../../api/users.queries';
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
      <BylineForm creator={creator} />
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

/** Managers: which editorial byline's articles this creator's page lists (an author id from the article pages). */
function BylineForm({ creator }: { creator: CreatorProfile }) {
  const { user } = useCurrentUser();
  const setByline = useSetByline(creator.id);
  const [typed, setTyped] = useState('');
  if (!user || !(user.is_manager || user.is_super)) return null;
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const authorId = Number(typed);
    if (!Number.isInteger(authorId) || authorId <= 0) {
      toast('请输入作者 id（正整数）');
      return;
    }
    setByline.mutate({ id: creator.id, author_id: authorId }, { onSuccess: (r) => toast(`已关联作者 ${r.author?.name ?? ''}`) });
  };
  return (
    <section className="section card byline-form" aria-labelledby="byline-title">
      <h2 id="byline-title" className="section-title">
        关联文章署名（管理员）
      </h2>
      <p className="muted">
        {creator.byline
          ? `当前：${creator.byline.name}（作者 id ${creator.byline.id}）`
          : '未关联。关联后，这个署名下已发布的文章会列在主页上。'}
      </p>
      <form className="picker-search" onSubmit={submit}>
        <input
          className="input"
          inputMode="numeric"
          aria-label="作者 id"
          placeholder="作者 id"
          value={typed}
          onChange={(e) => setTyped(e.target.value)}
        />
        <button type="submit" className="button button-secondary" disabled={setByline.isPending}>
          关联
        </button>
        {creator.byline && (
          <button
            type="button"
            className="button button-ghost"
            disabled={setByline.isPending}
            onClick={() => setByline.mutate({ id: creator.id, author_id: null }, { onSuccess: () => toast('已取消关联') })}
          >
            取消关联
          </button>
        )}
      </form>
      {setByline.error && <p className="form-error">{setByline.error.msg}</p>}
    </section>
  );
}
