import { describe, expect, it } from 'vitest';
import type { Rolldown } from 'vite';
import { articleRouteFiles, takeAppTags } from './first-screen';

const chunk = (fileName: string, facade: string | null, imports: string[], css: string[] = [], isEntry = false) =>
  ({ type: 'chunk', fileName, facadeModuleId: facade, imports, isEntry, viteMetadata: { importedCss: new Set(css), importedAssets: new Set() } }) as unknown as Rolldown.OutputChunk;

describe('the first-screen build', () => {
  it('finds every module the article route imports, with their styles, and not the entry', () => {
    const bundle = {
      'assets/index-e1.js': chunk('assets/index-e1.js', '/web/index.html', ['assets/shared-s1.js'], ['assets/index-c0.css'], true),
      'assets/shared-s1.js': chunk('assets/shared-s1.js', null, [], ['assets/shared-c3.css']),
      'assets/queries-q1.js': chunk('assets/queries-q1.js', null, ['assets/shared-s1.js', 'assets/format-f1.js'], ['assets/sheets-c2.css']),
      'assets/format-f1.js': chunk('assets/format-f1.js', null, []),
      'assets/Other-o1.js': chunk('assets/Other-o1.js', '/web/src/routes/Other.tsx', ['assets/shared-s1.js'], ['assets/other.css']),
      'assets/ArticlePage-a1.js': chunk(
        'assets/ArticlePage-a1.js',
        '/web/src/routes/article/ArticlePage.tsx',
        ['assets/index-e1.js', 'assets/shared-s1.js', 'assets/queries-q1.js'],
        ['assets/ArticlePage-c1.css'],
      ),
    } as unknown as Rolldown.OutputBundle;
    const files = articleRouteFiles(bundle);
    expect(files.modules).toEqual(['/assets/ArticlePage-a1.js', '/assets/shared-s1.js', '/assets/queries-q1.js', '/assets/format-f1.js']);
    expect(files.styles.sort()).toEqual(['/assets/ArticlePage-c1.css', '/assets/shared-c3.css', '/assets/sheets-c2.css']);
  });

  it('takes the tags Vite put into index.html for the app, and what they load', () => {
    const index =
      '<html><head><title>畅读</title><link rel="icon" href="/icon.svg" />\n' +
      '    <script type="module" crossorigin src="/assets/index-e1.js"></script>\n' +
      '    <link rel="modulepreload" crossorigin href="/assets/shared-s1.js">\n' +
      '    <link rel="stylesheet" crossorigin href="/assets/index-c0.css">\n' +
      '  </head><body><div id="root"></div></body></html>';
    const { head, app } = takeAppTags(index);
    expect(app).toEqual({ entry: '/assets/index-e1.js', modules: ['/assets/shared-s1.js'], styles: ['/assets/index-c0.css'] });
    expect(head).toBe('<html><head><title>畅读</title><link rel="icon" href="/icon.svg" />\n  </head><body><div id="root"></div></body></html>');
  });
});
