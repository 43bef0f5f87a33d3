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

  // Rough edges a screen check found, each guarded where its cause was.
  const built = (file: string) => transform({ filename: file, code: readFileSync(join(dir, file)), minify: true, targets }).code.toString();
  const rule = (css: string, selector: string) => css.match(new RegExp(`(^|})${selector.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}\\{([^}]*)\\}`))?.[2] ?? '';

  it('long source names shrink and end in an ellipsis (a flex item needs min-width: 0)', () => {
    expect(rule(built('articles.css'), '.article-card-by')).toMatch(/min-width:0.*text-overflow:ellipsis|text-overflow:ellipsis.*min-width:0/);
    expect(rule(built('reader.css'), '.reader-dateline>span')).toMatch(/text-overflow:ellipsis/);
  });

  it('the Aa button draws its focus ring inside itself, at the screen edge', () => {
    expect(rule(built('reading-tools.css'), '.reader-settings-button:focus-visible')).toMatch(/outline-offset:-/);
  });

  it('the search box’s clear button takes the theme colour', () => {
    expect(built('controls.css')).toMatch(/::-webkit-search-cancel-button\{[^}]*background-color:var\(--color-text-3\)/);
  });

  it('placeholder covers have a dimmed dark-theme variant', () => {
    expect(built('articles.css')).toMatch(/\[data-theme=(dark|"dark"|'dark')\][^{]*\.is-placeholder img[^{]*\{filter:brightness/);
  });
});
