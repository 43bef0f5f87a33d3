import fs from 'node:fs';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { openEcdict } from '../dictionary/index.js';
import { levelOf, measure, readingMinutes, syllables } from './metrics.js';

const dict = openEcdict();
afterAll(() => dict.close());

interface Demo {
  slug: string;
  target_level: string;
  paragraphs: { en: string }[];
}
const demos: Demo[] = JSON.parse(fs.readFileSync(path.join(import.meta.dirname, '../../seed/demo-articles.json'), 'utf8'));

describe('text metrics', () => {
  it('counts syllables the way readability formulas expect', () => {
    expect(['cat', 'table', 'reading', 'made', 'computer', 'education', 'walked'].map(syllables)).toEqual([1, 2, 2, 1, 3, 4, 1]);
  });

  it('grades plain short sentences as very easy and dense academic prose as very difficult', () => {
    const easy = measure('The cat sat on the mat. It was warm. The sun was out. We had tea and cake.', dict);
    expect(levelOf(easy)).toBe('VERY_EASY');
    const hard = measure(
      'Notwithstanding the ostensibly incontrovertible corroboration proffered by its proponents, the hypothesis remains equivocal, ' +
        'for the methodological idiosyncrasies that pervade the ancillary literature render any extrapolation to heterogeneous populations precarious.',
      dict,
    );
    expect(hard.beyond_c6).toBeGreaterThan(0.2);
    expect(levelOf(hard)).toBe('VERY_DIFFICULT');
  });

  it('does not count names as vocabulary beyond CET-4', () => {
    const m = measure('Elena Costa opened the shop in Harwick. Sam helped her.', dict);
    expect(m.beyond_c4).toBe(0);
  });

  it('puts each demo article at the level it was written for', () => {
    for (const demo of demos) {
      const m = measure(demo.paragraphs.map((p) => p.en).join('\n\n'), dict);
      expect(levelOf(m), demo.slug).toBe(demo.target_level);
    }
  });

  it('estimates reading time at about 200 words a minute', () => {
    expect([50, 200, 650].map(readingMinutes)).toEqual([1, 1, 3]);
  });
});
