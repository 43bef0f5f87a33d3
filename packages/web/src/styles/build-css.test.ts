import { readFileSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { browserslistToTargets, transform } from 'lightningcss';
import { describe, expect, it } from 'vitest';

// The targets Vite builds CSS for by default ("baseline widely available").
const targets = browserslistToTargets(['chrome >= 111', 'edge >= 111', 'firefox >= 114', 'safari >= 16.4']);
const dir = import.meta.dirname;
const files = readdirSync(dir).filter((f) => f.endsWith('.css'));

describe('the built CSS keeps the standard backdrop-filter', () => {
  it.each(files)('%s: every blurred bar keeps backdrop-filter after minifying', (file) => {
    const { code } = transform({ filename: file, code: readFileSync(join(dir, file)), minify: true, targets });
    const css = code.toString();
    const rules = css.match(/[^{}]*\{[^{}]*\}/g) ?? [];
    for (const rule of rules.filter((r) => r.includes('-webkit-backdrop-filter'))) {
      expect(rule.replace(/-webkit-backdrop-filter/g, ''), rule).toContain('backdrop-filter');
    }
  });

  it('sources never hand-write the -webkit- prefix (the minifier adds it; a hand-written one made it drop the standard line)', () => {
    for (const file of files) expect(readFileSync(join(dir, file), 'utf8'), file).not.toMatch(/-webkit-backdrop-filter/);
  });
});
