import { z } from 'zod';
import { endpoint } from '../endpoint.js';
import { id } from '../fields.js';

/** A background task as its starter (or a manager) watches it. */
export const taskSchema = z.object({
  id: z.number().int(),
  type: z.string(),
  status: z.enum(['queued', 'running', 'done', 'failed']),
  progress: z.number().int(),
  message: z.string().nullable(),
  result: z.unknown(),
  /** Where the result can be seen, e.g. `/admin/article/12`. */
  link: z.string().nullable(),
  created_at: z.string(),
  updated_at: z.string(),
});
export type Task = z.infer<typeof taskSchema>;

export const taskEndpoints = {
  'task.show': endpoint({
    method: 'GET',
    path: '/reader/task/{id}',
    role: 'user',
    summary: '任务的状态、进度和结果（发起人或管理员可见）',
    input: z.object({ id: id('任务 id') }),
    output: taskSchema,
  }),
} as const;
