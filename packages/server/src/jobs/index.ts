import type { JobDefinition } from './job.js';

/**
 * Every job type the workers run, each declared with its payload schema and retry
 * policy in its own `<name>.job.ts`. A task whose type is missing here stops a worker's start.
 */
export function jobDefinitions(): JobDefinition[] {
  return [];
}
