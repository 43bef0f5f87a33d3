import type { Handlers } from '../../http/register-endpoints.js';
import type { TasksService } from './tasks.service.js';

export function tasksRoutes(tasks: TasksService): Pick<Handlers, 'task.show'> {
  return {
    'task.show': (input, ctx) => tasks.show(input.id, ctx.actor),
  };
}
