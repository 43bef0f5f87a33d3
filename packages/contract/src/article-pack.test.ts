import { describe, expect, it } from 'vitest';
import { packArticle, unpackArticle, unpackParagraph } from './article-pack.js';
import { readerBodyHtml } from './reader-html.js';
import type { ArticleDetail, Paragraph } from './endpoints/articles.shared.js';

const plain = (id: string, sentences: string[]): Paragraph => ({
  id,
  kind: 'p',
  html: sentences.join(' '),
  text: sentences.join(' '),
  sentences: sentences.map((text, i) => ({ id: `${id}-s${i + 1}`, text })),
  zh: null,
});

const article = (paragraphs: Paragraph[]) => ({ id: 7, title: 'Herons', paragraphs, me: null }) as unknown as ArticleDetail;

describe('the article packed into the page', () => {
  it('states a plain paragraph once and reads back exactly what show answers', () => {
    const detail = article([plain('p1', ['The herons came back.', 'Nobody expected them.']), plain('p2', ['One more.'])]);
    const packed = packArticle(detail);
    expect(packed.paragraphs[0]).toEqual({
      id: 'p1',
      kind: 'p',
      text: 'The herons came back. Nobody expected them.',
      zh: null,
      cuts: [0, 21, 22, 43],
    });
    expect(unpackArticle(JSON.parse(JSON.stringify(packed)))).toEqual(detail);
  });

  it('keeps what the cuts cannot state: markup, sentences that are not slices of the text, other ids, figures', () => {
    const marked: Paragraph = {
      ...plain('p1', ['Nobody expected them & nobody counted.']),
      html: 'Nobody <em>expected</em> them &amp; nobody counted.',
    };
    const rewritten: Paragraph = { ...plain('p2', ['Said “hello”.']), sentences: [{ id: 'p2-s1', text: 'Said "hello".' }] };
    const renamed: Paragraph = {
      ...plain('p3', ['First.', 'Second.']),
      sentences: [
        { id: 'p3-a', text: 'First.' },
        { id: 'p3-b', text: 'Second.' },
      ],
    };
    const outOfOrder: Paragraph = {
      ...plain('p4', ['First.', 'Second.']),
      sentences: [
        { id: 'p4-s1', text: 'Second.' },
        { id: 'p4-s2', text: 'First.' },
      ],
    };
    const figure: Paragraph = { id: 'f1', kind: 'figure', html: '<img src="/a.png" alt="">', text: '', sentences: [], zh: '图' };
    const detail = article([marked, rewritten, renamed, outOfOrder, figure]);
    const packed = packArticle(detail);
    expect(packed.paragraphs[0]!.html).toBe(marked.html);
    expect(packed.paragraphs[1]!.sentences).toEqual(rewritten.sentences);
    expect(packed.paragraphs[2]!.sentences).toEqual(renamed.sentences);
    expect(packed.paragraphs[3]!.sentences).toEqual(outOfOrder.sentences);
    expect(unpackArticle(JSON.parse(JSON.stringify(packed)))).toEqual(detail);
  });

  it('is a fraction of the size of show for plain text', () => {
    const sentences = Array.from({ length: 4 }, (_, i) => `Sentence number ${i} says something about the long river in the north.`);
    const detail = article(Array.from({ length: 50 }, (_, i) => plain(`p${i}`, sentences)));
    expect(JSON.stringify(packArticle(detail)).length).toBeLessThan(JSON.stringify(detail).length * 0.45);
  });
});

describe('the sentences drawn on the page', () => {
  it('the server’s drawing carries each paragraph’s cuts, which read back its sentences from its text alone', () => {
    const p = plain('p1', ['The herons came back.', 'Nobody expected them.']);
    const template = readerBodyHtml([p, { ...plain('p2', ['One.']), sentences: [{ id: 'x', text: 'One.' }] }], undefined, { cuts: true });
    const cuts = /data-pid="p1" data-cuts="([^"]+)"/.exec(template)![1]!;
    expect(cuts).toBe('0 21 22 43');
    // The first screen's script has the drawn text and the cuts, nothing else (web boot/first-screen.ts).
    expect(unpackParagraph({ id: 'p1', kind: 'p', text: p.text, cuts: cuts.split(' ').map(Number), zh: null }).sentences).toEqual(
      p.sentences,
    );
    // Sentences the cuts cannot state are not drawn: the script reads the data block for those.
    expect(template).toMatch(/data-pid="p2" lang="en"/);
    // The app's own render has no use for them.
    expect(readerBodyHtml([p])).not.toContain('data-cuts');
  });
});
