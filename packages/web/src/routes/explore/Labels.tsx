import { Link } from 'react-router';
import { useLabels } from '../../api/articles.queries';
import { LoadFailed } from '../../components/LoadFailed';
import { PageHeader } from '../../components/PageHeader';
import { Spinner } from '../../components/Spinner';

/** `/label`: every topic label with its article count, as a compact list. */
export function Labels() {
  const labels = useLabels();
  return (
    <div className="page">
      <PageHeader title="全部标签" back />
      {labels.isPending ? (
        <Spinner />
      ) : labels.error ? (
        <LoadFailed title="标签加载失败" message={labels.error.msg} onRetry={() => void labels.refetch()} />
      ) : labels.data.list.length === 0 ? (
        <p className="empty">还没有标签</p>
      ) : (
        <ul className="menu card label-list" aria-label="全部标签">
          {labels.data.list.map((label) => (
            <li key={label.topic}>
              <Link to={`/topic/${encodeURIComponent(label.topic)}`} className="menu-item">
                <span className="label-name">
                  {label.label}
                  <span className="label-slug" lang="en">
                    {label.topic}
                  </span>
                </span>
                <span className="label-count">{label.count} 篇</span>
              </Link>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
