import { useState } from 'react';
import { useVisitorLogs, useVisitors } from '../../api/logs.queries';
import type { Output } from '../../api/client';
import { FormError } from '../../components/Field';
import { Modal } from '../../components/Modal';
import { Spinner } from '../../components/Spinner';
import { formatDateTime, formatRelative } from '../../lib/format';

type Visitor = Output<'visitor.list'>['list'][number];
type VisitorEvent = Output<'visitor.logs'>['list'][number];

const eventLabels: Record<string, string> = { OPEN_APP: '打开应用', PAGE_OPEN: '打开页面' };

/** Recent visitors, ten a page; tapping one shows their events. */
export function Visitors() {
  const visitors = useVisitors();
  const [selected, setSelected] = useState<Visitor | null>(null);
  const list = visitors.data?.pages.flatMap((page) => page.list) ?? [];

  return (
    <div className="admin-panel">
      {visitors.isPending ? (
        <Spinner />
      ) : visitors.error ? (
        <FormError message={visitors.error.msg} />
      ) : list.length === 0 ? (
        <p className="empty">还没有访客记录</p>
      ) : (
        <ul className="result-list" aria-label="访客列表">
          {list.map((visitor) => (
            <li key={visitor.cuid}>
              <button type="button" className="card visitor-card" onClick={() => setSelected(visitor)}>
                <span className="visitor-head">
                  <span className="visitor-name">{visitor.username ?? '匿名访客'}</span>
                  <span className="visitor-time">{formatRelative(visitor.last_seen_at)}</span>
                </span>
                <span className="visitor-meta">
                  <span className="mono">{visitor.cuid.slice(0, 10)}</span>
                  <span className="badge">{visitor.source === 'WEBVIEW' ? 'App' : '网页'}</span>
                  {visitor.platform && <span className="badge">{visitor.platform}</span>}
                  {visitor.is_new ? <span className="badge badge-accent">新访客</span> : <span className="badge">回访</span>}
                  <span>{visitor.events} 次事件</span>
                </span>
                {visitor.last_path && <span className="visitor-path mono">{visitor.last_path}</span>}
              </button>
            </li>
          ))}
        </ul>
      )}
      {visitors.hasNextPage && (
        <button
          type="button"
          className="button button-secondary button-block"
          disabled={visitors.isFetchingNextPage}
          onClick={() => void visitors.fetchNextPage()}
        >
          {visitors.isFetchingNextPage ? '加载中…' : '加载更多'}
        </button>
      )}
      <Modal
        open={selected !== null}
        onClose={() => setSelected(null)}
        title={selected ? `访客 ${selected.username ?? selected.cuid.slice(0, 10)}` : ''}
      >
        {selected && <VisitorEvents visitor={selected} />}
      </Modal>
    </div>
  );
}

function VisitorEvents({ visitor }: { visitor: Visitor }) {
  const logs = useVisitorLogs(visitor.cuid);
  const events = logs.data?.pages.flatMap((page) => page.list) ?? [];
  return (
    <div className="visitor-events">
      <dl className="info-list info-list-compact">
        <div>
          <dt>客户端 ID</dt>
          <dd className="mono">{visitor.cuid}</dd>
        </div>
        <div>
          <dt>首次访问</dt>
          <dd>{formatDateTime(visitor.first_seen_at)}</dd>
        </div>
        <div>
          <dt>最近访问</dt>
          <dd>{formatDateTime(visitor.last_seen_at)}</dd>
        </div>
      </dl>
      {logs.isPending ? (
        <Spinner />
      ) : logs.error ? (
        <FormError message={logs.error.msg} />
      ) : events.length === 0 ? (
        <p className="empty">没有事件</p>
      ) : (
        <ol className="event-list" aria-label="访客事件">
          {events.map((event) => (
            <li key={event.id} className="event-item">
              <span className="event-name">
                {eventLabels[event.name] && <span>{eventLabels[event.name]} </span>}
                <span className="event-code mono">{event.name}</span>
              </span>
              <span className="event-detail mono">{describeData(event)}</span>
              <time className="event-time" dateTime={event.created_at}>
                {formatDateTime(event.created_at)}
              </time>
            </li>
          ))}
        </ol>
      )}
      {logs.hasNextPage && (
        <button
          type="button"
          className="button button-secondary button-block"
          disabled={logs.isFetchingNextPage}
          onClick={() => void logs.fetchNextPage()}
        >
          {logs.isFetchingNextPage ? '加载中…' : '加载更多'}
        </button>
      )}
    </div>
  );
}

/** A page path when the event has one, else its data as compact JSON. */
function describeData(event: VisitorEvent): string {
  const data = event.data;
  if (data && typeof data === 'object' && 'path' in data && typeof data.path === 'string') return data.path;
  if (data === null || data === undefined) return '';
  return JSON.stringify(data);
}
