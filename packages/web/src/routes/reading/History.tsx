import { Link } from 'react-router';
import { useReadingHistory } from '../../api/reader.queries';
import { PageHeader } from '../../components/PageHeader';
import { ReadingCard, ReadingList } from '../../components/ReadingList';
import { RequireLogin } from '../../components/RequireLogin';
import { formatRelative } from '../../lib/format';
import '../../styles/reading-screens.css';

/** "读了 N 分钟" from seconds; under a minute says so. */
export function readFor(seconds: number): string {
  return seconds < 60 ? '读了不到 1 分钟' : `读了 ${Math.round(seconds / 60)} 分钟`;
}

/** 阅读记录: the articles I read, most recent first, with time spent and whether finished. */
export function History() {
  return (
    <RequireLogin>
      <HistoryScreen />
    </RequireLogin>
  );
}

function HistoryScreen() {
  const query = useReadingHistory();
  return (
    <div className="page">
      <PageHeader
        title="阅读记录"
        back
        actions={
          <Link to="/read_data" className="header-link">
            阅读数据
          </Link>
        }
      />
      <ReadingList
        query={query}
        label="读过的文章"
        empty="还没有阅读记录。登录后读文章，时长会自动记下"
        item={(article) => (
          <ReadingCard key={article.id} article={article}>
            <span>{readFor(article.spent_time)}</span>
            {article.is_finish && <span className="chip chip-done">已读完</span>}
            <span>{formatRelative(article.last_read_at)}</span>
          </ReadingCard>
        )}
      />
    </div>
  );
}
