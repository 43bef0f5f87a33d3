import { describe, expect, it } from 'vitest';
import { discoverToc, loadSiteRules, normalizeLink } from './toc.js';

const PAGE = 'https://www.weekly.example/issue/2026-11-21';

describe('table-of-contents discovery', () => {
  it('keeps the first place of each article, drops tracking and fragments, and skips site pages', () => {
    const toc = discoverToc(
      `<html><body><main>
        <h2>World</h2>
        <a href="/world/2026/11/21/a-story?utm_medium=x#top">A story about the world</a>
        <a href="https://weekly.example/world/2026/11/21/a-story">The same story again</a>
        <a href="/world">World</a><a href="/tags/politics">Politics tag</a><a href="/files/issue.pdf">The PDF</a>
        <a href="mailto:desk@weekly.example">Write to us</a><a href="https://other.example/world/x-y">Elsewhere</a>
        <h2><a href="/science/2026/11/21/heading-story">A heading that is a story</a></h2>
        <a href="/science/2026/11/21/next-story">Read more</a>
      </main></body></html>`,
      PAGE,
    );
    expect(toc.links).toEqual([
      { url: 'https://www.weekly.example/world/2026/11/21/a-story', title: 'A story about the world', section: 'World' },
      { url: 'https://www.weekly.example/science/2026/11/21/heading-story', title: 'A heading that is a story', section: 'World' },
    ]);
  });

  it('follows a site rule given as data: container, link pattern and exclusions', () => {
    const rules = [{ host: 'weekly.example', container: '#toc', include: '^/p/\\d+$', exclude: ['^/p/9$'] }];
    const toc = discoverToc(
      `<html><body><div id="promo"><a href="/p/1">Promoted story one</a></div>
        <div id="toc"><h3>Letters</h3><a href="/p/2">Letters to the editor</a><a href="/long-story-slug">Not matched by the rule</a>
        <a href="/p/9">Excluded by the rule</a></div></body></html>`,
      PAGE,
      rules,
    );
    expect(toc.links).toEqual([{ url: 'https://www.weekly.example/p/2', title: 'Letters to the editor', section: 'Letters' }]);
  });

  it('ships its rules as valid data', () => {
    expect(loadSiteRules().length).toBeGreaterThan(0);
  });

  it('normalises links to one address per article', () => {
    expect(normalizeLink('story-1/?utm_source=a&id=3#c', 'https://a.example/news/')).toBe('https://a.example/news/story-1?id=3');
    expect(normalizeLink('javascript:alert(1)', PAGE)).toBeNull();
  });
});
