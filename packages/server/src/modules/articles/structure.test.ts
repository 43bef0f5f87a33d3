import { describe, expect, it } from 'vitest';
import { structureFromHtml } from './structure.js';

const shape = (html: string) => structureFromHtml(html).map((p) => [p.kind, p.text]);

describe('structureFromHtml keeps every block of text, in order, whatever wraps it', () => {
  it('walks into an articleBody div with a <header> intro, upper-case wrappers included', () => {
    expect(
      shape('<DIV class="page"><DIV><div itemprop="articleBody"><header><p>Intro.</p></header><P>One.</P><section><div><p>Two.</p></div></section></div></DIV></DIV>'),
    ).toEqual([
      ['p', 'Intro.'],
      ['p', 'One.'],
      ['p', 'Two.'],
    ]);
  });

  it('keeps text lying directly in a wrapper, between blocks, split where two line breaks meet', () => {
    expect(shape('<div>Loose <em>start</em>.<p>Block.</p>Loose end.<br><br>After a gap.<br>Same line.</div>')).toEqual([
      ['p', 'Loose start.'],
      ['p', 'Block.'],
      ['p', 'Loose end.'],
      ['p', 'After a gap. Same line.'],
    ]);
  });

  it('reads table cells and definition lists', () => {
    expect(shape('<table><tbody><tr><td>Cell one.</td></tr><tr><td>Cell two.</td></tr></tbody></table><dl><dt>Term</dt><dd>Meaning.</dd></dl>')).toEqual([
      ['p', 'Cell one.'],
      ['p', 'Cell two.'],
      ['p', 'Term'],
      ['p', 'Meaning.'],
    ]);
  });

  it('keeps a paragraph that holds an image and text as text, and an image alone as a figure', () => {
    const blocks = structureFromHtml('<p><img src="https://x.test/a.jpg" alt=""> Text by the image.</p><p><img src="https://x.test/b.jpg" alt=""></p>');
    expect(blocks.map((p) => p.kind)).toEqual(['p', 'figure']);
    expect(blocks[0]!.html).toContain('<img');
    expect(blocks[0]!.text).toBe('Text by the image.');
  });

  it('never leaves a wrapper tag in a paragraph’s HTML', () => {
    for (const p of structureFromHtml('<div><section>Just text <a href="https://x.test">link</a></section></div>')) {
      expect(p.html).not.toMatch(/<(div|section)/i);
    }
  });
});
