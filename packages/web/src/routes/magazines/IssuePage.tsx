import { Link, useParams } from 'react-router';
import type { MagazineArticle } from '@changdu/contract';
import { useMagazine } from '../../api/magazines.queries';
import { LevelChip, LockMark } from '../../components/ArticleMeta';
import { LoadFailed } from '../../components/LoadFailed';
import { PageHeader } from '../../components/PageHeader';
import { Spinner } from '../../components/Spinner';
import { coverPath, coverSources, imageAt, placeholderPath, readingTime } from '../../lib/articles';
import { formatDate } from '../../lib/format';
import '../../styles/magazines.css';

/** `/magazine/:id`: an issue's cover and its sections with their articles, in order. */
export function IssuePage() {
  const id = Number(useParams().id);
  const issue = useMagazine(id);
  if (issue.isPending) return <Spinner />;
  if (issue.error) {
    return (
      <div className="page">
        <PageHeader title="杂志" back />
        <LoadFailed title="这一期打不开" message={issue.error.msg} onRetry={() => void issue.refetch()} />
      </div>
    );
  }
  const data = issue.data;
  const cover = data.cover ?? placeholderPath(data.placeholder);
  const minutes = data.sections.flatMap((s) => s.articles).reduce((sum, a) => sum + (a.article?.reading_minutes ?? 0), 0);
  return (
    <div className="page page-wide issue-page">
      <PageHeader title={`${data.name} · ${data.edition}`} back />
      <header className="issue-head">
        <img
          className="issue-cover"
          src={imageAt(cover, 300)}
          srcSet={`${imageAt(cover, 300)} 1x, ${imageAt(cover, 600)} 2x`}
          alt={`${data.name} 封面`}
        />
        <div className="issue-facts">
          <h2 className="issue-name" lang="en">
            {data.name}
          </h2>
          <p className="issue-edition">{data.edition}</p>
          <p className="muted">
            {data.article_count} 篇文章 · {readingTime(minutes)}
            {data.published_at && ` · ${formatDate(data.published_at)} 发布`}
          </p>
        </div>
      </header>
      {data.sections.length === 0 && <p className="empty">这一期还没有可读的文章</p>}
      {data.sections.map((section, i) => (
        <section key={`${section.title ?? ''}-${i}`} className="issue-section" aria-label={section.title ?? '文章'}>
          {section.title && (
            <h3 className="issue-section-title" lang="en">
              {section.title}
            </h3>
          )}
          <ol className="issue-articles">
            {section.articles.map((a) => (
              <IssueArticle key={a.id} magazineId={data.id} entry={a} />
            ))}
          </ol>
        </section>
      ))}
    </div>
  );
}

function IssueArticle({ magazineId, entry }: { magazineId: number; entry: MagazineArticle }) {
  const article = entry.article;
  if (!article) return null;
  const { src, srcSet } = coverSources(coverPath(article));
  return (
    <li className="issue-article">
      <Link to={`/article/${article.id}?magazine=${magazineId}`} className="issue-article-link">
        <div className="issue-article-text">
          <span className="issue-article-title" lang="en">
            {article.title}
          </span>
          {article.title_zh && <span className="issue-article-zh">{article.title_zh}</span>}
          <span className="issue-article-meta">
            <LevelChip level={article.level} />
            <span className="chip chip-plain">{readingTime(article.reading_minutes)}</span>
            {article.is_lock && <LockMark />}
          </span>
        </div>
        <img className="issue-article-cover" src={src} srcSet={srcSet} sizes="96px" alt="" loading="lazy" />
      </Link>
    </li>
  );
}
