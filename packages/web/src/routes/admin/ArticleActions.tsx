import { useState, type FormEvent } from 'react';
import { articleStatuses, statusLabels, type ArticleManage, type ArticleStatus, type Task } from '@changdu/contract';
import { useAuditArticle, useLockArticle, usePublishArticle, useRedownloadArticle } from '../../api/articles.queries';
import { FormError, SubmitButton } from '../../components/Field';
import { Modal } from '../../components/Modal';
import { TaskProgress } from '../../components/TaskProgress';
import { localInputToIso } from '../../lib/format';
import { showToast, toast } from '../../lib/toast';
import { RetranslateAction } from './RetranslateAction';

/** After publishing: the server's warning about missing Chinese stays longer, else a short confirmation. */
function published(a: ArticleManage, done: string): void {
  if (a.warning) showToast({ message: a.warning, duration: 6000, dismissible: true });
  else toast(done);
}

export interface ArticleActionsProps {
  article: ArticleManage;
  /** A re-extraction or retranslation finished: the page reloads the article into the form and says `message`. */
  onTaskDone: (task: Task, message: string) => void;
  onDelete: () => void;
}

/** The workflow of one article: members-only lock, audit, publish, re-extract, re-translate, delete. */
export function ArticleActions({ article, onTaskDone, onDelete }: ArticleActionsProps) {
  const lock = useLockArticle();
  const audit = useAuditArticle();
  const redownload = useRedownloadArticle();
  const [rejecting, setRejecting] = useState(false);
  const [taskId, setTaskId] = useState<number | null>(null);

  const toggleLock = () =>
    lock.mutate(
      { id: article.id, is_lock: !article.is_lock },
      { onSuccess: (a) => toast(a.is_lock ? '已设为会员文章' : '已取消会员锁'), onError: (err) => toast(err.msg) },
    );
  const approve = () =>
    audit.mutate({ id: article.id, action: 'approve' }, { onSuccess: (a) => published(a, '已通过审核'), onError: (err) => toast(err.msg) });
  const startRedownload = () =>
    redownload.mutate({ id: article.id }, { onSuccess: ({ task_id }) => setTaskId(task_id), onError: (err) => toast(err.msg) });

  return (
    <section className="card edit-section edit-actions" aria-label="发布与审核">
      <div className="action-row">
        <div className="action-main">
          <h3 className="action-title">会员锁</h3>
          <p className="action-hint">开启后，非会员只能读到开头几段。</p>
        </div>
        <button
          type="button"
          role="switch"
          aria-checked={article.is_lock}
          aria-label="会员锁"
          className="switch"
          disabled={lock.isPending}
          onClick={toggleLock}
        >
          <span className="switch-thumb" />
        </button>
      </div>

      <div className="action-row">
        <div className="action-main">
          <h3 className="action-title">审核</h3>
          <p className="action-hint">通过即发布；退回需写明原因，作者会在此看到。</p>
        </div>
        <div className="action-buttons">
          <button type="button" className="button button-secondary button-small" disabled={audit.isPending} onClick={approve}>
            通过
          </button>
          <button type="button" className="button button-danger button-small" disabled={audit.isPending} onClick={() => setRejecting(true)}>
            退回
          </button>
        </div>
      </div>

      <PublishForm article={article} />

      <div className="action-row">
        <div className="action-main">
          <h3 className="action-title">重新抽取</h3>
          <p className="action-hint">
            {article.url ? '从原文地址重新抽取正文；未改动的段落保留已编辑的译文。' : '这篇文章没有原文地址，无法重新抽取。'}
          </p>
        </div>
        <div className="action-buttons">
          <button
            type="button"
            className="button button-secondary button-small"
            disabled={!article.url || redownload.isPending}
            onClick={startRedownload}
          >
            重新抽取
          </button>
        </div>
      </div>
      {taskId !== null && <TaskProgress key={taskId} taskId={taskId} label="重新抽取" onFinish={(task) => onTaskDone(task, '正文已重新抽取')} />}

      <RetranslateAction articleId={article.id} onFinish={(task) => onTaskDone(task, '译文已更新')} />

      <div className="action-row">
        <div className="action-main">
          <h3 className="action-title">删除</h3>
          <p className="action-hint">删除后无法恢复，读者也将无法再打开。</p>
        </div>
        <button type="button" className="button button-danger button-small" onClick={onDelete}>
          删除
        </button>
      </div>

      <Modal open={rejecting} onClose={() => setRejecting(false)} title="退回文章">
        <RejectForm article={article} onDone={() => setRejecting(false)} />
      </Modal>
    </section>
  );
}

function PublishForm({ article }: { article: ArticleManage }) {
  const publish = usePublishArticle();
  const [status, setStatus] = useState<ArticleStatus>('published');
  const [when, setWhen] = useState('');
  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    const publishedAt = localInputToIso(when);
    // published_at goes only when filled (spec §4): an empty date keeps the stored one.
    publish.mutate(
      { id: article.id, status, ...(publishedAt ? { published_at: publishedAt } : {}) },
      {
        onSuccess: (a) => {
          published(a, `状态已设为“${statusLabels[a.status]}”`);
          setWhen('');
        },
        onError: (err) => toast(err.msg),
      },
    );
  };
  return (
    <form className="action-row action-row-form" onSubmit={onSubmit} aria-label="发布">
      <div className="action-main">
        <h3 className="action-title">发布</h3>
        <p className="action-hint">发布时间留空则不修改{article.published_at ? '' : '（发布时取当前时间）'}。</p>
      </div>
      <div className="action-buttons action-publish">
        <select
          className="input select select-small"
          aria-label="状态"
          value={status}
          onChange={(e) => setStatus(e.target.value as ArticleStatus)}
        >
          {articleStatuses.map((s) => (
            <option key={s} value={s}>
              {statusLabels[s]}
            </option>
          ))}
        </select>
        <input
          type="datetime-local"
          className="input input-small"
          aria-label="发布时间"
          value={when}
          onChange={(e) => setWhen(e.target.value)}
        />
        <button type="submit" className="button button-primary button-small" disabled={publish.isPending}>
          {status === 'published' ? '发布' : `设为${statusLabels[status]}`}
        </button>
      </div>
    </form>
  );
}

function RejectForm({ article, onDone }: { article: ArticleManage; onDone: () => void }) {
  const audit = useAuditArticle();
  const [reason, setReason] = useState('');
  const [error, setError] = useState<string | null>(null);
  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    if (!reason.trim()) return setError('请填写退回原因');
    audit.mutate(
      { id: article.id, action: 'reject', reason: reason.trim() },
      {
        onSuccess: () => {
          toast('已退回');
          onDone();
        },
        onError: (err) => setError(err.msg),
      },
    );
  };
  return (
    <form className="form" onSubmit={onSubmit} noValidate>
      <div className="field">
        <label className="field-label" htmlFor="reject-reason">
          退回原因
        </label>
        <textarea
          id="reject-reason"
          className="input textarea"
          rows={4}
          maxLength={500}
          placeholder="例如：译文第 3 段漏译；标题需要更准确"
          value={reason}
          onChange={(e) => setReason(e.target.value)}
        />
      </div>
      <FormError message={error} />
      <SubmitButton pending={audit.isPending}>退回</SubmitButton>
    </form>
  );
}
