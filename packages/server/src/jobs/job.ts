import type { z } from 'zod';
import { DomainError } from '../lib/errors.js';
import type { JobKind } from './kinds.js';

export interface JobContext {
  taskId: number;
  /** 1 on the first run, 2 on the first retry, … */
  attempt: number;
  /** Reports progress 0–100 with a message the task's viewer sees; renews the task's lease too. */
  progress(percent: number, message?: string): Promise<void>;
  /**
   * Aborted when this run no longer owns the task: its lease was lost, or its worker is stopping
   * and handed the task back. A long handler may pass it on or check it between steps.
   */
  signal: AbortSignal;
}

/** Runs one kind of job. Its answer is stored as the task's result (JSON). Must be idempotent. */
export interface JobHandler<K extends JobKind = JobKind> {
  readonly kind: K;
  // Method syntax on purpose: a list of handlers holds handlers of different payloads.
  run(payload: z.output<K['payload']>, ctx: JobContext): Promise<unknown>;
}

/** Binds a handler to its kind; the payload it receives is the kind's parsed payload. */
export function handle<K extends JobKind>(
  kind: K,
  run: (payload: z.output<K['payload']>, ctx: JobContext) => Promise<unknown>,
): JobHandler<K> {
  return { kind, run };
}

/** A failure that retrying cannot fix (bad input, a 404): the task fails at once. */
export class PermanentJobError extends Error {}

/**
 * Services report failures as domain errors; only an outside service being down (or asking
 * us to slow down) can heal by waiting. Anything else unexpected is retried, as it may be a blip.
 */
export function isPermanent(error: unknown): boolean {
  if (error instanceof PermanentJobError) return true;
  return error instanceof DomainError && error.kind !== 'unavailable' && error.kind !== 'too_many';
}
