import { useEffect, useRef } from 'react';
import { Link } from 'react-router';
import type { Task } from '@changdu/contract';
import { isTaskFinished, useTask } from '../api/tasks.queries';

export interface TaskProgressProps {
  taskId: number;
  /** What the task does, e.g. "抓取"; names the progress bar. */
  label: string;
  /** The name of the result link (the task's `link`), e.g. "查看草稿". */
  linkLabel?: string;
  /** Called once when the task is done or has failed. */
  onFinish?: (task: Task) => void;
}

const statusText: Record<Task['status'], string> = { queued: '排队中', running: '进行中', done: '已完成', failed: '失败' };

/**
 * A background task's progress bar, polled every second until it ends: the percentage
 * and message while it runs, the message and result link when done, the message in red
 * when it failed.
 */
export function TaskProgress({ taskId, label, linkLabel = '查看结果', onFinish }: TaskProgressProps) {
  const { data: task, error } = useTask(taskId);
  const onFinishRef = useRef(onFinish);
  const reported = useRef<number | null>(null);
  useEffect(() => {
    onFinishRef.current = onFinish;
  });

  const finished = isTaskFinished(task);
  useEffect(() => {
    if (task && finished && reported.current !== task.id) {
      reported.current = task.id;
      onFinishRef.current?.(task);
    }
  }, [task, finished]);

  if (!task) {
    return (
      <div className="task" data-status={error ? 'failed' : 'queued'}>
        <p className={error ? 'task-message task-message-failed' : 'task-message'} role={error ? 'alert' : undefined}>
          {error ? `无法获取任务进度：${error.msg}` : `${label}：正在开始…`}
        </p>
      </div>
    );
  }

  const failed = task.status === 'failed';
  const percent = task.status === 'done' ? 100 : Math.min(100, Math.max(0, task.progress));
  return (
    <div className="task" data-status={task.status}>
      <div className="task-head">
        <span className="task-label">
          {label} · {statusText[task.status]}
        </span>
        <span className="task-percent">{percent}%</span>
      </div>
      <div
        className="task-bar"
        role="progressbar"
        aria-label={`${label}进度`}
        aria-valuemin={0}
        aria-valuemax={100}
        aria-valuenow={percent}
      >
        <span className="task-bar-fill" style={{ width: `${percent}%` }} />
      </div>
      {(task.message || failed) && (
        <p className={`task-message${failed ? ' task-message-failed' : ''}`} role={failed ? 'alert' : undefined}>
          {task.message ?? '任务失败'}
        </p>
      )}
      {task.status === 'done' && task.link && (
        <Link className="task-link" to={task.link}>
          {linkLabel}
        </Link>
      )}
    </div>
  );
}
