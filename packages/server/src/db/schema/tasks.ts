import type { Generated } from 'kysely';

/** Background tasks (jobs/tasks.repo.ts; modules/tasks shows them). */
export type TaskStatus = 'queued' | 'running' | 'done' | 'failed';

export interface TasksTables {
  tasks: TasksTable;
}

export interface TasksTable {
  id: Generated<number>;
  type: string;
  payload: string;
  status: TaskStatus;
  progress: number;
  message: string | null;
  result: string | null;
  attempts: number;
  max_attempts: number;
  /** The kind's idempotency key; unique per type among queued and running tasks. */
  idem_key: string | null;
  run_after: string;
  locked_at: string | null;
  /** A running task's lease: its worker renews it; once past, any worker may take the task up. */
  lease_until: string | null;
  /** The worker holding a running task; its writes count only while it still does. */
  locked_by: string | null;
  created_by: number | null;
  created_at: string;
  updated_at: string;
  finished_at: string | null;
}
