import { useState, type FormEvent } from 'react';
import { Link } from 'react-router';
import {
  collectionStateLabels,
  collectionStates,
  creatorApplicationLabels,
  creatorApplicationStatuses,
  type CreatorApplication,
} from '@changdu/contract';
import { useApplications, useManagedCollections, useReviewApplication } from '../../api/collections.queries';
import { errorMessage } from '../../api/client';
import { FormError } from '../../components/Field';
import { LoadMore } from '../../components/LoadMore';
import { SegmentedTabs, useParamTab } from '../../components/ParamTabs';
import { Spinner } from '../../components/Spinner';
import { formatDateTime } from '../../lib/format';
import { toast } from '../../lib/toast';
import { ConfirmDialog } from '../../components/ConfirmDialog';
import { OwnerActions } from './OwnerActions';
import { CollectionCover } from './parts';
import '../../styles/collections.css';

type State = (typeof collectionStates)[number];
type AppStatus = (typeof creatorApplicationStatuses)[number];

const TABS = [
  ['collections', '合集'],
  ['apply', '创作者申请'],
] as const;

/** `/admin/collection`: every collection (publish, withdraw, edit, delete) and creator applications. */
export function AdminCollections() {
  const [tab, selectTab] = useParamTab(TABS);
  return (
    <div className="admin-panel">
      <SegmentedTabs label="合集管理" tabs={TABS} current={tab} onSelect={selectTab} />
      {tab === 'collections' ? <Collections /> : <Applications />}
    </div>
  );
}

function Collections() {
  const [state, setState] = useState<State | undefined>(undefined);
  const [typed, setTyped] = useState('');
  const [q, setQ] = useState('');
  const query = useManagedCollections({ ...(state ? { state } : {}), ...(q ? { q } : {}) });
  const rows = query.data?.pages.flatMap((p) => p.list) ?? [];
  const onSearch = (event: FormEvent) => {
    event.preventDefault();
    setQ(typed.trim());
  };
  return (
    <>
      <div className="admin-toolbar">
        <div className="filter-chips" role="group" aria-label="按状态筛选">
          <button type="button" className="filter-chip" aria-pressed={!state} onClick={() => setState(undefined)}>
            全部
          </button>
          {collectionStates.map((s) => (
            <button key={s} type="button" className="filter-chip" aria-pressed={state === s} onClick={() => setState(s)}>
              {collectionStateLabels[s]}
            </button>
          ))}
        </div>
        <Link to="/admin/collection/edit" className="button button-primary button-small">
          新建合集
        </Link>
      </div>
      <form className="picker-search" role="search" onSubmit={onSearch}>
        <input
          className="input"
          type="search"
          placeholder="合集标题"
          aria-label="按标题搜索"
          value={typed}
          onChange={(e) => setTyped(e.target.value)}
        />
        <button type="submit" className="button button-secondary">
          筛选
        </button>
      </form>
      {query.isPending ? (
        <Spinner />
      ) : query.error && rows.length === 0 ? (
        <FormError message={query.error.msg} />
      ) : rows.length === 0 ? (
        <p className="empty">没有符合条件的合集</p>
      ) : (
        <ul className="admin-collections" aria-label="合集列表">
          {rows.map((c) => (
            <li key={c.id} className="card admin-collection">
              <CollectionCover collection={c} className="admin-collection-cover" />
              <div className="admin-collection-main">
                <p className="admin-collection-title">
                  {c.deleted_at ? <span>{c.title}</span> : <Link to={`/collection/${c.id}/show`}>{c.title}</Link>}
                  <span className={`badge${c.is_published ? '' : ' badge-muted'}`}>
                    {c.deleted_at ? '已删除' : c.is_published ? '已发布' : '未发布'}
                  </span>
                </p>
                <p className="muted">
                  {c.owner.name} · {c.article_count} 篇 · {c.follower_count} 人关注 · 更新于 {formatDateTime(c.updated_at)}
                </p>
                {!c.deleted_at && (
                  <OwnerActions collection={c} editPath={`/admin/collection/edit?id=${c.id}`} afterDelete="/admin/collection" />
                )}
              </div>
            </li>
          ))}
        </ul>
      )}
      <LoadMore
        auto={false}
        hasNextPage={query.hasNextPage}
        isFetchingNextPage={query.isFetchingNextPage}
        fetchNextPage={() => query.fetchNextPage()}
        failed={query.isFetchNextPageError}
      />
    </>
  );
}

function Applications() {
  const [status, setStatus] = useState<AppStatus>('pending');
  const query = useApplications(status);
  const rows = query.data?.pages.flatMap((p) => p.list) ?? [];
  const [refusing, setRefusing] = useState<CreatorApplication | null>(null);
  const review = useReviewApplication();
  const approve = (a: CreatorApplication) =>
    review.mutate(
      { id: a.id, action: 'approve' },
      { onSuccess: () => toast(`已通过，${a.user.username} 成为创作者`), onError: (e) => toast(errorMessage(e)) },
    );
  return (
    <>
      <div className="filter-chips" role="group" aria-label="按状态筛选">
        {creatorApplicationStatuses.map((s) => (
          <button key={s} type="button" className="filter-chip" aria-pressed={status === s} onClick={() => setStatus(s)}>
            {creatorApplicationLabels[s]}
          </button>
        ))}
      </div>
      {query.isPending ? (
        <Spinner />
      ) : query.error && rows.length === 0 ? (
        <FormError message={query.error.msg} />
      ) : rows.length === 0 ? (
        <p className="empty">没有{creatorApplicationLabels[status]}的申请</p>
      ) : (
        <ul className="admin-collections" aria-label="创作者申请">
          {rows.map((a) => (
            <li key={a.id} className="card application">
              <p className="admin-collection-title">
                <span>{a.user.username}</span>
                <span className="badge">{creatorApplicationLabels[a.status]}</span>
              </p>
              <p className="muted">提交于 {formatDateTime(a.created_at)}</p>
              <blockquote className="apply-statement">{a.statement}</blockquote>
              {a.bio && <p>简介：{a.bio}</p>}
              {a.reason && <p className="muted">拒绝原因：{a.reason}</p>}
              {a.status === 'pending' && (
                <div className="owner-actions">
                  <button
                    type="button"
                    className="button button-primary button-small"
                    disabled={review.isPending}
                    onClick={() => approve(a)}
                  >
                    通过
                  </button>
                  <button type="button" className="button button-secondary button-small" onClick={() => setRefusing(a)}>
                    拒绝
                  </button>
                </div>
              )}
            </li>
          ))}
        </ul>
      )}
      <LoadMore
        auto={false}
        hasNextPage={query.hasNextPage}
        isFetchingNextPage={query.isFetchingNextPage}
        fetchNextPage={() => query.fetchNextPage()}
        failed={query.isFetchNextPageError}
      />
      <RefuseDialog application={refusing} onClose={() => setRefusing(null)} />
    </>
  );
}

function RefuseDialog({ application, onClose }: { application: CreatorApplication | null; onClose: () => void }) {
  const review = useReviewApplication();
  const [reason, setReason] = useState('');
  const close = () => {
    review.reset();
    setReason('');
    onClose();
  };
  return (
    <ConfirmDialog
      open={application !== null}
      title="拒绝申请"
      confirm="确定拒绝"
      pending={review.isPending}
      error={review.error?.msg}
      onClose={close}
      onConfirm={() =>
        application &&
        review.mutate(
          { id: application.id, action: 'refuse', reason },
          {
            onSuccess: () => {
              toast('已拒绝');
              close();
            },
          },
        )
      }
    >
      <label className="field">
        <span className="field-label">拒绝原因（申请人会看到）</span>
        <textarea className="textarea" rows={3} maxLength={300} value={reason} onChange={(e) => setReason(e.target.value)} />
      </label>
    </ConfirmDialog>
  );
}
