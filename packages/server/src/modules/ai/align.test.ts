import { describe, expect, it } from 'vitest';
import { paragraphFromText } from '../articles/index.js';
import { ALIGN_CASES } from './align-cases.js';
import { alignSentences, englishUnits, splitChinese, translationOfSentences } from './align.js';

const list = (x: string | string[]) => (Array.isArray(x) ? x : [x]);

describe('Chinese sentences', () => {
  it('end at 。！？ and keep the closing quote or bracket with the sentence', () => {
    expect(splitChinese('“安全吗？”她问。向导笑了。“只要你不离开这条路。”')).toEqual(['“安全吗？”她问。', '向导笑了。', '“只要你不离开这条路。”']);
    expect(splitChinese('他说……然后走了！真的？（没错。）')).toEqual(['他说……', '然后走了！', '真的？', '（没错。）']);
    expect(splitChinese('价格上涨了3.2%。没有句号的结尾')).toEqual(['价格上涨了3.2%。', '没有句号的结尾']);
  });
});

describe('English sentences as a translator reads them', () => {
  it('joins what the segmenter cut after a title or an initialism before a name', () => {
    const p = paragraphFromText('p', 'Mr. Smith went to the U.S. Army base. He moved to the U.S. Then he left.', null);
    expect(englishUnits(p.sentences.map((s) => s.text)).map((u) => u.text)).toEqual([
      'Mr. Smith went to the U.S. Army base.',
      'He moved to the U.S.',
      'Then he left.',
    ]);
  });
});

describe('alignment of a paragraph', () => {
  it('finds a merge (2-1) and a split (1-2) by length', () => {
    const beads = alignSentences(
      ['It rained.', 'Then it snowed.', 'By the evening, the roads into the valley were closed and the school buses had been sent home early.'],
      ['先是下雨，接着又下了雪。', '到了傍晚，通往山谷的道路已经封闭。', '校车也提前被叫回了。'],
    );
    expect(beads.map((b) => b.kind)).toEqual(['2-1', '1-2']);
  });

  it('answers the paragraph, labelled, when lengths cannot tell the sentences apart', () => {
    // Three English sentences, one Chinese sentence of the length of all three: no sentence alone is sure.
    const segments = ['He came.', 'He saw.', 'He won.'];
    const got = translationOfSentences(segments, '他来了，看见了，赢了。', 1, 1);
    expect(got.scope).toBe('paragraph');
    expect(got.zh).toBe('他来了，看见了，赢了。');
  });

  it(`aligns the ${ALIGN_CASES.length} written paragraphs: ≥ 95% of the sentences it claims are right, and it claims most`, () => {
    let sentences = 0;
    let claimed = 0;
    let right = 0;
    const wrong: string[] = [];
    for (const beads of ALIGN_CASES) {
      const gold: { en: string; zh: string }[] = [];
      for (const [en, zh] of beads) for (const e of list(en)) gold.push({ en: e, zh: list(zh).join('') });
      const p = paragraphFromText('p', gold.map((g) => g.en).join(' '), list(beads.map((b) => list(b[1]).join(''))).join(''));
      const segments = p.sentences.map((s) => s.text);
      const units = englishUnits(segments);
      for (const [k, g] of gold.entries()) {
        sentences++;
        const unit = units.find((u) => u.text === g.en) ?? units[k];
        const got = unit ? translationOfSentences(segments, p.zh!, unit.parts[0]!, unit.parts[unit.parts.length - 1]!) : null;
        if (got?.scope !== 'sentence') continue;
        claimed++;
        if (got.zh === g.zh) right++;
        else wrong.push(`${g.en} → ${got.zh} (expected ${g.zh})`);
      }
    }
    const precision = right / claimed;
    const coverage = claimed / sentences;
    console.log(
      `alignment: ${ALIGN_CASES.length} paragraphs, ${sentences} sentences; claimed ${claimed} (${(coverage * 100).toFixed(1)}%), ` +
        `right ${right} (${(precision * 100).toFixed(1)}% of claims)${wrong.length ? `\n  wrong:\n  ${wrong.join('\n  ')}` : ''}`,
    );
    expect(ALIGN_CASES.length).toBeGreaterThanOrEqual(40);
    expect(precision).toBeGreaterThanOrEqual(0.95);
    expect(coverage).toBeGreaterThanOrEqual(0.85);
  });
});
