import { Link } from 'react-router';
import type { MagazineCard } from '@changdu/contract';
import { imageAt, placeholderPath } from '../../lib/articles';
import { formatDate } from '../../lib/format';
import '../../styles/magazines.css';

/** One issue as a cover with its name and edition. */
export function IssueTile({ issue }: { issue: MagazineCard }) {
  const path = issue.cover ?? placeholderPath(issue.placeholder);
  return (
    <li className="issue-tile">
      <Link to={`/magazine/${issue.id}`} className="issue-tile-link">
        <img
          className="issue-tile-cover"
          src={imageAt(path, 300)}
          srcSet={`${imageAt(path, 300)} 1x, ${imageAt(path, 600)} 2x`}
          alt=""
          loading="lazy"
        />
        <span className="issue-tile-name" lang="en">
          {issue.name}
        </span>
        <span className="issue-tile-edition">
          {issue.edition} · {issue.article_count} 篇
        </span>
        {issue.published_at && <span className="visually-hidden">发布于 {formatDate(issue.published_at)}</span>}
      </Link>
    </li>
  );
}

/** Issues as a row of covers (on /explore), or a grid (on /magazine). */
export function IssueShelf({ issues, grid = false }: { issues: MagazineCard[]; grid?: boolean }) {
  return (
    <ul className={grid ? 'issue-grid' : 'issue-shelf'} aria-label="杂志期刊">
      {issues.map((issue) => (
        <IssueTile key={issue.id} issue={issue} />
      ))}
    </ul>
  );
}
