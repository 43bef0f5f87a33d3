import { useState } from 'react';
import { Link } from 'react-router';
import type { Output } from '../../api/client';
import { useDownloadItem, useFeedChanged, useFeedItems } from '../../api/rss.queries';
import { StatusChip } from '../../components/ArticleMeta';
import { FormError } from '../../components/Field';
import { LoadMore } from '../../components/LoadMore';
import { Spinner } from '../../components/Spinner';
import { TaskProgress } from '../../components/TaskProgress';
import { formatDateTime } from '../../lib/format';
import { toast } from '../../lib/toast';

type Item = Output<'rss.items'>['list'][number];

/** A feed's items, newest first: each can be downloaded into a draft, or links to its draft. */
export function FeedItems({ feedId }: { feedId: number }) {
  const items = useFeedItems(feedId);
  const list = items.data?.pages.flatMap((page) => page.list) ?? [];
  if (items.isPending) return <Spinner label="条目加载中" />;
  if (items.error && list.length === 0) return <FormError message={items.error.msg} />;
  return (
    <div className="feed-items">
      {list.length === 0 ? (
        <p className="muted">还没有条目，点“抓取”获取。</p>
      ) : (
        <ul aria-label="条目">
          {list.map((item) => (
            <FeedItemRow key={item.id} item={item} />
          ))}
        </ul>
      )}
      <LoadMore
        auto={false}
        hasNextPage={items.hasNextPage}
        isFetchingNextPage={items.isFetchingNextPage}
        fetchNextPage={() => items.fetchNextPage()}
        failed={items.isFetchNextPageError}
      />
    </div>
  );
}

function FeedItemRow({ item }: { item: Item }) {
  const download = useDownloadItem();
  const feedChanged = useFeedChanged();
  const [taskId, setTaskId] = useState<number | null>(null);
  const start = () =>
    download.mutate({ id: item.id }, { onSuccess: ({ task_id }) => setTaskId(task_id), onError: (err) => toast(err.msg) });
  const date = item.published_at ?? item.created_at;

  return (
    <li className="feed-item">
      <div className="feed-item-row">
        <div className="feed-item-main">
          <a href={item.url} target="_blank" rel="noopener noreferrer" className="feed-item-title" lang="en">
            {item.title}
          </a>
          <p className="feed-item-meta">
            <time dateTime={date}>{formatDateTime(date)}</time>
            {item.author && <span lang="en">{item.author}</span>}
            {item.article_status && <StatusChip status={item.article_status} />}
          </p>
        </div>
        <div className="action-buttons">
          {item.article_id !== null && taskId === null && (
            <Link to={`/admin/article/${item.article_id}`} className="button button-ghost button-small">
              查看草稿
            </Link>
          )}
          <button type="button" className="button button-secondary button-small" disabled={download.isPending} onClick={start}>
            {item.article_id === null ? '下载' : '重新下载'}
          </button>
        </div>
      </div>
      {taskId !== null && <TaskProgress key={taskId} taskId={taskId} label="下载" linkLabel="查看草稿" onFinish={feedChanged} />}
    </li>
  );
}
