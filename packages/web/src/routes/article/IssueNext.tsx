import { Link } from 'react-router';
import { useMagazine } from '../../api/magazines.queries';
import '../../styles/magazines.css';

/** "本期下一篇" at the end of an article opened from a magazine issue (`?magazine=ID`). */
export function IssueNext({ magazineId, articleId }: { magazineId: number; articleId: number }) {
  const issue = useMagazine(magazineId);
  if (!issue.data) return null;
  const articles = issue.data.sections.flatMap((s) => s.articles).filter((a) => a.article);
  const at = articles.findIndex((a) => a.article!.id === articleId);
  // Not in this issue (or it is gone): the article simply ends as usual.
  if (at < 0) return null;
  const next = articles[at + 1]?.article ?? null;
  const back = `/magazine/${issue.data.id}`;
  return (
    <nav className="issue-next" aria-label="本期导航">
      <p className="issue-next-where">
        <Link to={back} lang="en">
          {issue.data.name} · {issue.data.edition}
        </Link>
        <span>
          {' '}
          · 第 {at + 1}/{articles.length} 篇
        </span>
      </p>
      {next ? (
        <Link to={`/article/${next.id}?magazine=${issue.data.id}`} className="issue-next-link">
          <span className="issue-next-label">本期下一篇</span>
          <span className="issue-next-title" lang="en">
            {next.title}
          </span>
          {next.title_zh && <span className="issue-next-zh">{next.title_zh}</span>}
        </Link>
      ) : (
        <p className="issue-next-done">
          已读到本期最后一篇 · <Link to={back}>回到本期目录</Link>
        </p>
      )}
    </nav>
  );
}
