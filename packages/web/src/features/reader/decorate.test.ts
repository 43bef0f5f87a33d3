import { describe, expect, it } from 'vitest';
import { makeParagraph } from '../../test/articles';
import { renderParagraph as render } from '../../test/reader';
import { decorateHtml, marksClass, normalizedIndex, selectionRange, sentenceAt, wordKey, wordMarks } from './decorate';

const paragraph = makeParagraph('p1', {
  html: 'They  <em>negotiated</em>\n   a <a href="https://example.com/deal">deal</a>. It was   quiet.',
  text: 'They negotiated a deal. It was quiet.',
  sentences: [
    { id: 'p1-s1', text: 'They negotiated a deal.' },
    { id: 'p1-s2', text: 'It was quiet.' },
  ],
});

describe('paragraph decorations', () => {
  it('maps raw text to the server’s whitespace-collapsed text', () => {
    const map = normalizedIndex('  a  b\nc ');
    // "a b c": a→0, the run of spaces→1, b→2, the newline→3, c→4, end→5
    expect([map[2], map[3], map[4], map[5], map[6], map[7], map[9]]).toEqual([0, 1, 1, 2, 3, 4, 5]);
  });

  it('leaves a paragraph with no marks and no highlights as its HTML: no element per word', () => {
    expect(decorateHtml(paragraph.html, [])).toBe(paragraph.html);
    const element = render(decorateHtml(paragraph.html, []));
    expect(element.querySelectorAll('span.w')).toHaveLength(0);
    expect(element.textContent).toBe('They  negotiated\n   a deal. It was   quiet.');
  });

  it('wraps only the marked words, with their classes, keeping the markup, links and the text itself', () => {
    const wordClass = (key: string) => ({ negotiated: 'w-level', deal: 'w-book w-new' })[key];
    const element = render(decorateHtml(paragraph.html, [], wordClass));
    expect([...element.querySelectorAll('span.w')].map((s) => [s.textContent, s.className])).toEqual([
      ['negotiated', 'w w-level'],
      ['deal', 'w w-book w-new'],
    ]);
    expect(element.querySelector('em > span.w')?.textContent).toBe('negotiated');
    expect(element.querySelector('a > span.w')?.textContent).toBe('deal');
    expect(element.querySelector('a')?.getAttribute('href')).toBe('https://example.com/deal');
    expect(element.textContent).toBe('They  negotiated\n   a deal. It was   quiet.');
  });

  it('gives word spans the classes of their marks, matched by lower-case key', () => {
    const element = render(decorateHtml('Negotiated deals.', [], (key) => (key === 'negotiated' ? 'w-level' : undefined)));
    expect(element.querySelector('.w-level')?.textContent).toBe('Negotiated');
    expect(wordKey('Women’s')).toBe('women');
  });

  it('reduces the word marks to the paragraph’s own, so a paragraph without marked words stays as it was', () => {
    const wordClass = (key: string) => ({ negotiated: 'w-level', moon: 'w-book' })[key];
    expect(wordMarks(paragraph.text, wordClass)).toBe('negotiated w-level');
    expect(wordMarks('The sky was clear.', wordClass)).toBe('');
    expect(wordMarks(paragraph.text, undefined)).toBe('');
    // The same marks in another order give the same string, and read back as the same classes.
    expect(wordMarks('moon, negotiated', wordClass)).toBe(wordMarks('negotiated moon', wordClass));
    const back = marksClass(wordMarks('moon, negotiated', wordClass))!;
    expect([back('moon'), back('negotiated'), back('deal')]).toEqual(['w-book', 'w-level', undefined]);
    expect(marksClass('')).toBeUndefined();
  });

  it('draws a highlight over the characters of its plain-text offsets, across inline markup', () => {
    const start = paragraph.text.indexOf('negotiated');
    const end = paragraph.text.indexOf('deal') + 4;
    const element = render(decorateHtml(paragraph.html, [{ id: 'n1', start, end, color: 'green' }]));
    const marks = [...element.querySelectorAll('mark.hl[data-note="n1"]')];
    expect(marks.map((m) => m.textContent).join('')).toBe('negotiated\n   a deal');
    expect(marks.every((m) => m.getAttribute('data-color') === 'green')).toBe(true);
    expect(element.textContent).toBe('They  negotiated\n   a deal. It was   quiet.');
  });

  it('ends a highlight that has a comment with a marker, after its last piece only', () => {
    const start = paragraph.text.indexOf('negotiated');
    const end = paragraph.text.indexOf('deal') + 4;
    const element = render(
      decorateHtml(paragraph.html, [
        { id: 'n1', start, end, color: 'green', commented: true },
        { id: 'n2', start: paragraph.text.indexOf('quiet'), end: paragraph.text.indexOf('quiet') + 5, color: 'blue' },
      ]),
    );
    const marks = [...element.querySelectorAll('mark.hl[data-note="n1"]')];
    expect(marks.length).toBeGreaterThan(1);
    expect(marks.map((m) => m.classList.contains('hl-commented'))).toEqual([...marks.slice(1).map(() => false), true]);
    expect(element.querySelector('mark.hl[data-note="n2"]')!.classList.contains('hl-commented')).toBe(false);
    expect(element.textContent).toBe('They  negotiated\n   a deal. It was   quiet.');
  });

  it('reads a selection back as offsets into the plain text, widened to whole words', () => {
    const element = render(decorateHtml(paragraph.html, []));
    const tail = [...element.childNodes].at(-1)!; // ". It was   quiet."
    const range = document.createRange();
    range.setStart(tail, tail.textContent!.indexOf('was') + 1);
    range.setEnd(tail, tail.textContent!.indexOf('quiet') + 3);
    const selection = window.getSelection()!;
    selection.removeAllRanges();
    selection.addRange(range);
    const picked = selectionRange(selection, new Map([['p1', paragraph]]));
    expect(picked).toEqual({ root: 'p1', start: 27, end: 36, text: 'was quiet', sentenceId: 'p1-s2' });
    expect(paragraph.text.slice(27, 36)).toBe('was quiet');
  });

  it('finds the sentence a word sits in', () => {
    expect(sentenceAt(paragraph, paragraph.text.indexOf('quiet')).text).toBe('It was quiet.');
    expect(sentenceAt(paragraph, 0).id).toBe('p1-s1');
  });
});
