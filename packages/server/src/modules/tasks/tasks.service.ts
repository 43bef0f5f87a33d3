import type { Task } from '@changdu/contract';
import { satisfies } from '@changdu/contract';
import type { Actor } from '../../lib/actor.js';
import { NotFound } from '../../lib/errors.js';
import type { JobQueue } from '../../jobs/queue.js';

function parse(text: string | null): unknown {
  if (text === null) return null;
  try {
    return JSON.parse(text);
  } catch {
    return null;
  }
}

/** Tasks as their starter (or any manager) sees them; other users get a 404, not a hint. */
export function tasksService(queue: JobQueue) {
  return {
    async show(id: number, actor: Extract<Actor, { kind: 'user' }>): Promise<Task> {
      const task = await queue.find(id);
      if (!task || (task.created_by !== actor.user.id && !satisfies(actor.role, 'manager'))) throw new NotFound('任务不存在');
      const result = parse(task.result);
      const link = result && typeof result === 'object' && 'link' in result && typeof result.link === 'string' ? result.link : null;
      return {
        id: task.id,
        type: task.type,
        status: task.status,
        progress: task.progress,
        message: task.message,
        result,
        link,
        created_at: task.created_at,
        updated_at: task.updated_at,
      };
    },
  };
}
