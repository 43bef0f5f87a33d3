import { useState } from 'react';
import { EXPORT_MAX_ARTICLES } from '@changdu/contract';
import { endpointUrl } from '../../api/client';
import { useExportArticles } from '../../api/media.queries';
import { TaskProgress } from '../../components/TaskProgress';
import '../../styles/media.css';

/** Exports the given articles (Markdown with my notes and words, plus an EPUB) as a job, then offers the ZIP. */
export function ExportArticles({ articleIds }: { articleIds: number[] }) {
  const exporting = useExportArticles();
  const [done, setDone] = useState(false);
  const ids = articleIds.slice(0, EXPORT_MAX_ARTICLES);
  if (ids.length === 0) return null;
  const taskId = exporting.data?.task_id ?? null;
  return (
    <div className="media-download">
      {taskId === null ? (
        <button
          type="button"
          className="button button-secondary button-small"
          disabled={exporting.isPending}
          onClick={() => exporting.mutate({ article_ids: ids })}
        >
          导出 {ids.length} 篇（Markdown + EPUB）
        </button>
      ) : (
        <TaskProgress taskId={taskId} label="导出文章" onFinish={(task) => setDone(task.status === 'done')} />
      )}
      {exporting.error && <p role="alert">{exporting.error.msg}</p>}
      {done && taskId !== null && (
        <a className="button button-primary button-small" href={endpointUrl('article.exportFile', { task_id: taskId })} download>
          下载 ZIP
        </a>
      )}
    </div>
  );
}
