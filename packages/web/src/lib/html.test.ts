import { describe, expect, it } from 'vitest';
import { cleanArticleHtml, markOnlyHtml } from './html';

/** The cleaned HTML as the browser would hold it, to ask what a user would get. */
function rendered(html: string): HTMLElement {
  const host = document.createElement('div');
  host.innerHTML = html;
  return host;
}

/** Every attribute left anywhere in the cleaned HTML, as `tag attr=value`. */
function attributes(html: string): string[] {
  return [...rendered(html).querySelectorAll('*')].flatMap((el) =>
    [...el.attributes].map((a) => `${el.tagName.toLowerCase()} ${a.name}=${a.value}`),
  );
}

describe('markOnlyHtml', () => {
  it('keeps bare <mark> and escaped text', () => {
    expect(markOnlyHtml('a <mark>b</mark> &lt;c&gt; &amp; d')).toBe('a <mark>b</mark> &lt;c&gt; &amp; d');
  });

  it('removes other tags, every attribute, and script-like elements with their content', () => {
    expect(markOnlyHtml('<img src=x onerror=alert(1)>x<mark onclick="y()">m</mark><b>bold</b><script>bad()</script>')).toBe(
      'x<mark>m</mark>bold',
    );
  });

  it('keeps no attribute on a mark, not even a style, class, data- or aria- one', () => {
    expect(markOnlyHtml('<mark style="color:red" class="x" data-x="1" aria-label="y" id="z">m</mark>')).toBe('<mark>m</mark>');
  });

  it('drops svg and math payloads whole, text included', () => {
    expect(markOnlyHtml('a<svg><script>alert(1)</script><text>t</text></svg><math><mi>x</mi></math>b')).toBe('ab');
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

  it('returns text without a tag as it is', () => {
    expect(cleanArticleHtml('Fish &amp; chips, 3 &lt; 4.')).toBe('Fish &amp; chips, 3 &lt; 4.');
  });

  it('keeps the inline elements a paragraph may hold, with their own attributes only', () => {
    const html =
      '<strong>S</strong><b>B</b><i>I</i><u>U</u><s>S</s><del>D</del><ins>N</ins><mark>M</mark><small>s</small>' +
      '<sub>2</sub><sup>3</sup><code>c</code><cite>C</cite><q>q</q><span>sp</span><br>' +
      '<abbr title="United Nations">UN</abbr><img src="https://img.example/a.png" alt="" width="300" height="200" title="x">';
    expect(cleanArticleHtml(html)).toBe(
      '<strong>S</strong><b>B</b><i>I</i><u>U</u><s>S</s><del>D</del><ins>N</ins><mark>M</mark><small>s</small>' +
        '<sub>2</sub><sup>3</sup><code>c</code><cite>C</cite><q>q</q><span>sp</span><br>' +
        '<abbr title="United Nations">UN</abbr><img src="https://img.example/a.png" alt="" width="300" height="200" loading="lazy" decoding="async">',
    );
  });

  it('keeps the text of block and unknown elements, not their markup', () => {
    expect(cleanArticleHtml('<p>One</p><h1>Two</h1><ul><li>Three</li></ul><table><tr><td>Four</td></tr></table><x-y>Five</x-y>')).toBe(
      'OneTwoThreeFourFive',
    );
  });

  it('links to our own paths and anchors stay in the tab', () => {
    expect(cleanArticleHtml('<a href="/article/3">a</a> <a href="#p-2">b</a>')).toBe('<a href="/article/3">a</a> <a href="#p-2">b</a>');
  });
});

describe('cleanArticleHtml against attacks', () => {
  const attacks: [string, string][] = [
    ['a script element', 'x<script>alert(1)</script>y'],
    ['a script element in odd case', 'x<ScRiPt>alert(1)</sCrIpT>y'],
    ['an inline handler on an allowed element', '<em onmouseover="alert(1)">x</em><img src="/a.png" onerror="alert(1)">y'],
    ['a handler on an unknown element', '<details open ontoggle="alert(1)">x</details>y'],
    ['a javascript: link', '<a href="javascript:alert(1)">x</a>y'],
    ['a javascript: link hidden by case, entities and whitespace', '<a href=" JaVa&#x09;ScRiPt&colon;alert(1)">x</a>y'],
    ['a javascript: image', '<img src="javascript:alert(1)">xy'],
    ['a data:text/html link', '<a href="data:text/html,&lt;script&gt;alert(1)&lt;/script&gt;">x</a>y'],
    ['a data:text/html base64 link', '<a href="data:text/html;base64,PHNjcmlwdD5hbGVydCgxKTwvc2NyaXB0Pg==">x</a>y'],
    ['a data: image', '<img src="data:image/svg+xml;base64,PHN2ZyBvbmxvYWQ9YWxlcnQoMSk+">xy'],
    ['a vbscript: link', '<a href="vbscript:msgbox(1)">x</a>y'],
    ['an svg payload', 'x<svg><script>alert(1)</script><a xlink:href="javascript:alert(1)">s</a></svg>y'],
    ['an svg onload', 'x<svg onload="alert(1)"></svg>y'],
    ['math with a style mXSS', 'x<math><mtext><table><mglyph><style><img src=x onerror=alert(1)></style></mglyph></table></mtext></math>y'],
    ['svg with a style-namespace mXSS', 'x<svg></p><style><a id="</style><img src=1 onerror=alert(1)>"></svg>y'],
    ['noscript mXSS', 'x<noscript><p title="</noscript><img src=x onerror=alert(1)>"></p></noscript>y'],
    ['a template', 'x<template><img src=x onerror=alert(1)></template>y'],
    ['an iframe', 'x<iframe src="javascript:alert(1)"></iframe>y'],
    ['an iframe srcdoc', 'x<iframe srcdoc="&lt;script&gt;alert(1)&lt;/script&gt;"></iframe>y'],
    ['an object', 'x<object data="javascript:alert(1)">fallback</object>y'],
    ['an embed', 'x<embed src="javascript:alert(1)">y'],
    ['a form action', '<form action="javascript:alert(1)"><button>x</button></form>y'],
    ['a meta refresh', '<meta http-equiv="refresh" content="0;url=javascript:alert(1)">xy'],
    ['a base href', '<base href="javascript:/">xy'],
    ['a style attribute', '<span style="background:url(javascript:alert(1))">x</span>y'],
    ['a style element', 'x<style>body{background:url(javascript:alert(1))}</style>y'],
    ['a link element', '<link rel="stylesheet" href="https://evil.example/x.css">xy'],
  ];

  it.each(attacks)('strips %s', (_name, html) => {
    const clean = cleanArticleHtml(html);
    const host = rendered(clean);
    expect(
      host.querySelector('script, style, svg, math, iframe, object, embed, form, meta, base, link, template, noscript, details'),
      clean,
    ).toBeNull();
    expect(clean).not.toMatch(/javascript:|vbscript:|data:|onerror|onload|onmouseover|ontoggle|style=/i);
    expect(host.textContent).toMatch(/^x.*y$/s);
  });

  it('keeps no link or image pointing off our paths through a protocol-relative or backslash trick', () => {
    const clean = cleanArticleHtml(
      '<a href="//evil.example/x">a</a><a href="/\\evil.example">b</a><a href="/\t/evil.example">c</a><img src="//evil.example/p.gif">',
    );
    expect(clean).toBe('<a>a</a><a>b</a><a>c</a>');
  });

  it('keeps no id, name, class, data- or aria- attribute (no DOM clobbering, no page styles)', () => {
    const clean = cleanArticleHtml(
      '<span id="root" name="x" class="para-menu" data-pid="p1" aria-hidden="true">x</span><img name="cookie" src="/a.png">',
    );
    expect(attributes(clean)).toEqual(['img src=/a.png', 'img loading=lazy', 'img decoding=async']);
  });

  it('gives an outside link opened in a new tab rel="noopener noreferrer", whatever rel it came with', () => {
    const host = rendered(cleanArticleHtml('<a href="https://evil.example/" target="_blank" rel="opener">x</a>'));
    const link = host.querySelector('a')!;
    expect(link.getAttribute('target')).toBe('_blank');
    expect(link.getAttribute('rel')).toBe('noopener noreferrer');
  });

  it('keeps our own links in the tab, dropping the target they came with', () => {
    expect(attributes(cleanArticleHtml('<a href="/article/3" target="_top" rel="opener">x</a>'))).toEqual(['a href=/article/3']);
  });

  it('leaves no element behind for an image without a safe source', () => {
    expect(cleanArticleHtml('x<img alt="a" src="javascript:alert(1)"><img alt="b">y')).toBe('xy');
  });

  it('drops an embedded object with its fallback text, as a script goes with its code', () => {
    expect(cleanArticleHtml('x<object data="/a.swf"><em>Get the plugin</em></object><embed src="/b.swf">y')).toBe('xy');
  });

  it('drops comments, which could close a parser context', () => {
    expect(cleanArticleHtml('x<!-- <img src=x onerror=alert(1)> -->y<em>z</em>')).toBe('xy<em>z</em>');
  });
});
