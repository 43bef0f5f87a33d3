import { useState } from 'react';
import { Link } from 'react-router';
import { PageHeader } from '../components/PageHeader';
import { Spinner } from '../components/Spinner';
import { toast } from '../lib/toast';
import { formatBytes, type KeptArticle } from './kept-list';
import { useKeptList, useOffline } from './useKeptList';
import '../styles/offline.css';

/**
 * 已下载 (`/offline`): the articles kept for reading offline, from the service worker's
 * caches, so it works with no network and with no home list ever seen. Reached from home and 我的.
 */
export function KeptScreen() {
  const { list, remove } = useKeptList();
  const offline = useOffline();
  const total = list?.reduce((sum, a) => sum + a.bytes, 0) ?? 0;
  return (
    <div className="page kept-screen">
      <PageHeader title="已下载" back />
      <p className="kept-intro">
        联网时打开过的文章会自动保存（最近 50 篇），没有网络时也能阅读、查词、划线和复习；离线读的时长，联网后补记。
      </p>
      {offline && (
        <p className="kept-offline" role="status">
          当前没有网络，可以阅读下面的文章
        </p>
      )}
      {list === null ? (
        <Spinner />
      ) : list.length === 0 ? (
        <p className="empty">还没有下载的文章。联网时打开一篇文章，它就会保存下来供离线阅读。</p>
      ) : (
        <>
          <p className="kept-summary">
            共 {list.length} 篇 · 约 {formatBytes(total)}
          </p>
          <KeptList list={list} onRemove={remove} />
        </>
      )}
    </div>
  );
}

/** The kept articles as links, each with its size; with `onRemove`, each with a 删除 button. */
export function KeptList({ list, onRemove }: { list: readonly KeptArticle[]; onRemove?: (id: number) => Promise<void> }) {
  const [removing, setRemoving] = useState<number | null>(null);
  return (
    <ul className="kept-list" aria-label="已下载的文章">
      {list.map((article) => (
        <li key={article.id} className="kept-item">
          <Link to={`/article/${article.id}`} className="kept-link">
            <span className="kept-title" lang="en">
              {article.title}
            </span>
            {article.title_zh && <span className="kept-title-zh">{article.title_zh}</span>}
            <span className="kept-meta">
              {formatBytes(article.bytes)}
              {article.kept_at > 0 && ` · ${new Date(article.kept_at).toLocaleDateString('zh-CN', { month: 'long', day: 'numeric' })}保存`}
            </span>
          </Link>
          {onRemove && (
            <button
              type="button"
              className="button button-secondary kept-remove"
              aria-label={`删除下载：${article.title}`}
              disabled={removing === article.id}
              onClick={() => {
                setRemoving(article.id);
                void onRemove(article.id)
                  .then(
                    () => toast('已删除，联网时再次打开即可重新下载'),
                    () => toast('删除失败，请稍后再试'),
                  )
                  .finally(() => setRemoving(null));
              }}
            >
              删除
            </button>
          )}
        </li>
      ))}
    </ul>
  );
}
