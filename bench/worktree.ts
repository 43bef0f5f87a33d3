// Other commits of the repository, run beside this checkout by the benches: a detached git
// worktree sharing this checkout's node_modules, and the node flags its `npm start` used.
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';

export const ROOT = path.resolve(import.meta.dirname, '..');

const log = (text: string) => process.stderr.write(`${text}\n`);

/** A checkout of `ref` beside this one, sharing node_modules (its own workspace links); null when git cannot check it out. */
export function worktreeOf(ref: string, label: string): string | null {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), `changdu-bench-${label}-`));
  try {
    execFileSync('git', ['worktree', 'add', '--detach', dir, ref], { cwd: ROOT, stdio: 'ignore' });
  } catch {
    log(`(no "${label}" column: git could not check out ${ref})`);
    fs.rmSync(dir, { recursive: true, force: true });
    return null;
  }
  const modules = path.join(dir, 'node_modules');
  fs.mkdirSync(path.join(modules, '@changdu'), { recursive: true });
  for (const name of fs.readdirSync(path.join(ROOT, 'node_modules'))) {
    if (name !== '@changdu') fs.symlinkSync(path.join(ROOT, 'node_modules', name), path.join(modules, name));
  }
  for (const pkg of ['contract', 'server', 'web', 'e2e']) {
    if (fs.existsSync(path.join(dir, 'packages', pkg)))
      fs.symlinkSync(path.join(dir, 'packages', pkg), path.join(modules, '@changdu', pkg));
  }
  return dir;
}

export function removeWorktree(dir: string) {
  try {
    execFileSync('git', ['worktree', 'remove', '--force', dir], { cwd: ROOT, stdio: 'ignore' });
  } catch {
    fs.rmSync(dir, { recursive: true, force: true });
  }
}

/**
 * How the root `npm start` of the checkout at `dir` runs the server: the environment it sets for
 * node (`MALLOC_ARENA_MAX=2 node …`; NODE_ENV is the bench's own) and the node flags before
 * `packages/server/dist/main.js` (a bundle), or `bundle: false` when it ran the sources through
 * tsx (`tsx packages/server/src/main.ts`, before the bundle existed).
 */
export function startCommand(dir: string): { bundle: true; flags: string[]; env: Record<string, string> } | { bundle: false } {
  const start = (JSON.parse(fs.readFileSync(path.join(dir, 'package.json'), 'utf8')) as { scripts: { start: string } }).scripts.start;
  const bundled = start.match(/((?:[A-Z_]+=\S+\s+)*)node((?:\s+--[\w-]+(?:=\S+)?)*)\s+packages\/server\/dist\/main\.js/);
  if (!bundled) return { bundle: false };
  const env = Object.fromEntries(
    (bundled[1] ?? '')
      .trim()
      .split(/\s+/)
      .filter(Boolean)
      .map((pair) => [pair.slice(0, pair.indexOf('=')), pair.slice(pair.indexOf('=') + 1)] as const)
      .filter(([name]) => name !== 'NODE_ENV'),
  );
  return { bundle: true, flags: bundled[2]?.trim().split(/\s+/).filter(Boolean) ?? [], env };
}
