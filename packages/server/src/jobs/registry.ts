import type { JobHandler } from './job.js';
import type { JobKind } from './kinds.js';

/** The declared kinds and the handlers given do not match one to one. */
export class JobRegistryError extends Error {}

export interface JobRegistry {
  /** Kind names, in declaration order. */
  readonly names: readonly string[];
  kind(name: string): JobKind | undefined;
  handler(name: string): JobHandler | undefined;
}

/**
 * Pairs each declared kind with its one handler. Any mismatch (a kind nobody runs, a handler
 * for a kind not declared, two of either) is a wiring mistake, so it stops start-up with all
 * the problems named rather than surfacing later as tasks that never run.
 */
export function jobRegistry(kinds: readonly JobKind[], handlers: readonly JobHandler[]): JobRegistry {
  const problems: string[] = [];
  const kindsByName = new Map<string, JobKind>();
  for (const kind of kinds) {
    if (kindsByName.has(kind.name)) problems.push(`job kind ${kind.name} is declared twice`);
    kindsByName.set(kind.name, kind);
  }
  const handlersByName = new Map<string, JobHandler>();
  for (const handler of handlers) {
    const name = handler.kind.name;
    // Compared by identity too: a look-alike kind could carry another payload schema or key.
    if (kindsByName.get(name) !== handler.kind) problems.push(`a handler is registered for the unknown job kind ${name}`);
    else if (handlersByName.has(name)) problems.push(`job kind ${name} has more than one handler`);
    else handlersByName.set(name, handler);
  }
  for (const name of kindsByName.keys()) {
    if (!handlersByName.has(name)) problems.push(`job kind ${name} has no handler`);
  }
  if (problems.length) throw new JobRegistryError(`job kinds and handlers do not match: ${problems.join('; ')}`);
  return {
    names: [...kindsByName.keys()],
    kind: (name) => kindsByName.get(name),
    handler: (name) => handlersByName.get(name),
  };
}
