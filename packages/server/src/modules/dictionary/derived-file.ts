import { mkdirSync, readFileSync, renameSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { sortedLineFile } from './sorted-file.js';

/** Where files derived from the dictionaries are kept between processes (one folder per machine). */
export const DERIVED_DIR = join(tmpdir(), 'changdu-cache');

/** A stamp of source files (sizes and times): a derived file is rebuilt when a source changes. */
export function stampOf(files: string[]): string {
  return files
    .map((f) => {
      const s = statSync(f);
      return `${s.size}-${Math.round(s.mtimeMs)}`;
    })
    .join('-');
}

/**
 * A file derived from dictionary files, built once per machine: `name` carries the builder's
 * version and the sources' stamp, so a restart, a worker and each test process find it built.
 * Written whole under a private name, then renamed, so processes that build it at once never read
 * half a file. Answers the path, or null with the built text when the folder cannot be written.
 */
export function derivedFile<T extends string | Buffer>(
  name: string,
  build: () => T,
  dir = DERIVED_DIR,
): { path: string; text: null } | { path: null; text: T } {
  const path = join(dir, name);
  try {
    statSync(path);
    return { path, text: null };
  } catch {
    // Not built yet on this machine.
  }
  const text = build();
  try {
    mkdirSync(dir, { recursive: true });
    const partial = `${path}.${process.pid}`;
    writeFileSync(partial, text);
    renameSync(partial, path);
    return { path, text: null };
  } catch {
    return { path: null, text };
  }
}

/** The derived file's text (read back when it was written). */
export function derivedText(found: { path: string; text: null } | { path: null; text: string }): string {
  return found.text ?? readFileSync(found.path, 'utf8');
}

/**
 * A finder over a derived file of "key<TAB>rest" lines sorted by key, opened at the first question:
 * the file is built then if this machine has none, and searched on disk; when no folder can be
 * written its lines stay in memory (a rare set-up).
 */
export function derivedKeyedLines(name: string, build: () => string | Buffer): (key: string) => string | undefined {
  let find: ((key: string) => string | undefined) | null = null;
  const keyOf = (line: string) => line.slice(0, line.indexOf('\t'));
  function open() {
    const built = derivedFile<string | Buffer>(name, build);
    if (built.path !== null) {
      const onDisk = sortedLineFile(built.path, keyOf);
      return (key: string) => onDisk.find(key)[0];
    }
    const inMemory = new Map(
      built.text
        .toString()
        .split('\n')
        .map((l) => [keyOf(l), l]),
    );
    return (key: string) => inMemory.get(key);
  }
  return (key) => (find ??= open())(key);
}
