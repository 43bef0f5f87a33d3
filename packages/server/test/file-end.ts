import { afterAll } from 'vitest';

const tasks: (() => Promise<void>)[] = [];

/**
 * Work a helper leaves for the end of the test file: setup.ts runs it after the file's own
 * afterAll hooks (hooks after tests run in reverse order, and the setup file's come first). A
 * failure fails the file, so nothing left in the background is lost silently.
 */
export function atFileEnd(task: () => Promise<void>): void {
  tasks.push(task);
}

/** Called once, from setup.ts. */
export function runAtFileEnd(): void {
  afterAll(async () => {
    const pending = tasks.splice(0);
    await Promise.all(pending.map((task) => task()));
  });
}
