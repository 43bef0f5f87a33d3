import { describe, expect, it } from 'vitest';
import { cleanArticleHtml, markOnlyHtml } from './html';

describe('markOnlyHtml', () => {
  it('keeps bare <mark> and escaped text', () => {
    expect(markOnlyHtml('a <mark>b</mark> &lt;c&gt; &amp; d')).toBe('a <mark>b</mark> &lt;c&gt; &amp; d');
  });

  it('removes other tags, every attribute, and script-like elements with their content', () => {
    expect(markOnlyHtml('<img src=x onerror=alert(1)>x<mark onclick="y()">m</mark><b>bold</b><script>bad()</script>')).toBe(
      'x<mark>m</mark>bold',
    );
  });
});

describe('cleanArticleHtml', () => {
  it('keeps inline emphasis and safe links, opening outside links in a new tab', () => {
    expect(cleanArticleHtml('An <em>old</em> <a href="https://example.com/x" onclick="x()">link</a>.')).toBe(
      'An <em>old</em> <a href="https://example.com/x" target="_blank" rel="noopener noreferrer">link</a>.',
    );
  });

  it('drops event handlers, scripts, javascript: URLs and unknown elements (keeping their text)', () => {
    const html = cleanArticleHtml(
      '<a href="javascript:alert(1)">x</a><div onmouseover="y()">t</div><script>z()</script><img src="data:x" onerror="q()">',
    );
    expect(html).toBe('<a>x</a>t');
  });

  it('keeps own images with lazy loading, and captions', () => {
    expect(cleanArticleHtml('<img src="/api/image/a.webp" alt="A heron"><figcaption>A heron</figcaption>')).toBe(
      '<img src="/api/image/a.webp" alt="A heron" loading="lazy" decoding="async"><figcaption>A heron</figcaption>',
    );
  });
});
