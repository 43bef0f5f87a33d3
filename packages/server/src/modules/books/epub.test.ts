import { describe, expect, it } from 'vitest';
import { buildEpub, png, renameEntry, zip } from '../../../test/epub-builder.js';
import { EpubError, parseEpub } from './epub.js';

async function refused(data: Buffer): Promise<string> {
  const error = await parseEpub(data).then(
    () => null,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(EpubError);
  return (error as Error).message;
}

describe.each([2, 3] as const)('an EPUB %i', (version) => {
  it('gives metadata, cover, chapters with stable structure and a nested table of contents', async () => {
    const book = await parseEpub(await buildEpub({ version, title: 'Harbour Tales', author: 'Ann Lee', images: true }));
    expect(book.version).toBe(version);
    expect(book).toMatchObject({ title: 'Harbour Tales', author: 'Ann Lee', language: 'en', cover: 'OEBPS/images/cover.png' });
    expect(book.chapters.map((c) => c.title)).toEqual(['The Harbour', 'The Storm']);
    const first = book.chapters[0]!;
    const para = first.paragraphs.find((p) => p.text.startsWith('The little boat'))!;
    expect(para.id).toMatch(/^p[0-9a-f]{8}$/);
    expect(para.sentences.map((s) => s.id)).toEqual([`${para.id}-s1`, `${para.id}-s2`]);
    expect(first.paragraphs.some((p) => p.kind === 'figure' && p.html.includes('epub-image:OEBPS/images/figure.png'))).toBe(true);
    expect([...book.images.keys()].sort()).toEqual(['OEBPS/images/cover.png', 'OEBPS/images/figure.png']);
    const idOf = (text: string) => first.paragraphs.find((p) => p.text === text)!.id;
    expect(book.toc).toEqual([
      {
        title: 'The Harbour',
        chapter: 0,
        anchor: null,
        paragraph: null,
        children: [
          { title: 'Morning', chapter: 0, anchor: 's1', paragraph: idOf('Morning'), children: [] },
          { title: 'Evening', chapter: 0, anchor: 's2', paragraph: idOf('Evening'), children: [] },
        ],
      },
      { title: 'The Storm', chapter: 1, anchor: null, paragraph: null, children: [] },
    ]);
  });

  it('places a TOC fragment on an element without text (an empty anchor) at the paragraph after it', async () => {
    const body = `<h1>Tides</h1><p>First part of the chapter, long enough to matter.</p><a id="mid"></a><p>The middle starts here.</p><div id="deep"><p>Deeper <span id="inline">inside</span> a wrapper.</p></div>`;
    const book = await parseEpub(
      await buildEpub({
        version,
        chapters: [
          {
            title: 'Tides',
            body,
            sections: [
              { title: 'Middle', anchor: 'mid' },
              { title: 'Deep', anchor: 'deep' },
              { title: 'Inline', anchor: 'inline' },
              { title: 'Gone', anchor: 'missing' },
            ],
          },
        ],
      }),
    );
    const paragraphs = book.chapters[0]!.paragraphs;
    const idOf = (start: string) => paragraphs.find((p) => p.text.startsWith(start))!.id;
    expect(book.toc[0]!.children.map((c) => [c.title, c.paragraph])).toEqual([
      ['Middle', idOf('The middle')],
      ['Deep', idOf('Deeper')],
      ['Inline', idOf('Deeper')],
      ['Gone', null],
    ]);
  });
});

describe('hostile and broken files are refused with a clear message', () => {
  it('not a ZIP at all', async () => {
    expect(await refused(Buffer.from('hello, this is not a zip file at all'))).toContain('不是有效的 EPUB');
  });

  it('a ZIP without an EPUB container', async () => {
    expect(await refused(await zip([{ name: 'readme.txt', data: 'hi' }]))).toContain('container.xml');
  });

  it('an entry whose path climbs out of the book', async () => {
    const book = await buildEpub({ version: 3, extra: [{ name: 'OEBPS/xxxxxxevil.txt', data: 'x' }] });
    expect(await refused(renameEntry(book, 'OEBPS/xxxxxxevil.txt', '../../../../evil.txt'))).toContain('路径');
  });

  it('a zip bomb (an entry compressed far beyond any real text)', async () => {
    const book = await buildEpub({ version: 3, extra: [{ name: 'OEBPS/zeros.txt', data: Buffer.alloc(20 * 1024 * 1024) }] });
    expect(await refused(book)).toContain('压缩炸弹');
  });

  it('too many entries', async () => {
    const extra = Array.from({ length: 3001 }, (_, i) => ({ name: `OEBPS/junk/${i}.txt`, data: 'x', store: true }));
    expect(await refused(await buildEpub({ version: 2, extra }))).toContain('条目太多');
  });

  it('a chapter with a script', async () => {
    const chapters = [{ title: 'One', body: '<p>Hello there.</p><script>alert(1)</script>' }];
    expect(await refused(await buildEpub({ version: 3, chapters }))).toContain('脚本');
  });

  it('a chapter that is not well-formed XML', async () => {
    const chapters = [{ title: 'One', body: '<p>Hello <b>there.</p>' }];
    expect(await refused(await buildEpub({ version: 3, chapters }))).toContain('不是有效的 XHTML');
  });

  it('a package document that is not well-formed XML', async () => {
    const book = await buildEpub({ version: 2, extra: [{ name: 'OEBPS/content.opf', data: '<package version="2.0"><metadata>' }] });
    expect(await refused(book)).toContain('不是有效的 XML');
  });

  it('entity declarations (billion laughs)', async () => {
    const opf = `<?xml version="1.0"?><!DOCTYPE package [<!ENTITY a "aaaaaaaaaa"><!ENTITY b "&a;&a;&a;&a;">]><package version="3.0"><metadata/><manifest/><spine/></package>`;
    expect(await refused(await buildEpub({ version: 3, extra: [{ name: 'OEBPS/content.opf', data: opf }] }))).toContain('实体声明');
  });

  it('a huge image', async () => {
    const big = await png(8000, 6000);
    const book = await buildEpub({ version: 3, images: true, extra: [{ name: 'OEBPS/images/figure.png', data: big }] });
    expect(await refused(book)).toContain('图片尺寸太大');
  });
});

describe('what a chapter may contain', () => {
  it('keeps text structure and drops handlers, links, styles and foreign images', async () => {
    const chapters = [
      {
        title: 'One',
        body: `<p onclick="steal()" style="color:red">Click <a href="http://evil.example/">here</a> now.</p><img src="http://evil.example/x.png"/><style>p{}</style><iframe src="x"></iframe>`,
      },
    ];
    const book = await parseEpub(await buildEpub({ version: 3, chapters }));
    const html = book.chapters[0]!.html;
    expect(html).not.toMatch(/onclick|style|evil|iframe|href/);
    expect(book.chapters[0]!.paragraphs.map((p) => p.text)).toEqual(['Click here now.']);
  });
});
