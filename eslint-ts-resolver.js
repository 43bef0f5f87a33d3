import fs from 'node:fs';
import path from 'node:path';

/**
 * A minimal import resolver (the eslint-module-utils "interface v2" that `import/resolver` loads) for
 * eslint-plugin-boundaries: the server imports its TypeScript files by their emitted names
 * (`./foo.js` for `foo.ts`), which the plugin's default Node resolver cannot find, and an unresolved
 * import is never checked. Only relative specifiers are resolved; packages stay unresolved, which the
 * plugin reports as external and the boundary rule ignores. eslint-import-resolver-typescript would do
 * the same and more (tsconfig paths), at the cost of another dependency.
 */
export const interfaceVersion = 2;

const TS_FOR_JS = { '.js': ['.ts', '.tsx'], '.mjs': ['.mts'], '.cjs': ['.cts'] };

function isFile(file) {
  try {
    return fs.statSync(file).isFile();
  } catch {
    return false;
  }
}

export function resolve(source, file) {
  if (!source.startsWith('.')) return { found: false };
  const target = path.resolve(path.dirname(file), source);
  const ext = path.extname(target);
  const base = target.slice(0, target.length - ext.length);
  const candidates = [
    ...(TS_FOR_JS[ext] ?? []).map((tsExt) => base + tsExt),
    target,
    ...(ext === '' ? ['.ts', '.tsx', '/index.ts', '/index.tsx'].map((suffix) => target + suffix) : []),
  ];
  const found = candidates.find(isFile);
  return found ? { found: true, path: found } : { found: false };
}
