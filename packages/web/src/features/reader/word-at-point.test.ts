import { afterEach, describe, expect, it, vi } from 'vitest';
import { makeParagraph } from '../../test/articles';
import { renderParagraph as render } from '../../test/reader';
import { decorateHtml } from './decorate';
import { caretAtPoint, tappedWord, wordAt, type Caret } from './word-at-point';

const paragraph = makeParagraph('p1', {
  html: '‘Don’t <em>negotiate</em>,’ she said.  <a href="https://example.com">Read</a> the women’s letters.',
  text: '‘Don’t negotiate,’ she said. Read the women’s letters.',
  sentences: [
    { id: 'p1-s1', text: '‘Don’t negotiate,’ she said.' },
    { id: 'p1-s2', text: 'Read the women’s letters.' },
  ],
});
const paragraphs = new Map([['p1', paragraph]]);

/** A caret `inside` characters into the nth text node holding `text`. */
function caretIn(root: HTMLElement, text: string, inside: number): Caret {
  const walker = document.createTreeWalker(root, NodeFilter.SHOW_TEXT);
  for (let node = walker.nextNode(); node; node = walker.nextNode()) {
    const at = (node as Text).data.indexOf(text);
    if (at >= 0) return { node, offset: at + inside };
  }
  throw new Error(`no text node holds "${text}"`);
}

const fake = (caret: Caret | null) => () => caret;
const point = { x: 10, y: 10 };

afterEach(() => vi.restoreAllMocks());

describe('the word under a tap', () => {
  it('is the run of letters around the caret, from anywhere in the word, on either side of a letter', () => {
    const root = render(decorateHtml(paragraph.html, []));
    for (const inside of [0, 4, 9]) expect(wordAt(caretIn(root, 'negotiate', inside))?.word).toBe('negotiate');
    // The caret after the last letter (the right half of the "e" was tapped) still touches the word.
    expect(wordAt(caretIn(root, 'she said', 3))?.word).toBe('she');
  });

  it('keeps inner apostrophes and drops the quotes around a word', () => {
    const root = render(decorateHtml(paragraph.html, []));
    expect(wordAt(caretIn(root, 'Don’t', 2))?.word).toBe('Don’t');
    expect(wordAt(caretIn(root, '‘Don’t', 1))?.word).toBe('Don’t');
    expect(wordAt(caretIn(root, 'women’s', 3))?.word).toBe('women’s');
  });

  it('is nothing on a space or a punctuation mark between words', () => {
    const root = render(decorateHtml(paragraph.html, []));
    expect(wordAt(caretIn(root, 'said.  ', 6))).toBeNull();
    expect(wordAt(caretIn(root, ',’ she', 1))).toBeNull();
  });

  it('finds the word’s place in the paragraph’s plain text, across markup and collapsed spaces', () => {
    const root = render(decorateHtml(paragraph.html, [], (key) => (key === 'letters' ? 'w-book' : undefined)));
    const the = wordAt(caretIn(root, 'the women', 1))!;
    expect(the.start).toBe(paragraph.text.indexOf('the women'));
    // A marked word is inside its span: the same answer.
    const letters = wordAt({ node: root.querySelector('span.w')!.firstChild!, offset: 2 })!;
    expect([letters.word, letters.start]).toEqual(['letters', paragraph.text.indexOf('letters')]);
  });

  it('is nothing when the point is beside the text rather than on the word (where the browser has boxes)', () => {
    const root = render(decorateHtml(paragraph.html, []));
    const caret = caretIn(root, 'negotiate', 2);
    const boxes = vi.fn(() => [{ left: 0, right: 50, top: 0, bottom: 20 }] as unknown as DOMRectList);
    vi.spyOn(document, 'createRange').mockImplementation(() => {
      const range = new Range();
      Object.defineProperty(range, 'getClientRects', { value: boxes });
      return range;
    });
    expect(wordAt(caret, { x: 20, y: 10 })?.word).toBe('negotiate');
    expect(wordAt(caret, { x: 300, y: 10 })).toBeNull();
    expect(boxes).toHaveBeenCalled();
  });
});

describe('a tap on the reading page', () => {
  it('looks up the word with its sentence, dropping a possessive', () => {
    const root = render(decorateHtml(paragraph.html, []));
    const caret = caretIn(root, 'women’s', 1);
    expect(tappedWord(caret.node.parentElement, point, paragraphs, fake(caret))).toEqual({
      word: 'women',
      sentence: 'Read the women’s letters.',
    });
  });

  it('says which occurrence of the word in its sentence was tapped, only when it is not the first', () => {
    // The second paragraph's second sentence holds "run" twice (and "Run" once before, in another
    // sentence); "women’s" and "women" are one word for the count, as the lookup form drops the 's.
    const twice = makeParagraph('p2', {
      html: 'Run. The run was long, but the women’s team will run again with the women.',
      text: 'Run. The run was long, but the women’s team will run again with the women.',
      sentences: [
        { id: 'p2-s1', text: 'Run.' },
        { id: 'p2-s2', text: 'The run was long, but the women’s team will run again with the women.' },
      ],
    });
    const known = new Map([['p2', twice]]);
    const root = render(decorateHtml(twice.html, []), 'p2');
    const node = root.firstChild!;
    const tapAt = (offset: number) => tappedWord(root, point, known, fake({ node, offset }));
    const text = twice.text;
    const sentence = twice.sentences[1]!.text;
    expect(tapAt(1)).toEqual({ word: 'Run', sentence: 'Run.' });
    expect(tapAt(text.indexOf('run') + 1)).toEqual({ word: 'run', sentence });
    expect(tapAt(text.lastIndexOf('run') + 1)).toEqual({ word: 'run', sentence, at: 1 });
    expect(tapAt(text.indexOf('women’s') + 2)).toEqual({ word: 'women', sentence });
    expect(tapAt(text.lastIndexOf('women') + 2)).toEqual({ word: 'women', sentence, at: 1 });
  });

  it('carries the note drawn over the word', () => {
    const start = paragraph.text.indexOf('she');
    const root = render(decorateHtml(paragraph.html, [{ id: 'n1', start, end: start + 8, color: 'green' }]));
    const caret = caretIn(root, 'said', 1);
    expect(tappedWord(caret.node.parentElement, point, paragraphs, fake(caret))).toEqual({
      word: 'said',
      sentence: '‘Don’t negotiate,’ she said.',
      noteId: 'n1',
    });
  });

  it('leaves links to open, and opens nothing off the text or off a paragraph', () => {
    const root = render(decorateHtml(paragraph.html, []));
    const link = root.querySelector('a')!;
    expect(tappedWord(link, point, paragraphs, fake({ node: link.firstChild!, offset: 1 }))).toBeNull();
    expect(tappedWord(root, point, paragraphs, fake(null))).toBeNull();
    const outside = document.createElement('div');
    outside.textContent = 'Elsewhere';
    document.body.append(outside);
    expect(tappedWord(outside, point, paragraphs, fake({ node: outside.firstChild!, offset: 2 }))).toBeNull();
  });

  it('asks the browser’s caret hit test, the standard call first', () => {
    const root = render('Plain words');
    const text = root.firstChild!;
    const standard = { caretPositionFromPoint: vi.fn(() => ({ offsetNode: text, offset: 3 })), caretRangeFromPoint: vi.fn() };
    expect(caretAtPoint(5, 6, standard as unknown as Document)).toEqual({ node: text, offset: 3 });
    expect(standard.caretPositionFromPoint).toHaveBeenCalledWith(5, 6);
    expect(standard.caretRangeFromPoint).not.toHaveBeenCalled();
    const range = document.createRange();
    range.setStart(text, 7);
    expect(caretAtPoint(5, 6, { caretRangeFromPoint: () => range } as unknown as Document)).toEqual({ node: text, offset: 7 });
    expect(caretAtPoint(5, 6, {} as Document)).toBeNull();
  });
});
