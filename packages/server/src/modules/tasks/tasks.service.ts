import type { Task } from '@changdu/contract';
import type { Selectable } from 'kysely';
import type { TasksTable } from '../../db/schema.js';
import type { Actor } from '../../lib/actor.js';
import { can } from '../../lib/policy.js';
import { NotFound } from '../../lib/errors.js';

/** Where tasks are read from (the job queue); only reading is needed here. */
export interface TaskSource {
  find(id: number): Promise<Selectable<TasksTable> | undefined>;
}

function parse(text: string | null): unknown {
  if (text === null) return null;
  try {
    return JSON.parse(text);
  } catch {
    return null;
  }
}

/** Tasks as their starter (or any manager) sees them; other users get a 404, not a hint. */
export function tasksService(tasks: TaskSource) {
  return {
    async show(id: number, actor: Extract<Actor, { kind: 'user' }>): Promise<Task> {
      const task = await tasks.find(id);
      if (!task || !can(actor, 'view', { kind: 'task', owner_id: task.created_by })) throw new NotFound('任务不存在');
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

export type TasksService = ReturnType<typeof tasksService>;
