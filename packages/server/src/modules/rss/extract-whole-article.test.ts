import { describe, expect, it } from 'vitest';
import { extractArticle } from './extract.js';

/*
 * Pages shaped like the press pages that lost their article: a short box before the article, the
 * article split into <section>s whose layout classes Readability's first pass strips ("extra",
 * "sidebar", "related" read as boilerplate to it), and a long list of other stories beside it.
 */

const PARTS = ['Recruitment', 'Dosing', 'Outcomes', 'Side effects', 'What doctors say'];

/** Two paragraphs per part, each sentence unique so the stored text can be checked line by line. */
const paragraphsOf = (part: string) => [
  `In the ${part.toLowerCase()} stage, researchers at three hospitals followed 412 adults with mild hypertension for eighteen months, recording each visit, each change of dose and every complaint the patients raised with their nurses.`,
  `The ${part.toLowerCase()} findings, published on Tuesday, suggest that a lower starting dose works as well as the standard one, although the authors caution that the trial was not large enough to detect rare reactions.`,
];

/** About 350 characters: more than the 200 the extraction once accepted, less than Readability's 500. */
const KEY_POINTS = `<div class="key-points"><h2>Key points</h2>
<p>A lower starting dose controlled blood pressure as well as the standard dose in a trial of 412 adults.</p>
<p>Fewer patients stopped treatment because of dizziness, and fewer needed a second drug to reach their target.</p>
<p>The trial was too small to detect rare side effects, its authors say.</p></div>`;

const RELATED = `<div class="more-stories"><h2>More health news</h2><ul>${Array.from(
  { length: 12 },
  (_, i) => `<li><a href="/health/story-${i}">Story ${i + 1}: county officials warn of a measles outbreak as school begins again</a></li>`,
).join('')}</ul></div>`;

function page(before: string, sectionClass: string): string {
  const sections = PARTS.map(
    (part, i) =>
      `<section class="${sectionClass}" id="part-${i + 1}"><h2>${part}</h2>${paragraphsOf(part)
        .map((p) => `<p>${p}</p>`)
        .join(
          '',
        )}${i === 1 ? '<figure><img src="/img/chart.png" alt="Blood pressure by dose"><figcaption>Readings by dose over eighteen months.</figcaption></figure>' : ''}</section>`,
  ).join('\n');
  return `<!doctype html><html><head><title>Lower dose works as well - Health Daily</title></head><body>
<header class="site-header"><nav><a href="/">Home</a> <a href="/health">Health</a></nav></header>
<main><h1>Lower dose works as well</h1>${before}<div class="story">${sections}</div></main>
<footer><p>All rights reserved</p></footer></body></html>`;
}

const article = PARTS.flatMap((part) => [part, ...paragraphsOf(part)]);

function stored(html: string) {
  const { paragraphs } = extractArticle(html, 'https://health-daily.test/2024/lower-dose');
  return paragraphs;
}

describe('extraction keeps the whole article, not a box beside it', () => {
  it.each([
    ['a key-points box before sections laid out extra wide', page(KEY_POINTS, 'story-section section--extra-wide')],
    ['a key-points box before sections in a layout with a sidebar', page(KEY_POINTS, 'story-section with-sidebar')],
    ['a long related-stories box before sections laid out extra wide', page(RELATED, 'story-section section--extra-wide')],
    ['a long related-stories box before plain sections', page(RELATED, 'story-section')],
  ])('%s: every heading and paragraph of every section is stored, in order', (_shape, html) => {
    const texts = stored(html)
      .filter((p) => p.kind !== 'figure')
      .map((p) => p.text);
    const positions = article.map((line) => texts.indexOf(line));
    expect(positions.filter((at) => at < 0).length, `missing: ${article.filter((_, i) => positions[i]! < 0).join(' | ')}`).toBe(0);
    expect(positions).toEqual([...positions].sort((a, b) => a - b));
    expect(texts.join(' ')).not.toMatch(/measles|All rights reserved|Home/);
  });

  it('keeps the figure and its caption within the sections', () => {
    const paragraphs = stored(page(KEY_POINTS, 'story-section section--extra-wide'));
    const figure = paragraphs.find((p) => p.kind === 'figure');
    expect(figure?.html).toContain('src="https://health-daily.test/img/chart.png"');
    expect(figure?.text).toBe('Readings by dose over eighteen months.');
    expect(paragraphs.filter((p) => p.kind === 'h2').map((p) => p.text)).toEqual(expect.arrayContaining(PARTS));
  });
});
