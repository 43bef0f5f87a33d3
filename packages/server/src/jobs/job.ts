import type { z } from 'zod';

export interface JobContext {
  taskId: number;
  /** 1 on the first run, 2 on the first retry, … */
  attempt: number;
  /** Reports progress 0–100 with a message the task's viewer sees. */
  progress(percent: number, message?: string): Promise<void>;
}

/** A job type: its name, payload schema and retry policy, declared together with its handler. */
export interface JobDefinition<P extends z.ZodType = z.ZodType> {
  name: string;
  payload: P;
  /** Total runs before the task is failed for good. */
  maxAttempts: number;
  /** First retry delay; each later retry doubles it. */
  backoffMs: number;
  /** Runs the job; the answer is stored as the task's result (JSON). Must be idempotent. */
  run(payload: z.output<P>, ctx: JobContext): Promise<unknown>;
}

export function defineJob<P extends z.ZodType>(def: JobDefinition<P>): JobDefinition<P> {
  return def;
}

/** A failure that retrying cannot fix (bad input, a 404): the task fails at once. */
export class PermanentJobError extends Error {}
