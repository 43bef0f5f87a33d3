import type { Paragraph } from '@changdu/contract';
import { describe, expect, it } from 'vitest';
import { paragraphFromText } from '../articles/index.js';
import { contentLemmas, textRank } from './offline.js';

const paragraph = (id: string, sentences: string[]): Paragraph => paragraphFromText('p', sentences.join(' '), null, id);

/** TextRank as the definition states it: a dense matrix and PageRank over every pair. */
function denseOrder(texts: string[]): string[] {
  const words = texts.map((t) => new Set(contentLemmas(t)));
  const n = texts.length;
  const weight = words.map((a) =>
    words.map((b) => {
      if (a === b) return 0;
      const shared = [...a].filter((w) => b.has(w)).length;
      return shared && shared / (Math.log(a.size + 1) + Math.log(b.size + 1));
    }),
  );
  const out = weight.map((row) => row.reduce((x, y) => x + y, 0));
  let score = new Array<number>(n).fill(1 / n);
  for (let iter = 0; iter < 40; iter++)
    score = score.map((_, i) => 0.15 / n + 0.85 * weight.reduce((sum, row, j) => sum + (row[i]! > 0 ? (row[i]! / out[j]!) * score[j]! : 0), 0));
  return texts
    .map((t, i) => ({ t, s: score[i]! * (1 + 0.2 / (1 + i)) }))
    .sort((a, b) => b.s - a.s)
    .map((x) => x.t);
}

const STORY = [
  'The city council approved a new budget for public libraries on Monday evening.',
  'Library budgets had been cut for five years, and many branches closed early.',
  'Readers and librarians welcomed the budget, saying branches could open longer hours.',
  'A small group of council members argued the money should repair roads instead.',
  'The mayor said roads and libraries both matter, but reading matters for children.',
  'Children in the city borrowed twice as many books last year as five years ago.',
  'The new hours start in spring, when the branches will also add evening classes.',
];

describe('offline summary (TextRank)', () => {
  it('picks the sentences the dense definition ranks highest, in reading order', () => {
    const picked = textRank([paragraph('a', STORY.slice(0, 4)), paragraph('b', STORY.slice(4))], 3).map((s) => s.en);
    const best = new Set(denseOrder(STORY).slice(0, 3));
    expect(new Set(picked)).toEqual(best);
    expect(picked).toEqual([...picked].sort((x, y) => STORY.indexOf(x) - STORY.indexOf(y)));
  });

  it('counts a sentence the article repeats word for word once', () => {
    const repeated = [paragraph('a', STORY), paragraph('b', STORY), paragraph('c', STORY.slice(0, 3))];
    const picked = textRank(repeated, 3);
    expect(new Set(picked.map((s) => s.en)).size).toBe(3);
    expect(picked.every((s) => s.paragraphId === 'a')).toBe(true);
  });
});
