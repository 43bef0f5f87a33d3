import { useRef, useState, type FormEvent } from 'react';
import { Link, useParams } from 'react-router';
import type { MagazineArticle, MagazineDetail } from '@changdu/contract';
import {
  useAuditMagazine,
  useCrawlMagazine,
  useDownloadMagazine,
  useMagazine,
  useMagazineChanged,
  usePublishMagazine,
  useUploadMagazine,
} from '../../api/magazines.queries';
import { LevelChip } from '../../components/ArticleMeta';
import { ConfirmDialog } from '../../components/ConfirmDialog';
import { FormError } from '../../components/Field';
import { LoadFailed } from '../../components/LoadFailed';
import { Spinner } from '../../components/Spinner';
import { TaskProgress } from '../../components/TaskProgress';
import { imageAt, placeholderPath, readingTime } from '../../lib/articles';
import { formatDateTime } from '../../lib/format';
import { toast } from '../../lib/toast';
import { uploadWithToken } from './magazine-upload';
import { MagazineStatus } from './Magazines';
import '../../styles/magazines.css';

const stateLabels: Record<MagazineArticle['state'], string> = { pending: '待下载', downloaded: '已下载', failed: '下载失败' };
const reviewLabels: Record<MagazineArticle['review'], string> = { unreviewed: '未审核', approved: '审核通过', rejected: '已退回' };

/** `/admin/magazine/:id`: crawl or upload, download with progress, each article's state, audit and publish. */
export function MagazineEdit() {
  const id = Number(useParams().id);
  const issue = useMagazine(id);
  if (issue.isPending) return <Spinner />;
  if (issue.error) return <LoadFailed title="这一期加载失败" message={issue.error.msg} onRetry={() => void issue.refetch()} />;
  return <IssueEditor issue={issue.data} />;
}

function IssueEditor({ issue }: { issue: MagazineDetail }) {
  const changed = useMagazineChanged();
  const crawl = useCrawlMagazine();
  const download = useDownloadMagazine();
  const [task, setTask] = useState<{ id: number; label: string } | null>(issue.task_id ? { id: issue.task_id, label: '任务' } : null);
  const articles = issue.sections.flatMap((s) => s.articles);
  const toDownload = articles.filter((a) => a.state !== 'downloaded' && a.url?.startsWith('http')).length;
  const published = issue.status === 'published';

  const start = (label: string, mutate: typeof crawl.mutate) =>
    mutate({ id: issue.id }, { onSuccess: ({ task_id }) => setTask({ id: task_id, label }), onError: (err) => toast(err.msg) });

  return (
    <div className="admin-panel magazine-edit">
      <p>
        <Link to="/admin/magazine">← 全部期刊</Link>
      </p>
      <section className="card magazine-edit-head">
        <img className="magazine-cover" src={imageAt(issue.cover ?? placeholderPath(issue.placeholder), 300)} alt="" />
        <div className="magazine-edit-facts">
          <h2 className="magazine-edit-title">
            <span lang="en">{issue.name}</span> · {issue.edition}
          </h2>
          <p className="magazine-admin-meta">
            <MagazineStatus status={issue.status} />
            <span>{articles.length} 篇文章</span>
            {issue.published_at && <span>发布于 {formatDateTime(issue.published_at)}</span>}
            {published && (
              <Link to={`/magazine/${issue.id}`} className="section-more">
                读者看到的样子
              </Link>
            )}
          </p>
          {issue.url && <p className="mono magazine-url">{issue.url}</p>}
          {issue.crawl_error && (
            <p className="notice notice-danger" role="note">
              上次抓取出错：{issue.crawl_error}
            </p>
          )}
          {issue.status === 'rejected' && issue.review_reason && (
            <p className="notice notice-danger" role="note">
              退回原因：{issue.review_reason}
            </p>
          )}
          <div className="action-buttons">
            {issue.url && (
              <button
                type="button"
                className="button button-secondary button-small"
                disabled={published || crawl.isPending}
                onClick={() => start('抓取目录', crawl.mutate)}
              >
                抓取目录
              </button>
            )}
            <UploadButton issueId={issue.id} disabled={published} />
            <button
              type="button"
              className="button button-primary button-small"
              disabled={published || download.isPending || toDownload === 0}
              onClick={() => start('下载文章', download.mutate)}
            >
              下载文章{toDownload > 0 ? `（${toDownload} 篇）` : ''}
            </button>
          </div>
          {published && <p className="muted">本期已发布：撤回后才能重新抓取、下载或审核。</p>}
        </div>
      </section>
      {task && <TaskProgress key={task.id} taskId={task.id} label={task.label} linkLabel="刷新本期" onFinish={() => changed()} />}
      <ReviewBar issue={issue} />
      {articles.length === 0 ? (
        <p className="empty">还没有文章：抓取目录页，或上传本期的 EPUB。</p>
      ) : (
        issue.sections.map((section, i) => (
          <section key={`${section.title ?? ''}-${i}`} className="magazine-section" aria-label={section.title ?? '未分区'}>
            <h3 className="magazine-section-title">{section.title ?? '未分区'}</h3>
            <ol className="magazine-article-list">
              {section.articles.map((article) => (
                <ArticleRow key={article.id} issue={issue} article={article} />
              ))}
            </ol>
          </section>
        ))
      )}
    </div>
  );
}

function UploadButton({ issueId, disabled }: { issueId: number; disabled: boolean }) {
  const upload = useUploadMagazine();
  const input = useRef<HTMLInputElement>(null);
  const [busy, setBusy] = useState(false);
  const onFile = async (file: File | undefined) => {
    if (!file) return;
    setBusy(true);
    try {
      const link = await uploadWithToken(file);
      const issue = await upload.mutateAsync({ id: issueId, link });
      toast(`已从 EPUB 拆出文章，本期共 ${issue.article_count} 篇`);
    } catch (error) {
      toast(error instanceof Error ? error.message : '上传失败');
    } finally {
      setBusy(false);
      if (input.current) input.current.value = '';
    }
  };
  return (
    <>
      <input ref={input} type="file" accept=".epub,application/epub+zip" hidden onChange={(e) => void onFile(e.target.files?.[0])} />
      <button
        type="button"
        className="button button-secondary button-small"
        disabled={disabled || busy}
        onClick={() => input.current?.click()}
      >
        {busy ? '上传中…' : '上传 EPUB'}
      </button>
    </>
  );
}

function ReviewBar({ issue }: { issue: MagazineDetail }) {
  const audit = useAuditMagazine();
  const publish = usePublishMagazine();
  const [reason, setReason] = useState('');
  const [error, setError] = useState<string | null>(null);
  const fail = (err: { msg: string }) => setError(err.msg);
  const published = issue.status === 'published';

  const reject = (event: FormEvent) => {
    event.preventDefault();
    setError(null);
    if (!reason.trim()) return setError('请写明退回原因');
    audit.mutate({ id: issue.id, action: 'reject', reason: reason.trim() }, { onSuccess: () => setReason(''), onError: fail });
  };

  return (
    <section className="card magazine-review" aria-label="审核与发布">
      <h3 className="magazine-section-title">审核与发布</h3>
      <p className="muted">通过本期时，已下载且未审核的文章一并通过；发布时只发布审核通过的文章。</p>
      <form className="magazine-review-row" onSubmit={reject} noValidate>
        <button
          type="button"
          className="button button-secondary button-small"
          disabled={published || audit.isPending}
          onClick={() => {
            setError(null);
            audit.mutate({ id: issue.id, action: 'approve' }, { onError: fail, onSuccess: () => toast('本期已审核通过') });
          }}
        >
          通过本期
        </button>
        <input
          className="input magazine-reason"
          aria-label="退回原因"
          placeholder="退回原因"
          value={reason}
          disabled={published}
          onChange={(e) => setReason(e.target.value)}
        />
        <button type="submit" className="button button-secondary button-small" disabled={published || audit.isPending}>
          退回本期
        </button>
      </form>
      <div className="action-buttons">
        {published ? (
          <button
            type="button"
            className="button button-danger button-small"
            disabled={publish.isPending}
            onClick={() => publish.mutate({ id: issue.id, cancel: true }, { onError: fail, onSuccess: () => toast('已撤回本期') })}
          >
            撤回本期
          </button>
        ) : (
          <button
            type="button"
            className="button button-primary button-small"
            disabled={publish.isPending}
            onClick={() => {
              setError(null);
              publish.mutate({ id: issue.id }, { onError: fail, onSuccess: () => toast('本期已发布') });
            }}
          >
            发布本期
          </button>
        )}
      </div>
      <FormError message={error} />
    </section>
  );
}

function ArticleRow({ issue, article }: { issue: MagazineDetail; article: MagazineArticle }) {
  const audit = useAuditMagazine();
  const [rejecting, setRejecting] = useState(false);
  const [reason, setReason] = useState('');
  const [error, setError] = useState<string>();
  const locked = issue.status === 'published';
  const approve = () =>
    audit.mutate({ id: issue.id, articles: [{ id: article.id, action: 'approve' }] }, { onError: (err) => toast(err.msg) });
  const openReject = () => {
    setError(undefined);
    setRejecting(true);
  };
  const reject = () => {
    if (!reason.trim()) return setError('请写明退回原因');
    setError(undefined);
    audit.mutate(
      { id: issue.id, articles: [{ id: article.id, action: 'reject', reason: reason.trim() }] },
      { onSuccess: () => setRejecting(false), onError: (err) => setError(err.msg) },
    );
  };

  return (
    <li className="magazine-article" data-state={article.state}>
      <div className="magazine-article-main">
        <span className="magazine-article-pos">{article.position}</span>
        <div>
          {article.article_id ? (
            <Link to={`/admin/article/${article.article_id}`} className="magazine-article-title" lang="en">
              {article.title}
            </Link>
          ) : (
            <span className="magazine-article-title" lang="en">
              {article.title}
            </span>
          )}
          <p className="magazine-admin-meta">
            <span className="chip magazine-state" data-state={article.state}>
              {stateLabels[article.state]}
            </span>
            <span className="chip magazine-review-chip" data-review={article.review}>
              {reviewLabels[article.review]}
            </span>
            {article.article && (
              <>
                <LevelChip level={article.article.level} />
                <span className="chip chip-plain">{readingTime(article.article.reading_minutes)}</span>
              </>
            )}
          </p>
          {article.error && <p className="magazine-article-error">{article.error}</p>}
          {article.review === 'rejected' && article.review_reason && <p className="muted">退回原因：{article.review_reason}</p>}
        </div>
      </div>
      {article.article_id && !locked && (
        <div className="action-buttons">
          <button
            type="button"
            className="button button-secondary button-small"
            disabled={audit.isPending || article.review === 'approved'}
            onClick={approve}
          >
            通过
          </button>
          <button type="button" className="button button-secondary button-small" onClick={openReject}>
            退回
          </button>
          <Link to={`/admin/article/${article.article_id}`} className="button button-secondary button-small">
            编辑
          </Link>
        </div>
      )}
      <ConfirmDialog
        open={rejecting}
        title="退回文章"
        confirm="确定退回"
        pending={audit.isPending}
        error={error}
        onClose={() => setRejecting(false)}
        onConfirm={reject}
      >
        <p className="form-note">
          退回《<span lang="en">{article.title}</span>》：它不会随本期发布，原因会显示在这里。
        </p>
        <input
          className="input"
          aria-label={`退回《${article.title}》的原因`}
          placeholder="退回原因"
          value={reason}
          onChange={(e) => setReason(e.target.value)}
        />
      </ConfirmDialog>
    </li>
  );
}
