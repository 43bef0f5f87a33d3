import fs from 'node:fs';
import path from 'node:path';

let root: string | null = null;

/**
 * The server package's folder (packages/server), found from this file whether the code runs
 * from `src/` (tsx, tests) or from the bundle in `dist/` (`npm start`), so files the server
 * reads (demo articles, the built web app) are found either way.
 */
export function serverRoot(): string {
  if (root) return root;
  let dir = import.meta.dirname;
  for (;;) {
    const manifest = path.join(dir, 'package.json');
    if (fs.existsSync(manifest) && (JSON.parse(fs.readFileSync(manifest, 'utf8')) as { name?: string }).name === '@changdu/server') {
      root = dir;
      return dir;
    }
    const up = path.dirname(dir);
    if (up === dir) throw new Error(`the @changdu/server package was not found above ${import.meta.dirname}`);
    dir = up;
  }
}
