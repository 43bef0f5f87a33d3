import { useState } from 'react';
import type { Task } from '@changdu/contract';
import { useRetranslateArticle } from '../../api/ai.queries';
import { TaskProgress } from '../../components/TaskProgress';
import { toast } from '../../lib/toast';

/**
 * 重新翻译: re-translates the article's paragraphs as a task with progress. "保留已有译文"
 * (cache) keeps paragraphs that already have Chinese; "用 AI 翻译" (ai) asks the provider
 * for the rest, otherwise only cached translations are filled in.
 */
export function RetranslateAction({ articleId, onFinish }: { articleId: number; onFinish: (task: Task) => void }) {
  const retranslate = useRetranslateArticle();
  // As the spec's defaults: ai=false, cache=true.
  const [ai, setAi] = useState(false);
  const [cache, setCache] = useState(true);
  const [taskId, setTaskId] = useState<number | null>(null);
  const start = () =>
    retranslate.mutate({ id: articleId, ai, cache }, { onSuccess: ({ task_id }) => setTaskId(task_id), onError: (err) => toast(err.msg) });
  return (
    <>
      <div className="action-row">
        <div className="action-main">
          <h3 className="action-title">重新翻译</h3>
          <p className="action-hint">逐段重新生成中文译文，完成后载入表单。</p>
          <label className="action-check">
            <input type="checkbox" checked={cache} onChange={(e) => setCache(e.target.checked)} /> 保留已有译文
          </label>
          <label className="action-check">
            <input type="checkbox" checked={ai} onChange={(e) => setAi(e.target.checked)} /> 用 AI 翻译
          </label>
        </div>
        <div className="action-buttons">
          <button type="button" className="button button-secondary button-small" disabled={retranslate.isPending} onClick={start}>
            重新翻译
          </button>
        </div>
      </div>
      {taskId !== null && <TaskProgress key={taskId} taskId={taskId} label="重新翻译" onFinish={onFinish} />}
    </>
  );
}
