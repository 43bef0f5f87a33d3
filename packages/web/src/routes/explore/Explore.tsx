import { Link, useSearchParams } from 'react-router';
import { useAuthor, useLabels, useTopicArticles } from '../../api/articles.queries';
import { ArticleList } from '../../components/ArticleList';
import { LoadFailed } from '../../components/LoadFailed';
import { PageHeader } from '../../components/PageHeader';
import { SearchLink } from '../../components/SearchLink';
import { Spinner } from '../../components/Spinner';
import { ExploreCollections } from '../collections/ExploreCollections';
import { MagazineSection } from '../magazines/MagazineSection';

/** Topic blurbs for the tiles, in the reader's language. */
const topicHints: Record<string, string> = {
  science: 'Science',
  technology: 'Technology',
  culture: 'Culture',
  environment: 'Environment',
  business: 'Business',
  health: 'Health',
  education: 'Education',
  travel: 'Travel',
  society: 'Society',
  world: 'World',
};

/** `/explore`: topics as tiles; with `?author=id`, that author and their articles. */
export function Explore() {
  const [params] = useSearchParams();
  const author = Number(params.get('author'));
  if (params.has('author') && Number.isInteger(author) && author > 0) return <AuthorView id={author} />;
  return (
    <div className="page page-wide">
      <PageHeader title="发现" />
      <SearchLink />
      <section className="section" aria-labelledby="topics-title">
        <div className="section-head">
          <h2 id="topics-title" className="section-title">
            按话题浏览
          </h2>
          <Link to="/label" className="section-more">
            全部标签
          </Link>
        </div>
        <TopicTiles />
      </section>
      <ExploreCollections />
      <MagazineSection />
    </div>
  );
}

function TopicTiles() {
  const labels = useLabels();
  if (labels.isPending) return <Spinner />;
  if (labels.error) return <LoadFailed title="话题加载失败" message={labels.error.msg} onRetry={() => void labels.refetch()} />;
  // Empty topics would be dead ends here; /label still lists every one.
  const withArticles = labels.data.list.filter((label) => label.count > 0);
  if (withArticles.length === 0) return <p className="empty">还没有话题</p>;
  return (
    <ul className="topic-grid">
      {withArticles.map((label) => (
        <li key={label.topic}>
          <Link to={`/topic/${encodeURIComponent(label.topic)}`} className="topic-tile" data-topic={label.topic}>
            <span className="topic-tile-name">{label.label}</span>
            <span className="topic-tile-en" lang="en">
              {topicHints[label.topic] ?? label.topic}
            </span>
            <span className="topic-tile-count">{label.count} 篇</span>
          </Link>
        </li>
      ))}
    </ul>
  );
}

function AuthorView({ id }: { id: number }) {
  const author = useAuthor(id);
  const articles = useTopicArticles({ author: id });
  const name = author.data?.name;
  return (
    <div className="page page-wide">
      <PageHeader title={name ?? '作者'} back />
      {author.isPending ? (
        <Spinner />
      ) : author.error ? (
        <LoadFailed title="作者信息加载失败" message={author.error.msg} onRetry={() => void author.refetch()} />
      ) : (
        <div className="card author-card">
          <div className="avatar" aria-hidden="true">
            {author.data.name.slice(0, 1).toUpperCase()}
          </div>
          <div className="author-main">
            <h2 className="author-name" lang="en">
              {author.data.name}
            </h2>
            <p className="author-count">{author.data.article_count} 篇文章</p>
            {author.data.bio && <p className="author-bio">{author.data.bio}</p>}
          </div>
        </div>
      )}
      <section className="section" aria-label="作者的文章">
        <ArticleList query={articles} label={`${name ?? '作者'}的文章`} empty="这位作者还没有发布的文章" />
      </section>
    </div>
  );
}
