import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

const SRC = import.meta.dirname;

/** Every source file under src, as a path from src with forward slashes. */
function sourceFiles(dir = SRC): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return sourceFiles(full);
    return /\.tsx?$/.test(entry.name) ? [path.relative(SRC, full).split(path.sep).join('/')] : [];
  });
}

/** The files a file imports (static, re-exported, side-effect and dynamic), resolved to paths from src; packages left out. */
function importsOf(file: string): string[] {
  const code = fs.readFileSync(path.join(SRC, file), 'utf8');
  const specifiers = [...code.matchAll(/(?:\bfrom\s*|\bimport\s*\(?\s*)['"](\.{1,2}\/[^'"]+)['"]/g)].map((m) => m[1]!);
  return specifiers.map((s) => path.posix.normalize(path.posix.join(path.posix.dirname(file), s)));
}

interface Rule {
  name: string;
  from: (file: string) => boolean;
  to: (target: string) => boolean;
}

const under = (folder: string) => (file: string) => file.startsWith(`${folder}/`);

/**
 * Which parts of the app may not reach into which (issue 31 item 9): the reader both the article
 * and the book routes use lives in features/reader, and a route is never the place another part
 * takes shared code from. router.tsx is where routes are wired in, so it is left out.
 */
const RULES: Rule[] = [
  { name: 'routes/book does not import routes/article', from: under('routes/book'), to: under('routes/article') },
  { name: 'features do not import routes', from: under('features'), to: under('routes') },
  {
    name: 'only router.tsx and the routes import routes',
    from: (file) => !file.startsWith('routes/') && file !== 'router.tsx',
    to: under('routes'),
  },
];

function violations(files: readonly string[], rules: readonly Rule[], read: (file: string) => string[] = importsOf): string[] {
  return files.flatMap((file) =>
    read(file).flatMap((target) => rules.filter((r) => r.from(file) && r.to(target)).map((r) => `${file} → ${target} (${r.name})`)),
  );
}

describe('import boundaries', () => {
  it('finds a forbidden import', () => {
    const fake = (file: string) => (file === 'routes/book/X.tsx' ? ['routes/article/Reader'] : file === 'features/reader/Y.ts' ? ['routes/book/Z'] : []);
    expect(violations(['routes/book/X.tsx', 'features/reader/Y.ts', 'routes/article/W.tsx'], RULES, fake)).toEqual([
      'routes/book/X.tsx → routes/article/Reader (routes/book does not import routes/article)',
      'features/reader/Y.ts → routes/book/Z (features do not import routes)',
      'features/reader/Y.ts → routes/book/Z (only router.tsx and the routes import routes)',
    ]);
  });

  it('reads relative imports of every kind', () => {
    const files = sourceFiles();
    expect(files).toContain('features/reader/WordSheet.tsx');
    expect(importsOf('routes/book/ChapterReader.tsx')).toContain('features/reader/ReaderText');
    expect(importsOf('router.tsx')).toContain('routes/article/ArticlePage');
  });

  it('holds in the app', () => {
    expect(violations(sourceFiles(), RULES)).toEqual([]);
  });
});
