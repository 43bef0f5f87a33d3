import { useState, type FormEvent } from 'react';
import type { Output } from '../../api/client';
import { useAddFeed, useCrawlFeed, useFeedChanged, useFeeds } from '../../api/rss.queries';
import { Field, FormError } from '../../components/Field';
import { Spinner } from '../../components/Spinner';
import { TaskProgress } from '../../components/TaskProgress';
import { formatDateTime, formatRelative } from '../../lib/format';
import { toast } from '../../lib/toast';
import { FeedItems } from './FeedItems';

type Feed = Output<'rss.feeds'>['list'][number];

const DEMO_FEED_PATH = '/api/demo/feed.xml';

/** The demo feed the app serves itself, so the crawl → download flow works offline. */
export function demoFeedUrl(): string {
  return `${window.location.origin}${DEMO_FEED_PATH}`;
}

/** Whether a feed is the app's demo feed, whatever host name it was added under. */
function isDemoFeed(url: string): boolean {
  try {
    return new URL(url).pathname === DEMO_FEED_PATH;
  } catch {
    return false;
  }
}

/** `/admin/rss`: feeds, adding one, crawling with progress, and each feed's items. */
export function Rss() {
  const feeds = useFeeds();
  const list = feeds.data?.list ?? [];
  const demo = list.find((feed) => isDemoFeed(feed.url));
  return (
    <div className="admin-panel">
      <AddFeedForm demo={demo} />
      {feeds.isPending ? (
        <Spinner />
      ) : feeds.error ? (
        <FormError message={feeds.error.msg} />
      ) : list.length === 0 ? (
        <p className="empty">还没有订阅源。添加一个 RSS 或 Atom 地址，或先试试演示源。</p>
      ) : (
        <ul className="result-list" aria-label="订阅源">
          {list.map((feed) => (
            <FeedCard key={feed.id} feed={feed} />
          ))}
        </ul>
      )}
    </div>
  );
}

function AddFeedForm({ demo }: { demo: Feed | undefined }) {
  const add = useAddFeed();
  const [url, setUrl] = useState('');
  const [error, setError] = useState<string | null>(null);

  const submit = (value: string) => {
    setError(null);
    add.mutate(
      { url: value },
      {
        onSuccess: (feed) => {
          toast(`已添加“${feed.title}”`);
          setUrl('');
        },
        // The server says why: not reachable, not a feed, a private address…
        onError: (err) => setError(err.msg),
      },
    );
  };
  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    if (!url.trim()) return setError('请填写订阅地址');
    submit(url.trim());
  };

  return (
    <form className="card add-feed" onSubmit={onSubmit} noValidate>
      <Field
        label="添加订阅源"
        name="url"
        type="url"
        inputMode="url"
        placeholder="https://example.com/feed.xml"
        autoComplete="off"
        value={url}
        onChange={(e) => setUrl(e.target.value)}
        addon={
          <button type="submit" className="button button-primary" disabled={add.isPending}>
            添加
          </button>
        }
        hint={
          <>
            {/* The address the demo feed was seeded under (this server under another name is the same feed). */}
            应用自带一个演示源：<span className="mono">{demo?.url ?? demoFeedUrl()}</span>
            {demo && '（已添加）'}
          </>
        }
      />
      <FormError message={error} />
      {!demo && (
        <div>
          <button
            type="button"
            className="button button-secondary button-small"
            disabled={add.isPending}
            onClick={() => submit(demoFeedUrl())}
          >
            添加演示源
          </button>
        </div>
      )}
    </form>
  );
}

function FeedCard({ feed }: { feed: Feed }) {
  const crawl = useCrawlFeed();
  const feedChanged = useFeedChanged();
  const [taskId, setTaskId] = useState<number | null>(null);
  const [open, setOpen] = useState(false);

  const start = () =>
    crawl.mutate(
      { id: feed.id },
      {
        onSuccess: ({ task_id }) => setTaskId(task_id),
        onError: (err) => toast(err.msg),
      },
    );

  return (
    <li className="card feed-card">
      <div className="feed-head">
        <div className="feed-main">
          <h3 className="feed-title">{feed.title}</h3>
          <p className="feed-url mono">{feed.url}</p>
        </div>
        <div className="action-buttons">
          <button type="button" className="button button-primary button-small" disabled={crawl.isPending} onClick={start}>
            抓取
          </button>
          <button type="button" className="button button-secondary button-small" aria-expanded={open} onClick={() => setOpen(!open)}>
            {open ? '收起条目' : '查看条目'}
          </button>
        </div>
      </div>
      <dl className="feed-facts">
        <div>
          <dt>条目</dt>
          <dd>{feed.item_count}</dd>
        </div>
        <div>
          <dt>上次抓取</dt>
          <dd title={feed.last_crawled_at ? formatDateTime(feed.last_crawled_at) : undefined}>
            {feed.last_crawled_at ? formatRelative(feed.last_crawled_at) : '从未'}
          </dd>
        </div>
      </dl>
      {feed.last_error && (
        <p className="notice notice-danger" role="note">
          上次出错：{feed.last_error}
        </p>
      )}
      {taskId !== null && (
        <TaskProgress
          key={taskId}
          taskId={taskId}
          label="抓取"
          onFinish={(task) => {
            feedChanged();
            if (task.status === 'done') setOpen(true);
          }}
        />
      )}
      {open && <FeedItems feedId={feed.id} />}
    </li>
  );
}
