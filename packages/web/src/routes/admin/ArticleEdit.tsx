import { useRef, useState } from 'react';
import { Link, useNavigate, useParams } from 'react-router';
import { Codes, type ArticleManage } from '@changdu/contract';
import { useArticleForEdit, useDeleteArticle } from '../../api/articles.queries';
import { LevelChip, LockMark, StatusChip } from '../../components/ArticleMeta';
import { LoadFailed } from '../../components/LoadFailed';
import { ConfirmDialog } from '../../components/ConfirmDialog';
import { Spinner } from '../../components/Spinner';
import { formatDateTime } from '../../lib/format';
import { toast } from '../../lib/toast';
import { ArticleActions } from './ArticleActions';
import { ArticleForm } from './ArticleForm';

/** `/admin/article/{id}`: the workflow actions, every field, and the change history. */
export function ArticleEdit() {
  const { id } = useParams();
  const articleId = Number(id);
  const article = useArticleForEdit(articleId);
  // The form starts from the article when mounted; a new version remounts it after a save or re-extraction.
  const [formVersion, setFormVersion] = useState(0);
  const [deleting, setDeleting] = useState(false);
  const allowLeave = useRef(false);

  if (article.isPending) return <Spinner />;
  if (article.error) {
    if (article.error.code === Codes.NOT_FOUND) {
      return (
        <div className="admin-panel">
          <p className="empty">文章不存在或已删除</p>
          <Link to="/admin/articles" className="button button-secondary">
            返回文章列表
          </Link>
        </div>
      );
    }
    return <LoadFailed title="文章加载失败" message={article.error.msg} onRetry={() => void article.refetch()} />;
  }

  const a = article.data;
  return (
    <div className="admin-panel article-edit">
      <EditHead article={a} />
      <ArticleActions
        article={a}
        onTaskDone={(task, message) => {
          if (task.status !== 'done') return;
          void article.refetch().then(() => {
            setFormVersion((v) => v + 1);
            toast(message);
          });
        }}
        onDelete={() => setDeleting(true)}
      />
      <ArticleForm key={`${a.id}:${formVersion}`} article={a} allowLeave={allowLeave} onSaved={() => setFormVersion((v) => v + 1)} />
      <History events={a.events} />
      {deleting && <DeleteConfirm article={a} allowLeave={allowLeave} onCancel={() => setDeleting(false)} />}
    </div>
  );
}

function EditHead({ article }: { article: ArticleManage }) {
  return (
    <header className="edit-head">
      <div className="edit-head-main">
        <p className="edit-kicker">
          <span className="mono">#{article.id}</span>
          <StatusChip status={article.status} />
          <LevelChip level={article.level} />
          {article.is_lock && <LockMark />}
        </p>
        <h2 className="edit-title" lang="en">
          {article.title}
        </h2>
        {article.title_zh && <p className="edit-title-zh">{article.title_zh}</p>}
        <p className="edit-facts">
          {article.source && <span>{article.source}</span>}
          <span>{article.word_count} 词</span>
          <span>创建 {formatDateTime(article.created_at)}</span>
          <span>更新 {formatDateTime(article.updated_at)}</span>
          {article.published_at && <span>发布 {formatDateTime(article.published_at)}</span>}
        </p>
      </div>
      <div className="edit-head-links">
        <Link to={`/article/${article.id}`} className="button button-secondary button-small">
          预览
        </Link>
        {article.url && (
          <a href={article.url} target="_blank" rel="noopener noreferrer" className="button button-ghost button-small">
            原文
          </a>
        )}
      </div>
      <TranslationStatus translation={article.translation} />
      {article.reject_reason && (
        <p className="notice notice-danger" role="note">
          退回原因：{article.reject_reason}
        </p>
      )}
    </header>
  );
}

/** Which parts still lack Chinese; publishing stays possible (the server's answer warns again). */
export function TranslationStatus({ translation: t }: { translation: ArticleManage['translation'] }) {
  const missing = [
    ...(t.title ? [] : ['中文标题']),
    ...(t.summary ? [] : ['中文摘要']),
    ...(t.translated < t.paragraphs ? [`正文 ${t.paragraphs - t.translated}/${t.paragraphs} 段`] : []),
  ];
  if (missing.length === 0) {
    return <p className="edit-translation is-complete">译文齐全</p>;
  }
  return (
    <p className="notice notice-warning edit-translation" role="note">
      还没有译文：{missing.join('、')}。可以照常发布，读者打开“双语”时会看到“这篇文章还没有译文”。
    </p>
  );
}

const actionLabels: Record<string, string> = {
  create: '创建',
  created: '创建',
  crawl: '抓取',
  download: '下载',
  update: '修改',
  lock: '设为会员文章',
  unlock: '取消会员锁',
  approve: '审核通过',
  reject: '退回',
  audit: '审核',
  publish: '设置状态',
  status: '设置状态',
  redownload: '重新抽取',
  retranslate: '重新翻译',
};

function History({ events }: { events: ArticleManage['events'] }) {
  const sorted = [...events].sort((x, y) => y.created_at.localeCompare(x.created_at) || y.id - x.id);
  return (
    <section className="card edit-section" aria-labelledby="history-title">
      <h3 id="history-title" className="edit-section-title">
        修改记录
      </h3>
      {sorted.length === 0 ? (
        <p className="muted">还没有记录</p>
      ) : (
        <ol className="history" aria-label="修改记录">
          {sorted.map((event) => (
            <li key={event.id} className="history-item">
              <span className="history-action">{actionLabels[event.action] ?? event.action}</span>
              <span className="history-who">{event.user?.username ?? '系统'}</span>
              <time className="history-time" dateTime={event.created_at}>
                {formatDateTime(event.created_at)}
              </time>
              {event.detail && <span className="history-detail">{event.detail}</span>}
            </li>
          ))}
        </ol>
      )}
    </section>
  );
}

function DeleteConfirm({
  article,
  allowLeave,
  onCancel,
}: {
  article: ArticleManage;
  allowLeave: { current: boolean };
  onCancel: () => void;
}) {
  const navigate = useNavigate();
  const remove = useDeleteArticle();
  return (
    <ConfirmDialog
      open
      title="删除文章"
      confirm="确定删除"
      pending={remove.isPending}
      error={remove.error?.msg}
      onClose={onCancel}
      onConfirm={() =>
        remove.mutate(
          { id: article.id },
          {
            onSuccess: () => {
              allowLeave.current = true;
              toast('文章已删除');
              void navigate('/admin/articles');
            },
          },
        )
      }
    >
      <p className="form-note">
        确定删除《<span lang="en">{article.title}</span>》吗？删除后无法恢复，读者也将无法再打开它。
      </p>
    </ConfirmDialog>
  );
}
